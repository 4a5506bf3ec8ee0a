import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, storeSession } from '../test/render';
import { EnviarEmailButton } from './EnviarEmailButton';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Mantine's autosizing textarea listens to font loading, which jsdom lacks.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Chamada {
  url: string;
  method: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

function renderBotao(
  props: { caminho: string; clienteId?: number | null },
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
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      chamadas.push(chamada);
      const resposta = answer(chamada);
      if (resposta) return resposta;
      if (url === '/api/cadastros/5')
        return json({ id: 5, nome: 'Maria', email: 'maria@exemplo.com.br' });
      if (chamada.method === 'POST') {
        return json(
          { id: 1, para: chamada.body?.para ?? 'maria@exemplo.com.br', situacao: 'pendente' },
          202,
        );
      }
      return json({});
    }),
  );
  storeSession({ nome: 'Ana', email: 'admin@empresa.com.br', role: 'admin' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Notifications />
      <EnviarEmailButton {...props} />
    </QueryClientProvider>,
  );
  return chamadas;
}

const envios = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'POST');
const abrir = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Enviar por e-mail' }));
  return screen.findByTestId('enviar-email-form');
};

describe('EnviarEmailButton', () => {
  it("fills in the customer's e-mail and queues the document with the message", async () => {
    const chamadas = renderBotao({ caminho: '/orcamentos/12', clienteId: 5 });
    const form = await abrir();
    const para = within(form).getByLabelText('Para');
    await waitFor(() => expect(para).toHaveProperty('value', 'maria@exemplo.com.br'));
    fireEvent.change(within(form).getByLabelText('Mensagem (opcional)'), {
      target: { value: '  Conforme combinamos.  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));

    expect(
      await screen.findByText('E-mail na fila de envio para maria@exemplo.com.br.'),
    ).toBeTruthy();
    const [envio] = envios(chamadas);
    expect(envio).toMatchObject({
      url: '/api/orcamentos/12/email',
      body: { para: 'maria@exemplo.com.br', mensagem: 'Conforme combinamos.' },
    });
    expect(envio!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByTestId('enviar-email-form')).toBeNull());
  });

  it('leaves the recipient to the server when there is no customer, and checks the address first', async () => {
    const chamadas = renderBotao({ caminho: '/notas-fiscais/7' });
    const form = await abrir();
    expect(within(form).getByText('Em branco: o e-mail do cadastro do cliente.')).toBeTruthy();
    const para = within(form).getByLabelText('Para');
    fireEvent.change(para, { target: { value: 'contador@' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await within(form).findByText('E-mail inválido')).toBeTruthy();
    expect(envios(chamadas)).toHaveLength(0);

    fireEvent.change(para, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(envios(chamadas)).toHaveLength(1));
    expect(envios(chamadas)[0]).toMatchObject({
      url: '/api/notas-fiscais/7/email',
      body: { para: null, mensagem: null },
    });
  });

  it("shows the server's refusal beside the field and keeps the dialog open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mensagem = 'O cliente não tem e-mail no cadastro: informe o destinatário.';
    renderBotao({ caminho: '/ordens-servico/3' }, ({ method }) =>
      method === 'POST'
        ? json({ error: 'VALIDATION_ERROR', message: mensagem, fields: { para: mensagem } }, 400)
        : undefined,
    );
    const form = await abrir();
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await within(form).findByText(mensagem)).toBeTruthy();
    expect(await screen.findByText(`Erro ao enviar por e-mail: ${mensagem}`)).toBeTruthy();
    expect(screen.getByTestId('enviar-email-form')).toBeTruthy();
  });
});
