import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, storeSession } from '../test/render';
import { RequireAuth } from './RequireAuth';

afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth', () => {
  it('shows Acesso Negado with the role and the required roles', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    storeSession({ nome: 'Gustavo Gerente', email: 'g@e.com', role: 'manager' });
    renderWithProviders(
      <RequireAuth roles={['admin']}>
        <p>Configurações secretas</p>
      </RequireAuth>,
    );
    expect(await screen.findByText('Acesso Negado')).toBeTruthy();
    expect(screen.getByText('Você não tem permissão para acessar esta página.')).toBeTruthy();
    expect(screen.getByText('Gerente')).toBeTruthy();
    expect(screen.getByText('Administrador')).toBeTruthy();
    expect(screen.queryByText('Configurações secretas')).toBeNull();
  });

  it('shows the page to an allowed role and a custom fallback when given', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    storeSession({ nome: 'Ana', email: 'a@e.com', role: 'admin' });
    renderWithProviders(
      <>
        <RequireAuth roles={['admin', 'manager']}>
          <p>Financeiro</p>
        </RequireAuth>
        <RequireAuth roles={['user']} fallback={<p>Sem acesso</p>}>
          <p>Só usuários</p>
        </RequireAuth>
      </>,
    );
    expect(await screen.findByText('Financeiro')).toBeTruthy();
    expect(screen.getByText('Sem acesso')).toBeTruthy();
  });

  it('says it is checking while the stored session is confirmed, and shows nothing to a visitor', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    storeSession({ nome: 'Ana', email: 'a@e.com', role: 'admin' });
    renderWithProviders(
      <RequireAuth>
        <p>Conteúdo</p>
      </RequireAuth>,
    );
    expect(screen.getByText('Verificando autenticação...')).toBeTruthy();
    answer(new Response('{}', { status: 401 }));
    await vi.waitFor(() => expect(screen.queryByText('Verificando autenticação...')).toBeNull());
    expect(screen.queryByText('Conteúdo')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
