import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { StatusCaixa, TipoMovimentoCaixa } from '@prumo/shared/caixas';
import type { FormaPagamento } from '@prumo/shared/vendas';
import { money } from '../../db/columns';
import { usuarios } from '../usuarios/usuarios.table';

/**
 * An operator's cash drawer session at the counter: opened with the fundo de troco, closed with
 * the count per payment method. One open caixa per operator (a partial unique index).
 */
export const caixas = pgTable(
  'caixas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'no action' }),
    status: varchar({ length: 10 }).$type<StatusCaixa>().notNull().default('aberto'),
    valorInicial: money().notNull(),
    observacoes: text(),
    abertoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechadoEm: timestamp({ withTimezone: true }),
    fechadoPor: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    observacoesFechamento: text(),
  },
  (table) => [
    check('caixas_status_check', sql`${table.status} IN ('aberto', 'fechado')`),
    check('caixas_valor_inicial_check', sql`${table.valorInicial} >= 0`),
    uniqueIndex('caixas_um_aberto_por_usuario')
      .on(table.usuarioId)
      .where(sql`${table.status} = 'aberto'`),
    index('caixas_aberto_em_idx').on(table.abertoEm.desc()),
    index('caixas_fechado_por_idx').on(table.fechadoPor),
  ],
);

/** Sangrias (cash taken out) and suprimentos (cash put in) of a caixa, with their reason. */
export const caixaMovimentos = pgTable(
  'caixa_movimentos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    caixaId: integer()
      .notNull()
      .references(() => caixas.id, { onDelete: 'no action' }),
    tipo: varchar({ length: 12 }).$type<TipoMovimentoCaixa>().notNull(),
    valor: money().notNull(),
    motivo: varchar({ length: 200 }).notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('caixa_movimentos_tipo_check', sql`${table.tipo} IN ('sangria', 'suprimento')`),
    check('caixa_movimentos_valor_check', sql`${table.valor} > 0`),
    index('caixa_movimentos_caixa_id_idx').on(table.caixaId),
    index('caixa_movimentos_usuario_id_idx').on(table.usuarioId),
  ],
);

/** The closing count: per payment method what was expected, what was counted. */
export const caixaConferencias = pgTable(
  'caixa_conferencias',
  {
    caixaId: integer()
      .notNull()
      .references(() => caixas.id, { onDelete: 'no action' }),
    forma: varchar({ length: 20 }).$type<FormaPagamento>().notNull(),
    recebido: money().notNull(),
    esperado: money().notNull(),
    contado: money().notNull(),
  },
  (table) => [primaryKey({ columns: [table.caixaId, table.forma] })],
);
