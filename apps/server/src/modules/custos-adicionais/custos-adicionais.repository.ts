import { count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  CUSTO_ADICIONAL_MESSAGES,
  type CustoAdicional,
  type CustoAdicionalData,
  type CustoAdicionalListQuery,
  type CustoAssociado,
} from '@prumo/shared/precos';
import type { Executor } from '../../db/database';
import { rethrowUnique } from '../../db/pg-errors';
import {
  containsSearch,
  pageOf,
  ptBrKey,
  ptBrOrder,
  sortOrder,
  juncao,
} from '../../db/sql-helpers';
import { notFound } from '../../http/errors';
import { hook } from '../server-module';
import { custosAdicionais } from './custos-adicionais.table';

/** How many price tables add each cost: a SELECT of chave (the cost's id) and total. */
export const tabelasDoCustoHook = hook<() => SQL>('quantas tabelas de preço usam cada custo');

/** Section 3.6 plus how many price tables use each cost, in one query. */
function selectCustos<Extra extends Record<string, SQL>>(db: Executor, extra?: Extra) {
  const uso = juncao(tabelasDoCustoHook.call(), 'tabelas_por_custo');
  return db
    .select({
      id: custosAdicionais.id,
      nome: custosAdicionais.nome,
      descricao: custosAdicionais.descricao,
      tipo: custosAdicionais.tipo,
      valor_percentual: custosAdicionais.valorPercentual,
      valor_fixo: custosAdicionais.valorFixo,
      total_tabelas: sql<number>`coalesce(${uso.coluna('total')}, 0)::int`,
      createdAt: custosAdicionais.createdAt,
      ...(extra as Extra),
    })
    .from(custosAdicionais)
    .leftJoin(uso.tabela, eq(uso.coluna('chave'), custosAdicionais.id));
}

function toCusto({ createdAt, ...row }: Omit<CustoAdicional, 'created_at'> & { createdAt: Date }) {
  return { ...row, created_at: createdAt.toISOString() } satisfies CustoAdicional;
}

/**
 * GET /api/custos-adicionais: by name the pt-BR way; `q` searches the name. Without `limit`,
 * every cost (the spec's array); with it, one page and the filter's total.
 */
export async function listCustosAdicionais(
  db: Executor,
  query: CustoAdicionalListQuery = {},
): Promise<{ items: CustoAdicional[]; total: number | undefined }> {
  const where = query.q ? containsSearch(query.q, custosAdicionais.nome) : undefined;
  const rows = selectCustos(db)
    .where(where)
    .orderBy(
      ...sortOrder({ nome: ptBrKey(custosAdicionais.nome) }, query, {
        sort: 'nome',
        order: 'asc',
        id: custosAdicionais.id,
      }),
    );
  const page = await pageOf(
    rows,
    () => db.select({ total: count() }).from(custosAdicionais).where(where),
    query,
  );
  return { items: page.items.map(toCusto), total: page.total };
}

export async function getCustoAdicional(
  db: Executor,
  id: number,
): Promise<CustoAdicional | undefined> {
  const [row] = await selectCustos(db).where(eq(custosAdicionais.id, id));
  return row && toCusto(row);
}

const columns = (data: CustoAdicionalData) => ({
  nome: data.nome,
  descricao: data.descricao,
  tipo: data.tipo,
  valorPercentual: data.valor_percentual,
  valorFixo: data.valor_fixo,
});

export async function createCustoAdicional(db: Executor, data: CustoAdicionalData) {
  let id: number;
  try {
    const [row] = await db
      .insert(custosAdicionais)
      .values(columns(data))
      .returning({ id: custosAdicionais.id });
    id = row!.id;
  } catch (error) {
    rethrowUnique(error, CUSTO_ADICIONAL_MESSAGES.nomeDuplicado, 'nome');
  }
  return (await getCustoAdicional(db, id))!;
}

export async function updateCustoAdicional(db: Executor, id: number, data: CustoAdicionalData) {
  let rows: { id: number }[];
  try {
    rows = await db
      .update(custosAdicionais)
      .set({ ...columns(data), updatedAt: sql`now()` })
      .where(eq(custosAdicionais.id, id))
      .returning({ id: custosAdicionais.id });
  } catch (error) {
    rethrowUnique(error, CUSTO_ADICIONAL_MESSAGES.nomeDuplicado, 'nome');
  }
  if (rows.length === 0) throw notFound(CUSTO_ADICIONAL_MESSAGES.naoEncontrado);
  return (await getCustoAdicional(db, id))!;
}

/**
 * Deletes a cost. Tables that use it lose it (the link cascades) and their prices drop by it
 * from then on: the list shows how many tables use each cost, and the screen asks first.
 */
export async function deleteCustoAdicional(db: Executor, id: number): Promise<void> {
  const deleted = await db
    .delete(custosAdicionais)
    .where(eq(custosAdicionais.id, id))
    .returning({ id: custosAdicionais.id });
  if (deleted.length === 0) throw notFound(CUSTO_ADICIONAL_MESSAGES.naoEncontrado);
}

/**
 * GET /api/tabelas-precos/{id}/custos: every cost, with `associado` where the table uses it
 * (`usadoPelaTabela`, SQL on the cost's id, comes from the tabelas-precos module).
 */
export async function listCustosAssociados(
  db: Executor,
  usadoPelaTabela: (custoId: SQLWrapper) => SQL<boolean>,
): Promise<CustoAssociado[]> {
  const associado = usadoPelaTabela(custosAdicionais.id);
  const rows = await selectCustos(db, { associado }).orderBy(
    ptBrOrder(custosAdicionais.nome),
    custosAdicionais.id,
  );
  return rows.map(({ associado: linked, ...row }) => ({ ...toCusto(row), associado: linked }));
}

/** How many of these costs exist (a price table may only link existing ones). */
export async function contarCustosExistentes(db: Executor, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const found = await db
    .select({ id: custosAdicionais.id })
    .from(custosAdicionais)
    .where(inArray(custosAdicionais.id, ids));
  return found.length;
}

/** Every cost's id, nome, tipo and values, as a subquery another module joins by id. */
export function custosResumo(db: Executor) {
  return db
    .select({
      id: custosAdicionais.id,
      nome: custosAdicionais.nome,
      tipo: custosAdicionais.tipo,
      valorPercentual: custosAdicionais.valorPercentual,
      valorFixo: custosAdicionais.valorFixo,
    })
    .from(custosAdicionais)
    .as('custo');
}
