import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { TipoMovimentacao } from '@prumo/shared/estoque';
import { quantity, timestamps } from '../../db/columns';
import { importacaoId } from '../importacao/importacao.table';
import { devolucoes } from '../fiscal/fiscal.table';
import { entradasNfe } from '../fiscal/entradas.table';
import { produtos } from '../produtos/produtos.table';
import { ordensServico } from '../ordens-servico/ordens-servico.table';
import { usuarios } from '../usuarios/usuarios.table';
import { vendas } from '../vendas/vendas.table';

/**
 * The stock ledger: every change of produtos.estoque is one row here, written in the same
 * transaction as the change, so a product's stock always equals the sum of its movements.
 */
export const estoqueMovimentacoes = pgTable(
  'estoque_movimentacoes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    produtoId: integer()
      .notNull()
      .references(() => produtos.id, { onDelete: 'no action' }),
    tipo: varchar({ length: 10 }).$type<TipoMovimentacao>().notNull(),
    quantidade: quantity().notNull(),
    /** The day the movement happened (the form's date), in the company's calendar. */
    data: date({ mode: 'string' }).notNull(),
    motivo: varchar({ length: 200 }).notNull(),
    observacoes: text(),
    /** Who recorded it; null only for rows the system seeds. */
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    /** The spreadsheet import that created it (set by the database; null otherwise). */
    importacaoId: importacaoId(),
    ...timestamps,
    /** Who last edited it (PUT); null while never edited. */
    updatedBy: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    /** The sale whose finalizing (saída) or cancelling (entrada) wrote this movement. */
    vendaId: integer().references((): AnyPgColumn => vendas.id, { onDelete: 'no action' }),
    /** The service order whose conclusion wrote this saída. */
    ordemServicoId: integer().references((): AnyPgColumn => ordensServico.id, {
      onDelete: 'no action',
    }),
    /** The purchase (supplier's NF-e entered from its XML) whose confirmation wrote this entrada. */
    entradaNfeId: integer().references((): AnyPgColumn => entradasNfe.id, {
      onDelete: 'no action',
    }),
    /** The return (customer's: entrada; to a supplier: saída) that wrote this movement. */
    devolucaoId: integer().references((): AnyPgColumn => devolucoes.id, {
      onDelete: 'no action',
    }),
  },
  (table) => [
    index('estoque_movimentacoes_importacao_id_idx').on(table.importacaoId),
    check('estoque_movimentacoes_tipo_check', sql`${table.tipo} IN ('entrada', 'saida')`),
    check('estoque_movimentacoes_quantidade_positiva', sql`${table.quantidade} > 0`),
    // Ascending keys: read backwards for the newest first (a DESC NULLS LAST index would match
    // neither direction of ORDER BY data, id).
    index('estoque_movimentacoes_produto_data_idx').on(table.produtoId, table.data, table.id),
    index('estoque_movimentacoes_data_idx').on(table.data, table.id),
    // The list sorted by quantidade.
    index('estoque_movimentacoes_quantidade_idx').on(table.quantidade, table.id),
    index('estoque_movimentacoes_usuario_id_idx').on(table.usuarioId),
    index('estoque_movimentacoes_updated_by_idx').on(table.updatedBy),
    index('estoque_movimentacoes_venda_id_idx').on(table.vendaId),
    index('estoque_movimentacoes_ordem_servico_id_idx').on(table.ordemServicoId),
    index('estoque_movimentacoes_entrada_nfe_id_idx').on(table.entradaNfeId),
    index('estoque_movimentacoes_devolucao_id_idx').on(table.devolucaoId),
  ],
);
