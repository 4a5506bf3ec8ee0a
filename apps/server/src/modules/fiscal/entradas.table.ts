import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { money, quantity } from '../../db/columns';
import { cadastros } from '../cadastros/cadastros.table';
import { produtos } from '../produtos/produtos.table';
import { usuarios } from '../usuarios/usuarios.table';

/**
 * Purchases entered from the supplier's NF-e XML (issue 29, item 5): the note (its key once:
 * importing it again is refused), the stock entradas and the payables it wrote in the same
 * transaction point back to it.
 */
export const entradasNfe = pgTable(
  'entradas_nfe',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    chave: varchar({ length: 44 }).notNull().unique(),
    fornecedorId: integer()
      .notNull()
      .references(() => cadastros.id, { onDelete: 'restrict' }),
    numero: integer().notNull(),
    serie: smallint().notNull(),
    emitidaEm: timestamp({ withTimezone: true }).notNull(),
    valorTotal: money().notNull(),
    /** The nfeProc as uploaded (its signature checked). */
    xml: text().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entradas_nfe_fornecedor_id_idx').on(t.fornecedorId),
    index('entradas_nfe_created_at_idx').on(t.createdAt, t.id),
    index('entradas_nfe_usuario_id_idx').on(t.usuarioId),
  ],
);

/** The note's items as entered: the product each became and the quantity in its unit. */
export const entradaNfeItens = pgTable(
  'entrada_nfe_itens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entradaId: integer()
      .notNull()
      .references(() => entradasNfe.id, { onDelete: 'cascade' }),
    ordem: smallint().notNull(),
    produtoId: integer()
      .notNull()
      .references(() => produtos.id, { onDelete: 'restrict' }),
    /** cProd: the supplier's own code. */
    codigoFornecedor: varchar({ length: 60 }).notNull(),
    descricao: varchar({ length: 200 }).notNull(),
    gtin: varchar({ length: 14 }),
    unidadeNota: varchar({ length: 10 }).notNull(),
    quantidadeNota: quantity().notNull(),
    /** How many of the product's unit one unit of the note holds (a box of 12 → 12). */
    fator: quantity().notNull(),
    /** quantidadeNota × fator: what entered the stock. */
    quantidade: quantity().notNull(),
    /** The item's cost per product unit (its total less discount plus its share of freight). */
    custoUnitario: money().notNull(),
    valorTotal: money().notNull(),
  },
  (t) => [
    check('entrada_nfe_itens_quantidades', sql`${t.quantidadeNota} > 0 AND ${t.fator} > 0`),
    index('entrada_nfe_itens_entrada_id_idx').on(t.entradaId, t.ordem),
    index('entrada_nfe_itens_produto_id_idx').on(t.produtoId),
  ],
);

/** A supplier's code for one of our products, remembered from earlier entries. */
export const produtosFornecedores = pgTable(
  'produtos_fornecedores',
  {
    fornecedorId: integer()
      .notNull()
      .references(() => cadastros.id, { onDelete: 'cascade' }),
    codigo: varchar({ length: 60 }).notNull(),
    produtoId: integer()
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    fator: quantity().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.fornecedorId, t.codigo] }),
    index('produtos_fornecedores_produto_id_idx').on(t.produtoId),
  ],
);
