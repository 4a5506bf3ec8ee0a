import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Orcamento } from '@prumo/shared/orcamentos';
import { renderWithProviders } from '../../test/render';
import { ConverterModal } from './components/ConverterModal';

afterEach(() => vi.unstubAllGlobals());

/** An approved quote of a registered customer, with a product line and no payment method. */
const orcamento = {
  id: 5,
  numero: 5,
  status: 'aprovado',
  cliente_id: 3,
  cliente_nome: 'Padaria Pão Quente',
  forma_pagamento: null,
  produtos: [{ id: 1, produto_id: 9, nome: 'Café', quantidade: 2, valor: 21.9, subtotal: 43.8 }],
  servicos: [],
} as unknown as Orcamento;

describe('ConverterModal', () => {
  it('converts a quote without a payment method as it is: the method is optional', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ orcamento: { ...orcamento, venda_id: 11 }, venda_id: 11 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <ConverterModal orcamento={orcamento} opened onClose={() => {}} />
      </QueryClientProvider>,
    );

    expect(screen.getByTestId('converter-forma').hasAttribute('required')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Converter' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orcamentos/5/converter');
    expect(JSON.parse(String(init.body))).toEqual({});
  });
});
