import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOIS_FATORES_MESSAGES } from '@prumo/shared/auth';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API: demo off, the password step answers a challenge, the code step `segundo`. */
function stubApi(segundo: (body: { desafio: string; codigo: string }) => Response) {
  const codigos: Array<{ desafio: string; codigo: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/auth/demo')) return json({ demo: false });
      if (url.endsWith('/auth/login')) return json({ dois_fatores: true, desafio: 'desafio-1' });
      const body = JSON.parse(String(init?.body)) as { desafio: string; codigo: string };
      codigos.push(body);
      return segundo(body);
    }),
  );
  return codigos;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function passarDaSenha() {
  renderWithProviders(<LoginPage />);
  fill('E-mail', 'ana@empresa.com.br');
  fill('Senha', 'senha-certa');
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
  await screen.findByLabelText('Código do aplicativo autenticador');
}

describe('LoginPage, second step', () => {
  it('asks the app code after the password, shows a wrong one like the login, then signs in', async () => {
    let certo = false;
    const codigos = stubApi(() =>
      certo
        ? json({ token: 't-2fa', user: { nome: 'Ana', email: 'ana@empresa.com.br', role: 'user' } })
        : json(
            {
              error: 'UNAUTHORIZED',
              message: DOIS_FATORES_MESSAGES.codigoInvalido,
              fields: { codigo: DOIS_FATORES_MESSAGES.codigoInvalido },
            },
            401,
          ),
    );
    await passarDaSenha();
    expect(screen.queryByLabelText('Senha')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(DOIS_FATORES_MESSAGES.codigoObrigatorio)).toBeTruthy();
    expect(codigos).toEqual([]);

    fill('Código do aplicativo autenticador', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      DOIS_FATORES_MESSAGES.codigoInvalido,
    );
    expect(codigos).toEqual([{ desafio: 'desafio-1', codigo: '111111' }]);

    certo = true;
    fill('Código do aplicativo autenticador', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('t-2fa'));
    expect(codigos[1]).toEqual({ desafio: 'desafio-1', codigo: '123456' });
  });

  it('takes a recovery code instead', async () => {
    const codigos = stubApi(() =>
      json({ token: 't-rec', user: { nome: 'Ana', email: 'ana@empresa.com.br', role: 'user' } }),
    );
    await passarDaSenha();
    fireEvent.click(screen.getByRole('button', { name: 'Usar um código de recuperação' }));
    fill('Código de recuperação', 'abcde-fghjk');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('t-rec'));
    expect(codigos).toEqual([{ desafio: 'desafio-1', codigo: 'abcde-fghjk' }]);
  });

  it('goes back to the password when the challenge expired, with the reason', async () => {
    stubApi(() =>
      json({ error: 'DESAFIO_EXPIRADO', message: DOIS_FATORES_MESSAGES.desafioExpirado }, 401),
    );
    await passarDaSenha();
    fill('Código do aplicativo autenticador', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      DOIS_FATORES_MESSAGES.desafioExpirado,
    );
    expect(screen.getByLabelText('Senha')).toBeTruthy();
    expect(screen.queryByLabelText('Código do aplicativo autenticador')).toBeNull();
  });
});
