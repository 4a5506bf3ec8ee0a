import { count, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SortOrder } from '@prumo/shared/validation';
import type { Executor } from './database';
import { sortOrder, type SortColumns } from './sql-helpers';

/** A paged list's query: its sort key and direction, and the page. */
interface ListQuery<Key extends string> {
  sort?: Key;
  order?: SortOrder;
  limit: number;
  offset: number;
}

/**
 * The two statements of a server-sorted, paged list, not yet run: the page of `rows` (a
 * $dynamic() select with its joins) in sortOrder, and how many rows of `tabela` the filter
 * matches (answered as X-Total-Count).
 */
export function listaPaginada<S extends PgSelect, Key extends string>(
  db: Executor,
  lista: {
    rows: S;
    tabela: PgTable;
    where: SQL | undefined;
    columns: SortColumns<Key>;
    query: ListQuery<Key>;
    padrao: { sort: Key; order: SortOrder; id: AnyColumn };
  },
) {
  const { query, where } = lista;
  return {
    rows: lista.rows
      .where(where)
      .orderBy(...sortOrder(lista.columns, query, lista.padrao))
      .limit(query.limit)
      .offset(query.offset),
    total: db.select({ total: count() }).from(lista.tabela).where(where),
  };
}

type Statements<Row> = {
  rows: PromiseLike<Row[]> & { getSQL(): SQL };
  total: PromiseLike<Array<{ total: number }>> & { getSQL(): SQL };
};

/** Runs both statements of listaPaginada together: the page's items and the total. */
export async function lerLista<Row, Item>(
  statements: Statements<Row>,
  toItem: (row: Row) => Item,
): Promise<{ items: Item[]; total: number }> {
  const [rows, [totals]] = await Promise.all([statements.rows, statements.total]);
  return { items: rows.map(toItem), total: totals?.total ?? 0 };
}

/** The SQL of both statements (listas.explain.test.ts checks their plans). */
export function sqlDaLista(statements: Statements<unknown>): { rows: SQL; total: SQL } {
  return { rows: statements.rows.getSQL(), total: statements.total.getSQL() };
}

/**
 * A list's two entry points from one definition of its statements (a listaPaginada): the answer
 * (items and total) and the SQL it runs, for listas.explain.test.ts.
 */
export function listaDe<A extends unknown[], Row, Item>(
  statements: (db: Executor, ...args: A) => Statements<Row>,
  toItem: (row: Row) => Item,
) {
  return {
    ler: (db: Executor, ...args: A) => lerLista(statements(db, ...args), toItem),
    sql: (db: Executor, ...args: A) => sqlDaLista(statements(db, ...args)),
  };
}

/**
 * A document list's search `q`: `porTexto`, or the document's `numero` when `q` is a number
 * (up to 9 digits) too.
 */
export function buscaDoDocumento(q: string, numero: AnyColumn, porTexto: SQL): SQL {
  const comoNumero = /^\d{1,9}$/.test(q) ? Number(q) : undefined;
  return comoNumero === undefined ? porTexto : sql`(${numero} = ${comoNumero} OR ${porTexto})`;
}
