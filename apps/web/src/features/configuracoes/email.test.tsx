import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_MENSAGENS, type ConfiguracaoEmail, type Email } from '@prumo/shared/emails';
import { renderWithProviders, storeSession, withWideScreen } from '../../test/render';
import { EmailTab } from './components/EmailTab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
withWideScreen();

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const SALVO: ConfiguracaoEmail = {
  configurado: true,
  host: 'smtp.empresa.com.br',
  porta: 587,
  seguranca: 'starttls',
  usuario: 'loja@empresa.com.br',
  senha_definida: true,
  remetente_nome: 'Loja Prumo',
  remetente_email: 'loja@empresa.com.br',
  enviar_nota_automaticamente: true,
};

const FALHOU: Email = {
  id: 9,
  para: 'cliente@exemplo.com.br',
  assunto: 'Orçamento nº 000012 — Loja Prumo',
  referencia: 'orcamento:12',
  situacao: 'falhou',
  tentativas: 8,
  proxima_tentativa: null,
  ultimo_erro: 'O servidor de e-mail recusou o usuário ou a senha (535 5.7.8)',
  enviado_em: null,
  created_at: '2026-11-20T13:00:00.000Z',
  usuario_nome: 'Ana',
  anexos: ['orcamento-000012.pdf'],
};

interface Chamada {
  url: string;
  method: string;
  body: Record<string, unknown> | undefined;
}

function renderTab(
  configuracao: ConfiguracaoEmail,
  answer: (chamada: Chamada) => Response | undefined = () => undefined,
) {
  const chamadas: Chamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const chamada: Chamada = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      chamadas.push(chamada);
      const resposta = answer(chamada);
      if (resposta) return resposta;
      if (url === '/api/configuracoes/email' && chamada.method === 'PUT') {
        const { senha: _senha, ...resto } = chamada.body!;
        return json({ ...configuracao, ...resto, configurado: true });
      }
      if (url === '/api/configuracoes/email') return json(configuracao);
      if (url.startsWith('/api/emails?')) return json([FALHOU], 200, { 'x-total-count': '1' });
      return json({});
    }),
  );
  storeSession({ nome: 'Ana', email: 'admin@empresa.com.br', role: 'admin' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ModalsProvider>
        <Notifications />
        <EmailTab />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return chamadas;
}

const campo = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });
const puts = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'PUT');

describe('Configurações → E-mail', () => {
  it('checks the fields with the shared messages, and keeps the stored password when blank', async () => {
    const chamadas = renderTab(SALVO);
    await screen.findByTestId('email-form');
    expect(screen.getByText('Definida. Deixe em branco para manter.')).toBeTruthy();
    fireEvent.change(campo('Servidor'), { target: { value: 'smtp empresa' } });
    fireEvent.change(campo('E-mail'), { target: { value: 'loja@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(EMAIL_MENSAGENS.host)).toBeTruthy();
    expect(screen.getByText(EMAIL_MENSAGENS.emailInvalido)).toBeTruthy();
    expect(puts(chamadas)).toHaveLength(0);

    fireEvent.change(campo('Servidor'), { target: { value: 'smtp.novo.com.br' } });
    fireEvent.change(campo('E-mail'), { target: { value: 'vendas@empresa.com.br' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(chamadas)).toHaveLength(1));
    expect(puts(chamadas)[0]!.body).toEqual({
      host: 'smtp.novo.com.br',
      porta: 587,
      seguranca: 'starttls',
      usuario: 'loja@empresa.com.br',
      remetente_nome: 'Loja Prumo',
      remetente_email: 'vendas@empresa.com.br',
      enviar_nota_automaticamente: true,
    });
    expect(await screen.findByText(EMAIL_MENSAGENS.salvo)).toBeTruthy();
  });

  it('suggests the port of the connection chosen and sends a typed password', async () => {
    const chamadas = renderTab({ ...SALVO, configurado: false, senha_definida: false, host: '' });
    await screen.findByTestId('email-form');
    expect(screen.getByText('Salve o servidor antes de testar.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar e-mail de teste' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.change(campo('Servidor'), { target: { value: 'smtp.gmail.com' } });
    fireEvent.click(campo('Segurança'));
    fireEvent.click(
      await screen.findByRole('option', { name: 'TLS/SSL (porta 465)', hidden: true }),
    );
    await waitFor(() => expect(campo('Porta')).toHaveProperty('value', '465'));
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'app-senha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(chamadas)).toHaveLength(1));
    expect(puts(chamadas)[0]!.body).toMatchObject({
      host: 'smtp.gmail.com',
      porta: 465,
      seguranca: 'tls',
      senha: 'app-senha',
    });
  });

  it("sends the test e-mail and shows the server's answer", async () => {
    const chamadas = renderTab(SALVO, ({ url }) =>
      url === '/api/configuracoes/email/teste'
        ? json(
            {
              error: 'REGRA_VIOLADA',
              message: 'Não foi possível enviar: O servidor de e-mail recusou o usuário ou a senha',
            },
            409,
          )
        : undefined,
    );
    await screen.findByTestId('email-form');
    expect(screen.getByLabelText('Enviar para')).toHaveProperty('value', 'loja@empresa.com.br');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar e-mail de teste' }));
    const resultado = await screen.findByTestId('email-teste-resultado');
    expect(resultado.textContent).toBe(
      'Não foi possível enviar o e-mail de teste: Não foi possível enviar: O servidor de e-mail recusou o usuário ou a senha',
    );
    expect(chamadas.find((c) => c.url === '/api/configuracoes/email/teste')?.body).toEqual({
      para: 'loja@empresa.com.br',
    });
  });

  it('lists an e-mail not sent with its error, and sends it again', async () => {
    const chamadas = renderTab(SALVO, ({ url }) =>
      url === '/api/emails/9/reenviar' ? json({ ...FALHOU, situacao: 'pendente' }) : undefined,
    );
    const lista = await screen.findByTestId('emails-lista');
    await within(lista).findByText('cliente@exemplo.com.br');
    expect(within(lista).getByText('Não enviado')).toBeTruthy();
    expect(within(lista).getByTestId('email-erro-9').textContent).toContain('recusou o usuário');
    expect(within(lista).getByText('orcamento-000012.pdf')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Não enviados' }));
    await waitFor(() =>
      expect(chamadas.some((c) => c.url.startsWith('/api/emails?situacao=falhou'))).toBe(true),
    );
    fireEvent.click(within(lista).getByRole('button', { name: 'Enviar de novo' }));
    expect(await screen.findByText(EMAIL_MENSAGENS.reenfileirado)).toBeTruthy();
    expect(chamadas.some((c) => c.url === '/api/emails/9/reenviar' && c.method === 'POST')).toBe(
      true,
    );
  });
});
