import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotaFiscal, NotaFiscalResumo, StatusFiscal } from '@prumo/shared/fiscal';
import { renderWithProviders, storeSession, withWideScreen } from '../../test/render';
import NotaFiscalDetalhePage from './pages/NotaFiscalDetalhePage';
import NotaFiscalPage from './pages/NotaFiscalPage';

withWideScreen();
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const STATUS: StatusFiscal = {
  ambiente: 'simulacao',
  nfe_ativa: true,
  nfce_ativa: true,
  pronto: true,
  pendencias: [],
  sefaz: { online: true, c_stat: 107, x_motivo: 'Serviço em Operação', consultado_em: null },
  fila_contingencia: 2,
  fila_executada_em: '2026-11-27T13:00:00.000Z',
  fila_resultado: '1 resolvida(s)',
  cenario_simulacao: 'normal',
};

const CHAVE = '35261112345678000195550010000001231234567890';

const resumo = (numero: number, extra: Partial<NotaFiscalResumo> = {}): NotaFiscalResumo => ({
  id: numero,
  modelo: 55,
  serie: 1,
  numero,
  chave: CHAVE,
  situacao: 'Autorizada',
  ambiente: 'simulacao',
  contingencia: false,
  venda_id: 40,
  venda_numero: 40,
  destinatario_nome: 'Maria Souza',
  destinatario_documento: '52998224725',
  valor_total: 1234.5,
  emitida_em: '2026-11-20T13:05:00Z',
  autorizada_em: '2026-11-20T13:05:02Z',
  protocolo: '135260000000123',
  c_stat: 100,
  x_motivo: 'Autorizado o uso da NF-e',
  ...extra,
});

const REJEITADA: NotaFiscal = {
  ...resumo(7, {
    situacao: 'Rejeitada',
    autorizada_em: null,
    protocolo: null,
    c_stat: 778,
    x_motivo: 'Rejeição: Informado NCM inexistente',
  }),
  eventos: [
    {
      id: 1,
      tipo: 'transmissao',
      descricao: 'Enviada à SEFAZ (lote 1)',
      c_stat: null,
      x_motivo: null,
      usuario_nome: 'Ana',
      criado_em: '2026-11-20T13:05:00Z',
    },
    {
      id: 2,
      tipo: 'rejeicao',
      descricao: 'Rejeitada pela SEFAZ',
      c_stat: 778,
      x_motivo: 'Rejeição: Informado NCM inexistente',
      usuario_nome: null,
      criado_em: '2026-11-20T13:05:01Z',
    },
  ],
  qrcode_url: null,
  pendencias: [],
  tem_xml: true,
};

interface Chamada {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** The API answered from memory; every call is recorded. */
function stubApi(answer: (chamada: Chamada) => Response | undefined) {
  const chamadas: Chamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const chamada = {
        url,
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      chamadas.push(chamada);
      return answer(chamada) ?? json({});
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
  return { chamadas, baixados };
}

function render(route: string) {
  storeSession({ nome: 'Ana', email: 'admin@empresa.com.br', role: 'admin' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <ModalsProvider>
        <Notifications />
        <Routes>
          <Route path="/nota-fiscal" element={<NotaFiscalPage />} />
          <Route path="/nota-fiscal/:id" element={<NotaFiscalDetalhePage />} />
        </Routes>
      </ModalsProvider>
    </QueryClientProvider>,
    { route },
  );
}

const listas = (chamadas: Chamada[]) =>
  chamadas
    .filter((c) => c.url.startsWith('/api/notas-fiscais?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

describe('/nota-fiscal', () => {
  it('lists NF-e a page at a time, with the columns, the rejection reason and the status strip', async () => {
    const { chamadas } = stubApi(({ url }) => {
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url.startsWith('/api/notas-fiscais?')) {
        return json([resumo(123), resumo(124, REJEITADA)], 200, { 'x-total-count': '45' });
      }
    });
    render('/nota-fiscal');
    const tabela = await screen.findByTestId('notas-nfe-table');
    await waitFor(() => expect(within(tabela).getByText('000.000.123')).toBeTruthy());
    const [primeira] = listas(chamadas);
    expect(Object.fromEntries(primeira!)).toEqual({ modelo: '55', limit: '20', offset: '0' });

    const linha = tabela.querySelector('[data-nota-numero="123"]') as HTMLElement;
    // (the date and the badge are twice in the row: the phone's summary repeats them)
    expect(within(linha).getAllByText('20/11/2026 10:05')).not.toHaveLength(0);
    expect(within(linha).getByText('Maria Souza')).toBeTruthy();
    expect(within(linha).getByText('529.982.247-25')).toBeTruthy();
    expect(within(linha).getByText(/1\.234,50/)).toBeTruthy();
    expect(within(linha).getAllByText('Autorizada')).not.toHaveLength(0);
    expect(within(tabela).getByTestId('nota-motivo').textContent).toBe(
      '778: Rejeição: Informado NCM inexistente',
    );
    expect(screen.getByText(/de 45$/)).toBeTruthy();

    const faixa = screen.getByTestId('status-sefaz');
    expect(within(faixa).getByText('Ambiente de simulação')).toBeTruthy();
    expect(within(faixa).getByText('SEM VALOR FISCAL')).toBeTruthy();
    expect(within(faixa).getByText(/online/)).toBeTruthy();
    expect(within(faixa).getByText('Fila de contingência: 2')).toBeTruthy();
    expect(
      within(faixa).getByText('Fila verificada em 27/11/2026 10:00: 1 resolvida(s)'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(listas(chamadas).at(-1)!.get('offset')).toBe('20'));
  });

  it('sends the search, the situação and the period of the address to the server', async () => {
    const { chamadas } = stubApi(({ url }) => {
      if (url === '/api/fiscal/status') return json(STATUS);
      if (url.startsWith('/api/notas-fiscais?')) return json([], 200, { 'x-total-count': '0' });
    });
    render('/nota-fiscal?aba=nfce&situacao=Rejeitada&de=2026-11-01&ate=2026-11-30');
    await waitFor(() => expect(listas(chamadas)).toHaveLength(1));
    expect(Object.fromEntries(listas(chamadas)[0]!)).toEqual({
      modelo: '65',
      situacao: 'Rejeitada',
      de: '2026-11-01',
      ate: '2026-11-30',
      limit: '20',
      offset: '0',
    });
    expect(await screen.findByText('Nenhuma nota encontrada')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Pesquisar notas fiscais'), {
      target: { value: '3526 1112' },
    });
    await waitFor(() => expect(listas(chamadas).at(-1)!.get('q')).toBe('3526 1112'), {
      timeout: 2000,
    });
    expect(listas(chamadas).at(-1)!.get('situacao')).toBe('Rejeitada');

    // The panel's focus trap finds nothing focusable while it opens in jsdom, and says so.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(listas(chamadas).at(-1)!.get('situacao')).toBeNull());
    expect(listas(chamadas).at(-1)!.get('de')).toBeNull();
    expect(listas(chamadas).at(-1)!.get('modelo')).toBe('65');
  });

  it('says NFS-e comes in a next version, with nothing to click; not ready points to the settings', async () => {
    stubApi(({ url }) => {
      if (url === '/api/fiscal/status') {
        return json({ ...STATUS, pronto: false, pendencias: ['Envie o certificado A1'] });
      }
      if (url.startsWith('/api/notas-fiscais?')) return json([], 200, { 'x-total-count': '0' });
    });
    render('/nota-fiscal?aba=nfse');
    const nfse = await screen.findByTestId('nfse-em-breve');
    expect(nfse.textContent).toMatch(/próxima versão/);
    expect(within(nfse).queryAllByRole('button')).toHaveLength(0);
    const pendente = await screen.findByTestId('fiscal-nao-pronto');
    expect(within(pendente).getByText('Envie o certificado A1')).toBeTruthy();
    expect(
      within(pendente)
        .getByRole('link', { name: /Configurações → Fiscal/ })
        .getAttribute('href'),
    ).toBe('/configuracoes?aba=fiscal');
  });
});

describe('/nota-fiscal/:id', () => {
  it('shows a rejected note, transmits it again and downloads its XML and DANFE', async () => {
    const autorizada: NotaFiscal = {
      ...REJEITADA,
      ...resumo(7),
      eventos: [
        ...REJEITADA.eventos,
        {
          id: 3,
          tipo: 'resposta',
          descricao: 'Autorizada pela SEFAZ',
          c_stat: 100,
          x_motivo: 'Autorizado o uso da NF-e',
          usuario_nome: 'Ana',
          criado_em: '2026-11-20T13:10:00Z',
        },
      ],
    };
    let atual = REJEITADA;
    const { chamadas, baixados } = stubApi(({ url, method }) => {
      if (url === '/api/notas-fiscais/7') return json(atual);
      if (url === '/api/notas-fiscais/7/transmitir' && method === 'POST') {
        atual = autorizada;
        return json(autorizada);
      }
      if (url.endsWith('/xml') || url.endsWith('/danfe')) {
        return new Response('x', { headers: { 'content-type': 'application/octet-stream' } });
      }
    });
    render('/nota-fiscal/7');
    expect(await screen.findByRole('heading', { name: 'NF-e Nº 000.000.007' })).toBeTruthy();
    expect(screen.getByTestId('nota-rejeicao').textContent).toBe(
      '778: Rejeição: Informado NCM inexistente',
    );
    expect(screen.getByTestId('nota-chave').textContent).toBe(
      '3526 1112 3456 7800 0195 5500 1000 0001 2312 3456 7890',
    );
    expect(screen.getByText('SEM VALOR FISCAL')).toBeTruthy();
    const eventos = screen.getByTestId('nota-eventos');
    expect(within(eventos).getByText('Enviada à SEFAZ (lote 1)')).toBeTruthy();
    expect(within(eventos).getByText('778: Rejeição: Informado NCM inexistente')).toBeTruthy();
    // A rejected note has no DANFE yet; its XML is there.
    expect(screen.queryByRole('button', { name: 'DANFE' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Transmitir' }));
    expect(await screen.findByText('NF-e Nº 000.000.007 autorizada.')).toBeTruthy();
    const transmitir = chamadas.find((c) => c.url.endsWith('/transmitir'))!;
    expect(transmitir.method).toBe('POST');
    expect(transmitir.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.getByTestId('nota-protocolo').textContent).toBe('135260000000123');
    expect(screen.queryByRole('button', { name: 'Transmitir' })).toBeNull();
    expect(
      within(screen.getByTestId('nota-eventos')).getByText('Autorizada pela SEFAZ'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Baixar XML' }));
    fireEvent.click(screen.getByRole('button', { name: 'DANFE' }));
    await waitFor(() => expect(baixados).toEqual([`${CHAVE}-procNFe.xml`, `DANFE-${CHAVE}.pdf`]));
    expect(chamadas.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/notas-fiscais/7/xml', '/api/notas-fiscais/7/danfe']),
    );
  });

  it('lists the pendências of a draft, offers Transmitir and no file yet', async () => {
    const rascunho: NotaFiscal = {
      ...REJEITADA,
      situacao: 'Rascunho',
      c_stat: null,
      x_motivo: null,
      eventos: [],
      pendencias: ["Produto 'Café' sem NCM", 'Cliente sem município'],
      tem_xml: false,
    };
    stubApi(({ url }) => (url === '/api/notas-fiscais/7' ? json(rascunho) : undefined));
    render('/nota-fiscal/7');
    const pendencias = await screen.findByTestId('nota-pendencias');
    expect(within(pendencias).getByText("Produto 'Café' sem NCM")).toBeTruthy();
    expect(within(pendencias).getByText('Cliente sem município')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Transmitir' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Consultar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Baixar XML' })).toBeNull();
  });
});
