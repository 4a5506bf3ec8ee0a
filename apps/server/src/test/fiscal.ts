import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { NotaFiscal } from '@prumo/shared/fiscal';
import { selectRows } from '../db/sql-helpers';
import { primeiro } from './documentos';
import type { TestContext } from './test-app';

/*
 * Set-up shared by the fiscal tests (notes, their events, returns): a product a note can carry,
 * finalized sales, the note's issue, an open caixa for counter sales, and the stock and row
 * counts the tests check afterwards.
 */

type Json = Record<string, unknown>;

/** The demo customer the tests' sales are made to. */
export const clienteDemo = (ctx: TestContext) => primeiro(ctx, 'cliente');

/** Opens the admin's caixa (a quick counter sale needs one). */
export async function abrirCaixa(ctx: TestContext, valorInicial = 50): Promise<void> {
  const caixa = await ctx.request({
    method: 'POST',
    url: '/api/caixas',
    payload: { valor_inicial: valorInicial },
  });
  expect(caixa.statusCode, caixa.body).toBe(201);
}

/** A product a note can carry (NCM set; preço 10, estoque 100 unless `dados` says otherwise). */
export async function produtoFiscal(ctx: TestContext, dados: Json = {}): Promise<number> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/produtos',
    payload: {
      nome: `Produto ${Math.random()}`,
      preco: 10,
      estoque: 100,
      ncm: '09012100',
      ...dados,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** A finalized product sale to a customer, paid on a boleto unless `extra` says otherwise. */
export async function vendaFinalizada(
  ctx: TestContext,
  clienteId: number,
  itens: Json[],
  extra: Json = {},
): Promise<number> {
  const criada = await ctx.request({
    method: 'POST',
    url: '/api/vendas',
    payload: { tipo: 'produto', cliente_id: clienteId, forma_pagamento: 'boleto', itens, ...extra },
  });
  expect(criada.statusCode, criada.body).toBe(201);
  const id = criada.json<{ id: number }>().id;
  const finalizada = await ctx.request({
    method: 'PATCH',
    url: `/api/vendas/${id}/status`,
    payload: { status: 'Finalizada' },
  });
  expect(finalizada.statusCode, finalizada.body).toBe(200);
  return id;
}

/** A quick counter sale to an unnamed consumer (finalized at once in the admin's caixa). */
export async function vendaBalcao(ctx: TestContext, itens: Json[], extra: Json = {}) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/vendas',
    payload: {
      tipo: 'balcao',
      forma_pagamento: 'dinheiro',
      atendimento_rapido: true,
      itens,
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** Issues the note of a sale (`{ venda_id, modelo, … }`), expecting 201: the note as it ended. */
export async function emitirNota(ctx: TestContext, payload: Json): Promise<NotaFiscal> {
  const response = await ctx.request({ method: 'POST', url: '/api/notas-fiscais', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A product's stock as the database has it. */
export async function estoqueDe(ctx: TestContext, produtoId: number): Promise<number> {
  const [row] = await selectRows<{ estoque: string }>(
    ctx.database.db,
    sql`SELECT estoque FROM produtos WHERE id = ${produtoId}`,
  );
  return Number(row!.estoque);
}

/** How many rows a table has (those matching `onde`, when given). */
export async function contagem(ctx: TestContext, tabela: string, onde?: SQL): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    ctx.database.db,
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(tabela)}${onde ? sql` WHERE ${onde}` : sql``}`,
  );
  return Number(row!.n);
}
