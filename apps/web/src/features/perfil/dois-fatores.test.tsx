import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOIS_FATORES_MESSAGES, type DoisFatoresStatus } from '@prumo/shared/auth';
import { renderWithProviders } from '../../test/render';
import { DoisFatoresCard } from './components/DoisFatoresCard';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DESLIGADO: DoisFatoresStatus = {
  ativado: false,
  ativado_em: null,
  codigos_restantes: 0,
  obrigatorio: false,
};
const CODIGOS = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

/** The API: the status, then whatever `answer` says for the writes, which are recorded. */
function stubApi(status: DoisFatoresStatus, answer: (url: string) => Response) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET') return json(status);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer(url);
    }),
  );
  return calls;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Notifications />
      <DoisFatoresCard />
    </QueryClientProvider>,
  );
}

describe('Perfil → Autenticação em dois fatores', () => {
  it('turns on: QR code and key, a code to confirm, then the recovery codes once', async () => {
    const calls = stubApi(DESLIGADO, (url) =>
      url.endsWith('/configurar')
        ? json({
            segredo: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            otpauth_url: 'otpauth://totp/Prumo%20ERP:ana?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
          })
        : json({ codigos_recuperacao: CODIGOS }),
    );
    renderCard();
    expect(await screen.findByText('Desativada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));

    const modal = await screen.findByRole('dialog');
    expect((await within(modal).findByTestId('dois-fatores-segredo')).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP',
    );
    const campo = within(modal).getByLabelText('Código do aplicativo autenticador');
    fireEvent.change(campo, { target: { value: '12345' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Ativar' }));
    expect(await within(modal).findByText(DOIS_FATORES_MESSAGES.codigoFormato)).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/perfil/dois-fatores/configurar']);

    fireEvent.change(campo, { target: { value: '123 456' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText('Guarde seus códigos de recuperação')).toBeTruthy();
    expect(calls[1]).toEqual({
      url: '/api/perfil/dois-fatores/ativar',
      body: { codigo: '123456' },
    });
    expect(screen.getAllByTestId('codigo-recuperacao').map((el) => el.textContent)).toEqual(
      CODIGOS,
    );
    expect(screen.getByText(/não serão mostrados novamente/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar códigos' })).toBeTruthy();
  });

  it('shows a wrong confirmation code on its field', async () => {
    stubApi(DESLIGADO, (url) =>
      url.endsWith('/configurar')
        ? json({
            segredo: 'JBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
          })
        : json(
            {
              error: 'VALIDATION_ERROR',
              message: DOIS_FATORES_MESSAGES.codigoInvalido,
              fields: { codigo: DOIS_FATORES_MESSAGES.codigoInvalido },
            },
            400,
          ),
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Ativar' }));
    const modal = await screen.findByRole('dialog');
    await within(modal).findByTestId('dois-fatores-segredo');
    fireEvent.change(within(modal).getByLabelText('Código do aplicativo autenticador'), {
      target: { value: '654321' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Ativar' }));
    expect(await within(modal).findByText(DOIS_FATORES_MESSAGES.codigoInvalido)).toBeTruthy();
  });

  it('turns off with the current password', async () => {
    const calls = stubApi(
      {
        ativado: true,
        ativado_em: '2026-11-20T12:00:00Z',
        codigos_restantes: 7,
        obrigatorio: false,
      },
      () => new Response(null, { status: 204 }),
    );
    renderCard();
    expect(await screen.findByText('Ativada')).toBeTruthy();
    expect(screen.getByText(/20\/11\/2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    const modal = await screen.findByRole('dialog');
    fireEvent.change(within(modal).getByLabelText(/^Senha atual/), {
      target: { value: 'minha-senha' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Desativar' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { url: '/api/perfil/dois-fatores/desativar', body: { senha_atual: 'minha-senha' } },
      ]),
    );
  });

  it('says when the company requires it', async () => {
    stubApi({ ...DESLIGADO, obrigatorio: true }, () => json({}));
    renderCard();
    expect((await screen.findByTestId('dois-fatores-obrigatorio')).textContent).toBe(
      DOIS_FATORES_MESSAGES.obrigatorio,
    );
  });
});
