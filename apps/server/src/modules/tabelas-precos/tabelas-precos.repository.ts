import { count, eq, sql, type SQLWrapper } from 'drizzle-orm';
import {
  TABELA_PRECO_MESSAGES,
  type TabelaPreco,
  type TabelaPrecoData,
  type TabelaPrecoListQuery,
} from '@prumo/shared/precos';
import type { Executor } from '../../db/database';
import { PG_ERROR, pgErrorCode } from '../../db/pg-errors';
import { containsSearch, pageOf, ptBrKey, sortOrder } from '../../db/sql-helpers';
import { badRequest, duplicado, notFound } from '../../http/errors';
import { contarCustosExistentes } from '../custos-adicionais/custos-adicionais.repository';
import { produtoPrecos, tabelaPrecoCustos, tabelasPrecos } from './tabelas-precos.table';

/**
 * Section 3.5 with the linked costs' ids and how many products have a price in each table, in
 * one query (a grouped count joined, and the ids aggregated per row).
 */
function selectTabelas(db: Executor) {
  const totais = db
    .select({ tabelaId: produtoPrecos.tabelaPrecoId, total: count().as('total') })
    .from(produtoPrecos)
    .groupBy(produtoPrecos.tabelaPrecoId)
    .as('totais');
  return db
    .select({
      id: tabelasPrecos.id,
      nome: tabelasPrecos.nome,
      descricao: tabelasPrecos.descricao,
      tipo: tabelasPrecos.tipo,
      margem_padrao: tabelasPrecos.margemPadrao,
      custos_adicionais: sql<number[]>`coalesce((
        SELECT json_agg(${tabelaPrecoCustos.custoAdicionalId} ORDER BY ${tabelaPrecoCustos.custoAdicionalId})
        FROM ${tabelaPrecoCustos}
        WHERE ${tabelaPrecoCustos.tabelaPrecoId} = ${tabelasPrecos.id}), '[]'::json)`,
      total_produtos: sql<number>`coalesce(${totais.total}, 0)::int`,
      createdAt: tabelasPrecos.createdAt,
    })
    .from(tabelasPrecos)
    .leftJoin(totais, eq(totais.tabelaId, tabelasPrecos.id));
}

function toTabela({ createdAt, ...row }: Omit<TabelaPreco, 'created_at'> & { createdAt: Date }) {
  return { ...row, created_at: createdAt.toISOString() } satisfies TabelaPreco;
}

/**
 * GET /api/tabelas-precos: by name the pt-BR way; `q` searches the name. Without `limit`, every
 * table (the spec's array); with it, one page and the filter's total.
 */
export async function listTabelasPrecos(
  db: Executor,
  query: TabelaPrecoListQuery = {},
): Promise<{ items: TabelaPreco[]; total: number | undefined }> {
  const where = query.q ? containsSearch(query.q, tabelasPrecos.nome) : undefined;
  const rows = selectTabelas(db)
    .where(where)
    .orderBy(
      ...sortOrder({ nome: ptBrKey(tabelasPrecos.nome) }, query, {
        sort: 'nome',
        order: 'asc',
        id: tabelasPrecos.id,
      }),
    );
  const page = await pageOf(
    rows,
    () => db.select({ total: count() }).from(tabelasPrecos).where(where),
    query,
  );
  return { items: page.items.map(toTabela), total: page.total };
}

export async function getTabelaPreco(db: Executor, id: number): Promise<TabelaPreco | undefined> {
  const [row] = await selectTabelas(db).where(eq(tabelasPrecos.id, id));
  return row && toTabela(row);
}

export async function tabelaPrecoExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: tabelasPrecos.id })
    .from(tabelasPrecos)
    .where(eq(tabelasPrecos.id, id));
  return rows.length > 0;
}

function rethrowWriteError(error: unknown): never {
  const code = pgErrorCode(error);
  if (code === PG_ERROR.uniqueViolation)
    throw duplicado(TABELA_PRECO_MESSAGES.nomeDuplicado, 'nome');
  // A cost deleted between the check and the insert.
  if (code === PG_ERROR.foreignKeyViolation) {
    throw badRequest(TABELA_PRECO_MESSAGES.custoInexistente, {
      custos_adicionais: TABELA_PRECO_MESSAGES.custoInexistente,
    });
  }
  throw error;
}

/** Unknown cost ids answer 400 before anything is written. */
async function checkCustos(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if ((await contarCustosExistentes(db, ids)) !== ids.length) {
    throw badRequest(TABELA_PRECO_MESSAGES.custoInexistente, {
      custos_adicionais: TABELA_PRECO_MESSAGES.custoInexistente,
    });
  }
}

async function writeCustos(db: Executor, tabelaPrecoId: number, ids: number[]): Promise<void> {
  await db.delete(tabelaPrecoCustos).where(eq(tabelaPrecoCustos.tabelaPrecoId, tabelaPrecoId));
  if (ids.length > 0) {
    await db
      .insert(tabelaPrecoCustos)
      .values(ids.map((custoAdicionalId) => ({ tabelaPrecoId, custoAdicionalId })));
  }
}

const columns = (data: TabelaPrecoData) => ({
  nome: data.nome,
  descricao: data.descricao,
  tipo: data.tipo,
  margemPadrao: data.margem_padrao,
});

/** POST /api/tabelas-precos: the table and its costs, atomically. */
export async function createTabelaPreco(db: Executor, data: TabelaPrecoData) {
  try {
    return await db.transaction(async (tx) => {
      await checkCustos(tx, data.custos_adicionais);
      const [row] = await tx
        .insert(tabelasPrecos)
        .values(columns(data))
        .returning({ id: tabelasPrecos.id });
      await writeCustos(tx, row!.id, data.custos_adicionais);
      return (await getTabelaPreco(tx, row!.id))!;
    });
  } catch (error) {
    rethrowWriteError(error);
  }
}

/** PUT /api/tabelas-precos/{id}: the same body as POST; the costs sent replace the linked ones. */
export async function updateTabelaPreco(db: Executor, id: number, data: TabelaPrecoData) {
  try {
    return await db.transaction(async (tx) => {
      await checkCustos(tx, data.custos_adicionais);
      const rows = await tx
        .update(tabelasPrecos)
        .set({ ...columns(data), updatedAt: sql`now()` })
        .where(eq(tabelasPrecos.id, id))
        .returning({ id: tabelasPrecos.id });
      if (rows.length === 0) throw notFound(TABELA_PRECO_MESSAGES.naoEncontrada);
      await writeCustos(tx, id, data.custos_adicionais);
      return (await getTabelaPreco(tx, id))!;
    });
  } catch (error) {
    rethrowWriteError(error);
  }
}

/**
 * DELETE /api/tabelas-precos/{id}: the table, its products' prices in it and its cost links
 * (foreign keys cascade). Products and costs themselves stay.
 */
export async function deleteTabelaPreco(db: Executor, id: number): Promise<void> {
  const deleted = await db
    .delete(tabelasPrecos)
    .where(eq(tabelasPrecos.id, id))
    .returning({ id: tabelasPrecos.id });
  if (deleted.length === 0) throw notFound(TABELA_PRECO_MESSAGES.naoEncontrada);
}

/** How many price tables add each cost (the custos-adicionais module's question). */
export function tabelasDoCusto() {
  const custo = tabelaPrecoCustos.custoAdicionalId;
  return sql`SELECT ${custo} AS chave, count(*) AS total FROM ${tabelaPrecoCustos} GROUP BY 1`;
}

/** True (in SQL) when the price table adds the cost whose id is `custoId`. */
export function tabelaUsaCusto(tabelaPrecoId: number, custoId: SQLWrapper) {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM ${tabelaPrecoCustos}
    WHERE ${tabelaPrecoCustos.tabelaPrecoId} = ${tabelaPrecoId}
      AND ${tabelaPrecoCustos.custoAdicionalId} = ${custoId})`;
}
