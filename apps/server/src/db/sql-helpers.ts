import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

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
