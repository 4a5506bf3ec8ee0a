import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TipoTabelaPreco } from '@prumo/shared/precos';
import { percent, timestamps } from '../../db/columns';
import { custosAdicionais } from '../custos-adicionais/custos-adicionais.table';
import { produtos } from '../produtos/produtos.table';

/** Price tables (spec part 2, section 3.5). */
export const tabelasPrecos = pgTable(
  'tabelas_precos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 120 }).notNull(),
    descricao: text(),
    tipo: varchar({ length: 20 }).$type<TipoTabelaPreco>().notNull().default('varejo'),
    margemPadrao: percent(7).notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('tabelas_precos_nome_unique').on(sql`normalize_search(${table.nome})`),
    check(
      'tabelas_precos_tipo_check',
      sql`${table.tipo} IN ('varejo', 'atacado', 'promocional', 'especial')`,
    ),
    check('tabelas_precos_margem_check', sql`${table.margemPadrao} >= 0`),
  ],
);

/** The additional costs of each table. Deleting a table or a cost removes the link. */
export const tabelaPrecoCustos = pgTable(
  'tabela_preco_custos',
  {
    tabelaPrecoId: integer()
      .notNull()
      .references(() => tabelasPrecos.id, { onDelete: 'cascade' }),
    custoAdicionalId: integer()
      .notNull()
      .references(() => custosAdicionais.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.tabelaPrecoId, table.custoAdicionalId] }),
    index('tabela_preco_custos_custo_idx').on(table.custoAdicionalId),
  ],
);

/**
 * A product's margin in a price table (section 3.2). The final price is not stored: it follows
 * the product's current cost and the table's current costs (calcularPrecoTabela). Deleting the
 * product or the table removes the row.
 */
export const produtoPrecos = pgTable(
  'produto_precos',
  {
    produtoId: integer()
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    tabelaPrecoId: integer()
      .notNull()
      .references(() => tabelasPrecos.id, { onDelete: 'cascade' }),
    margem: percent(7).notNull(),
    ativo: boolean().notNull().default(true),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.produtoId, table.tabelaPrecoId] }),
    index('produto_precos_tabela_idx').on(table.tabelaPrecoId),
    check('produto_precos_margem_check', sql`${table.margem} >= 0`),
  ],
);
