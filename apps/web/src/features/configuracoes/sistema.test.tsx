import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKUP_COMANDO_RESTAURAR, BACKUP_MENSAGENS } from '@prumo/shared/configuracoes';
import { renderWithProviders, storeSession } from '../../test/render';
import { SistemaTab } from './components/PreferenciasTabs';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PREFERENCIAS = {
  notificacoes_email: true,
  alertas_vencimento: true,
  relatorios_automaticos: false,
  inatividade_minutos: 480,
  dois_fatores_obrigatorio: false,
  backup_automatico: true,
  backup_hora: 2,
  tema: 'light',
};

const ARQUIVOS = [
  { nome: 'prumo-2026-11-23-0200.tar.gz', tamanho: 6_291_456, criado_em: '2026-11-23T05:00:07Z' },
  { nome: 'prumo-2026-11-22-0200.tar.gz', tamanho: 2_048, criado_em: '2026-11-22T05:00:05Z' },
];

interface Chamada {
  url: string;
  method: string;
  body?: unknown;
  authorization?: string;
}

function renderTab(answer: (chamada: Chamada) => Response) {
  const chamadas: Chamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const chamada = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        authorization: headers.Authorization,
      };
      chamadas.push(chamada);
      return answer(chamada);
    }),
  );
  const baixados: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    baixados.push(this.download);
  });
  storeSession({ nome: 'Ana Administradora', email: 'admin@empresa.com.br', role: 'admin' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ModalsProvider>
        <Notifications />
        <SistemaTab />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return { chamadas, baixados };
}

const embutido = (chamada: Chamada, arquivos = ARQUIVOS) => {
  if (chamada.url === '/api/auth/validate') {
    return json({
      id: 1,
      nome: 'Ana Administradora',
      email: 'admin@empresa.com.br',
      role: 'admin',
    });
  }
  if (chamada.url === '/api/configuracoes/preferencias') {
    return json(
      chamada.method === 'PUT' ? { ...PREFERENCIAS, ...(chamada.body as object) } : PREFERENCIAS,
    );
  }
  if (chamada.url === '/api/configuracoes/backups' && chamada.method === 'GET') {
    return json({ modo: 'embutido', automatico: true, hora: 2, arquivos });
  }
  if (chamada.url === '/api/configuracoes/backups' && chamada.method === 'POST') {
    return json(
      {
        nome: 'prumo-2026-11-23-1530.tar.gz',
        tamanho: 5_000_000,
        criado_em: '2026-11-23T18:30:00Z',
      },
      201,
    );
  }
  if (chamada.url.startsWith('/api/configuracoes/backups/')) {
    return new Response(new Blob(['gz']), { status: 200 });
  }
  return json({ error: 'NOT_FOUND', message: 'não' }, 404);
};

describe('Configurações → Sistema: backups', () => {
  it('lists the kept backups with pt-BR size and date, and shows the restore command', async () => {
    renderTab((chamada) => embutido(chamada));
    const tabela = await screen.findByTestId('backups-guardados');
    const linhas = within(tabela).getAllByRole('row');
    expect(linhas).toHaveLength(3);
    expect(within(linhas[1]!).getByText('prumo-2026-11-23-0200.tar.gz')).toBeTruthy();
    expect(within(linhas[1]!).getByText('23/11/2026 02:00')).toBeTruthy();
    expect(within(linhas[1]!).getByText('6 MB')).toBeTruthy();
    expect(within(linhas[2]!).getByText('2 KB')).toBeTruthy();
    expect(screen.getByText(BACKUP_COMANDO_RESTAURAR)).toBeTruthy();
    expect(await screen.findByRole('switch', { name: 'Backup automático diário' })).toBeTruthy();
    expect(screen.getByLabelText('Horário do backup', { selector: 'input' })).toHaveProperty(
      'value',
      '02:00',
    );
  });

  it('saves the switch and the hour with the other preferences', async () => {
    const { chamadas } = renderTab((chamada) => embutido(chamada));
    fireEvent.click(await screen.findByRole('switch', { name: 'Backup automático diário' }));
    fireEvent.click(screen.getByLabelText('Horário do backup', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '23:00', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'PUT')).toBe(true));
    const put = chamadas.find((c) => c.method === 'PUT')!;
    const { tema: _, ...resto } = PREFERENCIAS;
    expect(put.body).toEqual({ ...resto, backup_automatico: false, backup_hora: 23 });
  });

  it('makes a backup now and downloads it with the session token; each kept one downloads', async () => {
    const { chamadas, baixados } = renderTab((chamada) => embutido(chamada));
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar backup agora' }));
    await waitFor(() => expect(baixados).toEqual(['prumo-2026-11-23-1530.tar.gz']));
    expect(chamadas.find((c) => c.method === 'POST')?.url).toBe('/api/configuracoes/backups');
    const download = chamadas.find((c) => c.url.endsWith('prumo-2026-11-23-1530.tar.gz'))!;
    expect(download.authorization).toBe('Bearer token-de-teste');
    expect(await screen.findByText('Backup prumo-2026-11-23-1530.tar.gz baixado.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Baixar prumo-2026-11-22-0200.tar.gz' }));
    await waitFor(() => expect(baixados).toContain('prumo-2026-11-22-0200.tar.gz'));
  });

  it('says when there is none yet', async () => {
    renderTab((chamada) => embutido(chamada, []));
    expect(await screen.findByText('Nenhum backup guardado ainda.')).toBeTruthy();
  });

  it("with PostgreSQL explains that backups are the database's job and hides the buttons", async () => {
    renderTab((chamada) =>
      chamada.url === '/api/configuracoes/backups'
        ? json({ modo: 'postgresql', automatico: true, hora: 2, arquivos: [] })
        : json(PREFERENCIAS),
    );
    expect(await screen.findByText(/pg_dump/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Baixar backup agora' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Backup automático diário' })).toBeNull();
    expect(BACKUP_MENSAGENS.postgresql).toMatch(/pg_dump/);
  });
});
