import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notificacoes } from '@prumo/shared/notificacoes';
import { NOTIFICACOES_INTERVALO_MS, notificacoesKeys } from '../api/notificacoes';
import { renderWithProviders } from '../test/render';
import { contagemNotificacoes, NotificacoesBell } from './NotificacoesBell';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function stubApi(answer: Notificacoes) {
  const fetch = vi.fn(async (_url: string) => json(answer));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Endereco() {
  const { pathname, search } = useLocation();
  return <output data-testid="endereco">{pathname + search}</output>;
}

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <NotificacoesBell />
      <Endereco />
    </QueryClientProvider>,
    { route: '/dashboard' },
  );
  return client;
}

const CHEIO: Notificacoes = {
  total: 5,
  itens: [
    {
      tipo: 'receber_vencida',
      titulo: '3 contas a receber vencidas',
      descricao: 'R$ 1.234,56 em aberto desde 02/11/2026',
      quantidade: 3,
      valor: 1234.56,
      link: '/financeiro?aba=receber&status=vencido',
    },
    {
      tipo: 'estoque_minimo',
      titulo: '2 produtos abaixo do estoque mínimo',
      descricao: 'Suco de Uva Integral 1L, Arroz Branco Tipo 1 5kg',
      quantidade: 2,
      link: '/estoque',
    },
  ],
};

describe('NotificacoesBell', () => {
  it('shows the count in red, lists the groups and follows a link, closing the list', async () => {
    const fetch = stubApi(CHEIO);
    renderBell();
    expect((await screen.findByTestId('notificacoes-total')).textContent).toBe('5');
    expect(fetch.mock.calls[0]![0]).toBe('/api/notificacoes');

    fireEvent.click(screen.getByRole('button', { name: 'Notificações' }));
    const lista = await screen.findByRole('dialog', { name: 'Notificações', hidden: true });
    // jsdom runs no CSS transitions: the list stays at opacity 0, so ask for hidden roles too.
    const links = within(lista).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/financeiro?aba=receber&status=vencido',
      '/estoque',
    ]);
    expect(within(lista).getByText('3 contas a receber vencidas')).toBeTruthy();
    expect(within(lista).getByText('R$ 1.234,56 em aberto desde 02/11/2026')).toBeTruthy();
    expect(within(lista).getByText('2 produtos abaixo do estoque mínimo')).toBeTruthy();

    fireEvent.click(links[0]!);
    expect(screen.getByTestId('endereco').textContent).toBe(
      '/financeiro?aba=receber&status=vencido',
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it('says "Nenhuma notificação" and shows no count when there is nothing', async () => {
    stubApi({ total: 0, itens: [] });
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notificações' }));
    expect(await screen.findByText('Nenhuma notificação')).toBeTruthy();
    expect(screen.queryByTestId('notificacoes-total')).toBeNull();
    expect(screen.queryAllByRole('link', { hidden: true })).toEqual([]);
  });

  it('reads again every minute, on focus and when opened', async () => {
    const fetch = stubApi(CHEIO);
    const client = renderBell();
    await screen.findByTestId('notificacoes-total');
    const query = client.getQueryCache().find({ queryKey: notificacoesKeys.all })!;
    expect(query.options).toMatchObject({
      refetchInterval: NOTIFICACOES_INTERVALO_MS,
      refetchOnWindowFocus: true,
    });
    expect(NOTIFICACOES_INTERVALO_MS).toBe(60_000);
    const antes = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Notificações' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBe(antes + 1));
  });

  it('caps the badge at 99+', () => {
    expect(contagemNotificacoes(7)).toBe('7');
    expect(contagemNotificacoes(99)).toBe('99');
    expect(contagemNotificacoes(100)).toBe('99+');
  });
});
