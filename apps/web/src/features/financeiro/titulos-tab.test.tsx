import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Titulo } from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';
import { renderWithProviders } from '../../test/render';
import { TitulosTab } from './components/TitulosTab';

afterEach(() => vi.unstubAllGlobals());

const titulo = (id: number, saldo: number): Titulo => ({
  id,
  natureza: 'pagar',
  descricao: `Conta ${id}`,
  pessoa_id: null,
  pessoa_nome: null,
  categoria_id: null,
  categoria_nome: null,
  centro_custo: null,
  documento: null,
  competencia: '2031-01-10',
  forma_pagamento: null,
  valor: saldo,
  valor_pago: 0,
  saldo,
  status: 'aberto',
  origem: 'manual',
  venda_id: null,
  entrada_nfe_id: null,
  devolucao_id: null,
  documento_tipo: null,
  documento_id: null,
  ordem_servico_id: null,
  observacoes: null,
  cancelado_em: null,
  created_at: '2031-01-01T12:00:00Z',
  parcelas: [
    {
      id,
      numero: 1,
      vencimento: '2031-01-10',
      valor: saldo,
      valor_pago: 0,
      saldo,
      juros: 0,
      multa: 0,
      desconto: 0,
      status: 'aberto',
    },
  ],
});

describe('TitulosTab', () => {
  it("shows what the whole filter owes, as the server sums it, not the page's sum", async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.startsWith('/api/financeiro/titulos')) {
        return new Response(JSON.stringify([titulo(1, 10.1), titulo(2, 0.2)]), {
          headers: {
            'content-type': 'application/json',
            'x-total-count': '57',
            'x-total-saldo': '1234678.89',
          },
        });
      }
      return new Response('[]', { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <TitulosTab natureza="pagar" onNovo={vi.fn()} onAbrir={vi.fn()} />
      </QueryClientProvider>,
    );
    const texto = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, ' ');
    await waitFor(() =>
      expect(texto('titulos-em-aberto')).toBe(formatMoney(1234678.89).replace(/\s+/g, ' ')),
    );
    expect(texto('titulos-totais')).not.toContain('nesta página');
    expect(texto('titulos-totais')).toContain('A pagar');
    expect(texto('titulos-totais')).toContain('57');
  });

  it("links a contract's bill to its contract", async () => {
    const conta: Titulo = {
      ...titulo(3, 150),
      natureza: 'receber',
      origem: 'contrato',
      documento_tipo: 'contrato',
      documento_id: 42,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (url: string) =>
          new Response(JSON.stringify(url.startsWith('/api/financeiro/titulos') ? [conta] : []), {
            headers: { 'content-type': 'application/json', 'x-total-count': '1' },
          }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <TitulosTab natureza="receber" onNovo={vi.fn()} onAbrir={vi.fn()} />
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Contrato de origem' });
    expect(link.getAttribute('href')).toBe('/contratos/42');
  });
});
