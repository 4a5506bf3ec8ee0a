import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { importacaoId } from '../importacao/importacao.table';

/**
 * Product groups (the spec calls them categorias and grupos de produtos). 'Categoria Padrão' is
 * id 1 in every database: a custom migration creates it.
 */
export const categorias = pgTable(
  'categorias',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 120 }).notNull(),
    descricao: text(),
    /** The spreadsheet import that created it (set by the database; null otherwise). */
    importacaoId: importacaoId(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('categorias_nome_unique').on(sql`normalize_search(${table.nome})`),
    index('categorias_importacao_id_idx').on(table.importacaoId),
  ],
);
