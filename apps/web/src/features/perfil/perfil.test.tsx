import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USUARIO_MESSAGES } from '@prumo/shared/auth';
import { renderWithProviders } from '../../test/render';
import { SenhaCard } from './components/SenhaCard';
import { SessoesCard } from './components/SessoesCard';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API, answered by `answer`; records every call but the reads. */
function stubApi(answer: (url: string, init?: RequestInit) => Response) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      }
      return answer(url, init);
    }),
  );
  return calls;
}

function renderCard(card: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Notifications />
      {card}
    </QueryClientProvider>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('Perfil → Alterar senha', () => {
  it('checks the confirmation before calling the server', async () => {
    const calls = stubApi(() => new Response(null, { status: 204 }));
    renderCard(<SenhaCard />);
    fill('Senha atual', 'antiga-123');
    fill('Nova senha', 'nova-senha-1');
    fill('Confirme a nova senha', 'nova-senha-2');
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText(USUARIO_MESSAGES.confirmacaoDiferente)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the current and the new password only, and shows a wrong current one on its field', async () => {
    const calls = stubApi(() =>
      json(
        {
          error: 'VALIDATION_ERROR',
          message: USUARIO_MESSAGES.senhaAtualIncorreta,
          fields: { senha_atual: USUARIO_MESSAGES.senhaAtualIncorreta },
        },
        400,
      ),
    );
    renderCard(<SenhaCard />);
    fill('Senha atual', 'errada-123');
    fill('Nova senha', 'nova-senha-1');
    fill('Confirme a nova senha', 'nova-senha-1');
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: '/api/perfil/senha',
      method: 'POST',
      body: { senha_atual: 'errada-123', nova_senha: 'nova-senha-1' },
    });
    expect(
      (await screen.findAllByText(USUARIO_MESSAGES.senhaAtualIncorreta)).length,
    ).toBeGreaterThan(0);
  });
});

describe('Perfil → Sessões abertas', () => {
  it('marks this session and ends every other one with Encerrar as outras', async () => {
    const sessao = (id: number, atual: boolean) => ({
      id,
      created_at: '2026-11-20T12:00:00Z',
      last_seen_at: '2026-11-23T12:00:00Z',
      expires_at: '2026-11-27T12:00:00Z',
      user_agent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ip: `203.0.113.${id}`,
      atual,
    });
    const calls = stubApi((url, init) =>
      init?.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : json([sessao(3, false), sessao(7, true), sessao(9, false)]),
    );
    renderCard(<SessoesCard />);
    expect(await screen.findByText('Esta sessão')).toBeTruthy();
    expect(screen.getAllByText('Chrome no Windows')).toHaveLength(3);
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Encerrar' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Encerrar as outras' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => `${call.method} ${call.url}`).sort()).toEqual([
      'DELETE /api/perfil/sessoes/3',
      'DELETE /api/perfil/sessoes/9',
    ]);
  });
});
