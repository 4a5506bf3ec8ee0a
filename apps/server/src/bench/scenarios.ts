import type { Dataset } from './dataset';

/**
 * The scenarios: each gives the next request (path and body), varied so the load spreads over
 * the dataset as real use would instead of hitting one cached row. The API, the PostgreSQL floors
 * (the same requests over HTTP) and the PGlite floors (the same requests without HTTP) all draw
 * their requests from here.
 */
export interface Scenario {
  nome: string;
  method: 'GET' | 'POST';
  next(): { path: string; body?: string };
  /**
   * Printed next to the figures, never enforced: the API's share of the real floor for a detail
   * read ('razao') or a search or list ('busca'), a sale's p99 (on PostgreSQL only: on PGlite the
   * 20 connections queue on one engine).
   */
  alvo: 'razao' | 'busca' | 'p99';
}

/**
 * Targets of issue 34, as shares of the real floor: detail reads ≥ 70 %, searches and lists
 * ≥ 60 %. The quick sale's p99 ≤ 100 ms is issue 17's.
 */
export const ALVO_RAZAO = 70;
export const ALVO_RAZAO_BUSCA = 60;
export const ALVO_P99_MS = 100;

const randomIn = ({ first, last }: { first: number; last: number }) =>
  first + Math.floor(Math.random() * (last - first + 1));

function rotate<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length]!;
}

export function scenarios(dataset: Dataset): Scenario[] {
  const termoProduto = rotate(dataset.termosProduto);
  const termoCliente = rotate(dataset.termosCliente);
  const produtoVenda = rotate(dataset.produtosVenda);
  return [
    {
      nome: 'produto: detalhe',
      method: 'GET',
      next: () => ({ path: `/api/produtos/${randomIn(dataset.produtos)}` }),
      alvo: 'razao',
    },
    {
      nome: 'produto: lista',
      method: 'GET',
      next: () => ({ path: `/api/produtos?q=${encodeURIComponent(termoProduto())}&limit=50` }),
      alvo: 'busca',
    },
    {
      // The suggestions the sale and quote screens ask for as one types.
      nome: 'produto: sugestões',
      method: 'GET',
      next: () => ({ path: `/api/produtos/search?q=${encodeURIComponent(termoProduto())}` }),
      alvo: 'busca',
    },
    {
      nome: 'cliente: busca',
      method: 'GET',
      next: () => ({
        path: `/api/cadastros?tipo=cliente&q=${encodeURIComponent(termoCliente())}&limit=20`,
      }),
      alvo: 'busca',
    },
    {
      nome: 'cliente: detalhe',
      method: 'GET',
      next: () => ({ path: `/api/cadastros/${randomIn(dataset.clientes)}` }),
      alvo: 'razao',
    },
    {
      nome: 'venda rápida',
      method: 'POST',
      next: () => ({
        path: '/api/vendas',
        body: JSON.stringify({
          tipo: 'balcao',
          atendimento_rapido: true,
          forma_pagamento: 'dinheiro',
          itens: [{ produto_id: produtoVenda(), quantidade: 1 }],
        }),
      }),
      alvo: 'p99',
    },
  ];
}

/** The request line each scenario stands for, for the README and the printed legend. */
export const ROTAS: Record<string, string> = {
  'produto: detalhe': 'GET /api/produtos/{id} (id ao acaso)',
  'produto: lista': 'GET /api/produtos?q={termo}&limit=50',
  'produto: sugestões': 'GET /api/produtos/search?q={termo}',
  'cliente: busca': 'GET /api/cadastros?tipo=cliente&q={termo}&limit=20',
  'cliente: detalhe': 'GET /api/cadastros/{id} (id ao acaso)',
  'venda rápida': 'POST /api/vendas (atendimento_rapido, dinheiro, 8 produtos em rodízio)',
};
