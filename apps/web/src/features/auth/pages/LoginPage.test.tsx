import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

function stubApi(login: () => Promise<Response>) {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/auth/demo') ? new Response(JSON.stringify({ demo: false })) : login(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginPage', () => {
  it('asks for both fields without calling the server', async () => {
    const fetchMock = stubApi(async () => new Response('{}'));
    renderWithProviders(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Por favor, preencha todos os campos')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/login'))).toBe(false);
  });

  it("shows the server's message, or a default, and clears it when a field changes", async () => {
    stubApi(
      async () =>
        new Response(JSON.stringify({ message: 'E-mail ou senha inválidos' }), { status: 401 }),
    );
    renderWithProviders(<LoginPage />);
    fill('E-mail', 'a@b.com');
    fill('Senha', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail ou senha inválidos')).toBeTruthy();
    fill('Senha', 'y');
    expect(screen.queryByText('E-mail ou senha inválidos')).toBeNull();
  });

  it('falls back to "Erro ao fazer login" and, for an answer that is not JSON, to the connection message', async () => {
    let answer = new Response('{}', { status: 500 });
    stubApi(async () => answer);
    renderWithProviders(<LoginPage />);
    fill('E-mail', 'a@b.com');
    fill('Senha', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro ao fazer login')).toBeTruthy();

    answer = new Response('<html>proxy</html>', { status: 502 });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro de conexão. Tente novamente.')).toBeTruthy();
  });

  it('shows the demo box only in demo mode and fills the fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ demo: true, email: 'admin@empresa.com.br', password: 'demo@2026' }),
          ),
      ),
    );
    renderWithProviders(<LoginPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Preencher automaticamente' }));
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(
      'admin@empresa.com.br',
    );
    expect((screen.getByLabelText('Senha') as HTMLInputElement).value).toBe('demo@2026');
  });
});
