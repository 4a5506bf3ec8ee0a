import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USUARIO_MESSAGES } from '@prumo/shared/auth';
import { renderWithProviders, storeSession } from '../../test/render';
import { UsuariosTab } from './components/UsuariosTab';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const USUARIOS = [
  { id: 1, nome: 'Ana Administradora', email: 'admin@empresa.com.br', role: 'admin', ativo: true },
  { id: 4, nome: 'Ex Funcionário', email: 'ex@empresa.com.br', role: 'user', ativo: false },
];

function renderTab(answer: (url: string, init?: RequestInit) => Response) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posted.push(JSON.parse(String(init.body)));
      return answer(url, init);
    }),
  );
  storeSession({ nome: 'Ana Administradora', email: 'admin@empresa.com.br', role: 'admin' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ModalsProvider>
        <Notifications />
        <UsuariosTab />
      </ModalsProvider>
    </QueryClientProvider>,
  );
  return posted;
}

describe('Configurações → Usuários', () => {
  it("creates a user and shows the server's duplicate e-mail beside the field", async () => {
    const posted = renderTab((url, init) =>
      init?.method === 'POST'
        ? json(
            {
              error: 'DUPLICADO',
              message: USUARIO_MESSAGES.emailDuplicado,
              fields: { email: USUARIO_MESSAGES.emailDuplicado },
            },
            409,
          )
        : json(USUARIOS),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    fireEvent.change(field(/^Nome/), { target: { value: 'Bia' } });
    fireEvent.change(field(/^E-mail/), { target: { value: 'admin@empresa.com.br' } });
    fireEvent.change(field(/^Senha inicial/), { target: { value: 'senha-forte' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      nome: 'Bia',
      email: 'admin@empresa.com.br',
      role: 'user',
      senha: 'senha-forte',
    });
    expect((await screen.findAllByText(USUARIO_MESSAGES.emailDuplicado)).length).toBeGreaterThan(0);
  });
});
