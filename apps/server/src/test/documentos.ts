import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './test-app';

/*
 * Set-up shared by the tests of documents (quotes, service orders): records of the demo data,
 * a catalogue service and product, a delivery address, and the document's POST.
 */

type Json = Record<string, unknown>;

/** The first registry record of a kind (the demo data has customers, employees, carriers). */
export async function primeiro(ctx: TestContext, tipo: string): Promise<number> {
  const response = await ctx.request({ method: 'GET', url: `/api/cadastros?tipo=${tipo}` });
  return response.json<Array<{ id: number }>>()[0]!.id;
}

/** A catalogue service for a test (preço 80, custo 20): its id. */
export async function novoServico(ctx: TestContext, nome: string): Promise<number> {
  const servico = await ctx.database.db.execute(
    sql`INSERT INTO servicos (nome, preco, valor_custo) VALUES (${nome}, 80, 20) RETURNING id`,
  );
  return (servico as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
}

/** A catalogue product made through the API (preço 25 unless `payload` says otherwise). */
export async function novoProduto(ctx: TestContext, payload: Json) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/produtos',
    payload: { preco: 25, ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; nome: string }>();
}

/** The delivery address the tests' documents carry. */
export const ENDERECO = {
  cep: '01310-100',
  logradouro: 'Av. Paulista',
  numero_endereco: '1000',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
};

/** POST to a document's list `url` (as `as`), and the same expecting 201 with its answer. */
export function postsDe<D>(ctx: () => TestContext, url: string) {
  const post = (payload: Json, as?: string) => ctx().request({ method: 'POST', url, payload, as });
  return {
    post,
    async postOk(payload: Json): Promise<D> {
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
  };
}
