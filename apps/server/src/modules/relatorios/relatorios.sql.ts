// SQL pieces the reports share: shares of a whole, labels of stored values, and the period
// buckets (day, week from Monday, month) with the empty ones kept.
import { sql, type SQL } from 'drizzle-orm';
import type { Agrupamento } from '@prumo/shared/relatorios';
import type { FiltrosLidos } from './relatorios.repository';

/** Share of the whole, in percent with two decimals (0 when the whole is 0). */
export const participacao = (valor: SQL) =>
  sql`coalesce(round(100 * ${valor} / nullif(sum(${valor}) OVER (), 0), 2), 0)`;

/** A stored value's label ("cartao_credito" → "Cartão de Crédito") from a shared list. */
export const rotuloDe = (
  lista: ReadonlyArray<{ value: string; label: string }>,
  coluna: SQL,
): SQL =>
  sql`CASE ${coluna} ${sql.join(
    lista.map((item) => sql`WHEN ${item.value} THEN ${item.label}`),
    sql` `,
  )} ELSE coalesce(${coluna}::text, '') END`;

const UNIDADE: Record<Agrupamento, string> = { dia: 'day', semana: 'week', mes: 'month' };

/** The first day of the bucket a day (a date expression) falls in. */
export const inicioDoPeriodo = (f: FiltrosLidos, dia: SQL) =>
  sql`date_trunc(${UNIDADE[f.agrupar]}, (${dia})::timestamp)::date`;

/**
 * Every bucket of the period, empty ones included, as rows "s" (the bucket's first day) with
 * "periodo", its label (31/01/2026, 26/01/2026 a 01/02/2026, 01/2026), and "__ordem".
 */
export function periodos(f: FiltrosLidos): SQL {
  const unidade = UNIDADE[f.agrupar];
  const rotulo = {
    dia: sql`to_char(s, 'DD/MM/YYYY')`,
    semana: sql`to_char(s, 'DD/MM/YYYY') || ' a ' || to_char(s + interval '6 days', 'DD/MM/YYYY')`,
    mes: sql`to_char(s, 'MM/YYYY')`,
  }[f.agrupar];
  return sql`SELECT s::date AS s, ${rotulo} AS periodo, s::date::text AS "__ordem"
    FROM generate_series(date_trunc(${unidade}, ${f.de}::date::timestamp),
      ${f.ate}::date::timestamp, ${`1 ${unidade}`}::interval) s`;
}
