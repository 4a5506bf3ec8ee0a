import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { TipoCustoAdicional } from '@prumo/shared/precos';
import { money, percent, timestamps } from '../../db/columns';

/**
 * Additional costs a price table adds to its prices (spec part 2, section 3.6): a percentage of
 * the product's final cost (percentual) or a fixed amount (fixo). Only the value of the type is
 * kept; the other is null.
 */
export const custosAdicionais = pgTable(
  'custos_adicionais',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 120 }).notNull(),
    descricao: text(),
    tipo: varchar({ length: 20 }).$type<TipoCustoAdicional>().notNull().default('percentual'),
    valorPercentual: percent(7),
    valorFixo: money(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('custos_adicionais_nome_unique').on(sql`normalize_search(${table.nome})`),
    check(
      'custos_adicionais_valor_check',
      sql`(${table.tipo} = 'percentual' AND ${table.valorPercentual} > 0 AND ${table.valorFixo} IS NULL)
        OR (${table.tipo} = 'fixo' AND ${table.valorFixo} > 0 AND ${table.valorPercentual} IS NULL)`,
    ),
  ],
);
