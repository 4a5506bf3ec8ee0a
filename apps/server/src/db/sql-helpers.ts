import { getTableColumns, is, sql, SQL, type AnyColumn } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SortOrder } from '@prumo/shared/validation';
import { CASING, type Executor } from './database';

/**
 * SQL side of the search rule in @prumo/shared/search: normalize_search() (created by the first
 * migration) lower-cases and removes accents, so "acao" finds "Ação" on both databases.
 */
export function normalized(column: AnyColumn | SQL): SQL {
  return sql`normalize_search(${column})`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** True when any column contains the term, ignoring case and accents. */
export function containsSearch(term: string, ...columns: Array<AnyColumn | SQL>): SQL {
  const pattern = `%${escapeLike(term)}%`;
  const conditions = columns.map(
    (column) => sql`${normalized(column)} LIKE normalize_search(${pattern})`,
  );
  return sql.join(conditions, sql` OR `);
}

/**
 * True when any of the given columns, which already hold normalize_search() of a text (stored
 * generated columns such as nome_busca, which trigram indexes cover), contains the term.
 */
export function containsNormalizedSearch(term: string, ...normalizedColumns: AnyColumn[]): SQL {
  const pattern = sql`normalize_search(${`%${escapeLike(term)}%`})`;
  return sql`(${sql.join(
    normalizedColumns.map((column) => sql`${column} LIKE ${pattern}`),
    sql` OR `,
  )})`;
}

/**
 * pt-BR ordering without ICU (PGlite has none): accent-free lower-case first, the original text
 * as tie-breaker, so "Álvaro" comes before "bruno" and "Zé".
 */
export function ptBrOrder(column: AnyColumn | SQL): SQL {
  return sql`${normalized(column)}, ${column}`;
}

/** A text column sorted the pt-BR way (see ptBrOrder), as the columns of a sort key. */
export function ptBrKey(column: AnyColumn | SQL): Array<AnyColumn | SQL> {
  return [normalized(column), column];
}

/** A list's sort keys (the shared whitelist), each with the columns it orders by. */
export type SortColumns<Key extends string> = Record<Key, ReadonlyArray<AnyColumn | SQL>>;

/**
 * ORDER BY of a server-sorted list: the columns of `sort` (the list's default key when left out)
 * in the direction of `order` (the list's default direction when left out), then the id in the
 * same direction, so rows that tie keep one order and paging never repeats or skips one. Reversing
 * the direction reverses the whole key, so one btree index serves both.
 */
export function sortOrder<Key extends string>(
  columns: SortColumns<Key>,
  query: { sort?: Key; order?: SortOrder },
  padrao: { sort: Key; order: SortOrder; id: AnyColumn },
): SQL[] {
  const direction = (query.order ?? padrao.order) === 'desc' ? sql`DESC` : sql`ASC`;
  return [...columns[query.sort ?? padrao.sort], padrao.id].map(
    (column) => sql`${column} ${direction}`,
  );
}

/**
 * A list's answer: without `limit`, every row (the spec's array); with it, one page from
 * `offset` and, in a second query run alongside, how many rows the filter matches.
 */
export async function pageOf<Row>(
  rows: PromiseLike<Row[]> & {
    limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
  },
  total: () => PromiseLike<Array<{ total: number }>>,
  page: { limit?: number; offset?: number },
): Promise<{ items: Row[]; total: number | undefined }> {
  if (page.limit === undefined) return { items: await rows, total: undefined };
  const [items, [counted]] = await Promise.all([
    rows.limit(page.limit).offset(page.offset ?? 0),
    total(),
  ]);
  return { items, total: Number(counted?.total ?? 0) };
}

/**
 * A timestamptz as the text Date.toISOString() writes, for JSON a query builds itself
 * (json_build_object would keep the database's own format).
 */
export function isoUtc(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * An answer the database writes as JSON text: one object with these fields, in this order. A
 * detail read that sends it as it is skips building objects in node and checking them again
 * against the route's schema (the API tests check the text against it).
 */
export function jsonObjectText(fields: Record<string, AnyColumn | SQL>): SQL<string> {
  const columns = Object.entries(fields).map(
    ([field, value]) => sql`${value} AS ${sql.identifier(field)}`,
  );
  return sql<string>`(SELECT row_to_json(objeto) FROM (SELECT ${sql.join(columns, sql`, `)}) AS objeto)::text`;
}

/** Runs a hand-written query; both drivers answer { rows } (numeric and bigint as numbers). */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Leituras = Record<string, SQL<unknown>>;
type Lidas<T extends Leituras> = { [K in keyof T]: T[K] extends SQL<infer V> ? V : never };

/**
 * Independent reads in one statement, one round trip: each a scalar subquery (JSON for rows)
 * named by its key. A write that must read from several modules before it writes (the counter
 * sale: products, caixa, finance rules) saves a round trip per read.
 */
export async function lerJuntos<T extends Leituras>(db: Executor, leituras: T): Promise<Lidas<T>> {
  const colunas = Object.entries(leituras).map(
    ([nome, leitura]) => sql`(${leitura}) AS ${sql.identifier(nome)}`,
  );
  const [row] = await selectRows<Lidas<T>>(db, sql`SELECT ${sql.join(colunas, sql`, `)}`);
  return row!;
}

const casing = new CasingCache(CASING);
/** Per table, the quoted column list of each set of keys an insercao used. */
const listasDeColunas = new WeakMap<PgTable, Map<string, SQL>>();

function listaDeColunas(table: PgTable, colunas: Record<string, AnyColumn>, chaves: string[]): SQL {
  let listas = listasDeColunas.get(table);
  if (!listas) listasDeColunas.set(table, (listas = new Map()));
  const assinatura = chaves.join();
  let lista = listas.get(assinatura);
  if (!lista) {
    const nomes = chaves.map((chave) => `"${casing.getColumnCasing(colunas[chave]!)}"`);
    listas.set(assinatura, (lista = sql.raw(nomes.join(', '))));
  }
  return lista;
}

/**
 * One row's INSERT, for a statement built by hand (a WITH of several writes). Drizzle's insert
 * builder walks every column of the table and types every parameter on each call: 150 µs for
 * the 33 columns of vendas, the quick sale's largest cost in node. This takes only the columns
 * given (their list built once), each value mapped by its column as the builder maps it. Keys
 * as in .values(); SQL values go in as they are.
 */
export function insercao<T extends PgTable>(
  table: T,
  valores: { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL },
  retorno: SQL,
): SQL {
  const colunas = getTableColumns(table) as Record<string, AnyColumn>;
  const chaves = Object.keys(valores);
  const params = chaves.map((chave) => {
    const valor: unknown = valores[chave as keyof typeof valores];
    if (is(valor, SQL)) return valor;
    return valor === null || valor === undefined ? null : colunas[chave]!.mapToDriverValue(valor);
  }) as SQL[]; // the plain values become parameters, as in a sql`` template
  return sql`INSERT INTO ${table} (${listaDeColunas(table, colunas, chaves)})
    VALUES (${sql.join(params, sql`, `)}) RETURNING ${retorno}`;
}

/**
 * A higher module's answer to a lower one's hook for a read: a SELECT with the columns the hook
 * names, `chave` among them (a group's id, a sale's id), which the lower module left-joins under
 * its own alias. The read stays one query, as it was before the layers.
 */
export function juncao(select: SQL, alias: string) {
  const nome = sql.identifier(alias);
  return {
    tabela: sql`(${select}) ${nome}`,
    coluna: <T = unknown>(coluna: string) => sql<T>`${nome}.${sql.identifier(coluna)}`,
  };
}

/** Start of a calendar day (AAAA-MM-DD) in the company's time zone, as a timestamptz. */
export function inicioDoDia(dia: string, timeZone: string): SQL {
  return sql`(${dia}::date::timestamp AT TIME ZONE ${timeZone})`;
}
