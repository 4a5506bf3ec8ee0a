import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  date,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { FormaPagamento, StatusQualquer, TipoVenda } from '@prumo/shared/vendas';
import { money, quantity, timestamps } from '../../db/columns';
import { cadastros } from '../cadastros/cadastros.table';
import { caixas } from '../caixas/caixas.table';
import { produtos } from '../produtos/produtos.table';
import { servicos } from '../servicos/servicos.table';
import { usuarios } from '../usuarios/usuarios.table';

/** The number people see on a sale ("Venda Nº 000123"), never reused. */
export const vendasNumeroSeq = pgSequence('vendas_numero_seq', { startWith: 1 });

/**
 * Product and counter sales (spec part 2, section 3.12). Money is computed by the server from
 * the lines; a Finalizada sale is only ever cancelled, never edited or deleted.
 */
export const vendas = pgTable(
  'vendas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    numero: integer()
      .notNull()
      .default(sql`nextval('vendas_numero_seq')`)
      .unique(),
    tipo: varchar({ length: 10 }).$type<TipoVenda>().notNull(),
    status: varchar({ length: 20 }).$type<StatusQualquer>().notNull().default('Pendente'),
    clienteId: integer().references(() => cadastros.id, { onDelete: 'restrict' }),
    /** The customer's name as it was at the sale, or the name typed at the counter. */
    clienteNome: varchar({ length: 200 }),
    /** The one method, or "multiplas". */
    formaPagamento: varchar({ length: 20 }),
    valorTotal: money().notNull(),
    desconto: money().notNull().default(0),
    /** Delivery charged on a product sale (a converted quote's freight). */
    frete: money().notNull().default(0),
    valorFinal: money().notNull(),
    /**
     * Σ of its lines' cost (quantity × the cost kept on the line, each to the centavo): the
     * margin of a period is read from the sales alone (reports, Analytics).
     */
    custoTotal: money().notNull().default(0),
    troco: money().notNull().default(0),
    observacoes: text(),
    atendimentoRapido: boolean().notNull().default(false),
    dataVenda: timestamp({ withTimezone: true }).notNull().defaultNow(),
    inicioAtendimento: timestamp({ withTimezone: true }),
    vendedorId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    /** The counter sale's caixa (the one open when it was finalized). */
    caixaId: integer().references(() => caixas.id, { onDelete: 'no action' }),
    /** The manager or admin who allowed a discount above the limit. */
    descontoAutorizadoPor: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    finalizadaEm: timestamp({ withTimezone: true }),
    canceladaEm: timestamp({ withTimezone: true }),
    // An appointment (tipo servico): the service, the professional and the time it takes.
    servicoId: integer().references(() => servicos.id, { onDelete: 'restrict' }),
    servicoNome: varchar({ length: 200 }),
    dataAgendamento: date({ mode: 'string' }),
    horaInicio: varchar({ length: 5 }),
    duracaoEstimada: integer(),
    profissionalId: integer().references(() => cadastros.id, { onDelete: 'restrict' }),
    /**
     * The appointment's time range as instants (its day and time in the company's time zone);
     * an exclusion constraint (migration 0012) keeps one professional's ranges from overlapping.
     */
    agendaInicio: timestamp({ withTimezone: true }),
    agendaFim: timestamp({ withTimezone: true }),
    iniciadoEm: timestamp({ withTimezone: true }),
    concluidoEm: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('vendas_tipo_check', sql`${table.tipo} IN ('produto', 'balcao')`),
    check('vendas_status_check', sql`${table.status} IN ('Pendente', 'Finalizada', 'Cancelada')`),
    check(
      'vendas_valores_check',
      sql`${table.valorTotal} >= 0 AND ${table.desconto} >= 0 AND ${table.valorFinal} >= 0 AND ${table.troco} >= 0 AND ${table.frete} >= 0 AND ${table.valorFinal} = ${table.valorTotal} - ${table.desconto} + ${table.frete}`,
    ),
    // Ascending keys: a btree serves ORDER BY … DESC backwards, while a DESC NULLS LAST one (what
    // .desc() makes) matches neither ORDER BY … ASC nor … DESC (whose nulls come first).
    index('vendas_tipo_data_idx').on(table.tipo, table.dataVenda, table.id),
    index('vendas_status_idx').on(table.tipo, table.status),
    index('vendas_cliente_id_idx').on(table.clienteId),
    index('vendas_cliente_nome_trgm_idx').using(
      'gin',
      sql`normalize_search(${table.clienteNome}) gin_trgm_ops`,
    ),
    // The list's q also searches the appointment's service name (OR: both need an index).
    index('vendas_servico_nome_trgm_idx').using(
      'gin',
      sql`normalize_search(${table.servicoNome}) gin_trgm_ops`,
    ),
    index('vendas_vendedor_id_idx').on(table.vendedorId),
    index('vendas_caixa_id_idx').on(table.caixaId),
    index('vendas_desconto_autorizado_por_idx').on(table.descontoAutorizadoPor),
    index('vendas_finalizada_em_idx').on(table.finalizadaEm),
    index('vendas_servico_id_idx').on(table.servicoId),
    index('vendas_profissional_agenda_idx').on(table.profissionalId, table.dataAgendamento),
    index('vendas_agenda_idx').on(table.tipo, table.dataAgendamento),
    index('vendas_concluido_em_idx').on(table.concluidoEm),
    // The list's sorts (sort=data without a tipo, cliente, valor); numero has its unique index.
    index('vendas_data_idx').on(table.dataVenda, table.id),
    index('vendas_cliente_nome_idx').on(
      sql`normalize_search(${table.clienteNome})`,
      table.clienteNome,
      table.id,
    ),
    index('vendas_valor_final_idx').on(table.valorFinal, table.id),
  ],
);

/** A sale's lines, keeping the product's name, unit, price and cost as they were at the sale. */
export const vendaItens = pgTable(
  'venda_itens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    vendaId: integer()
      .notNull()
      .references(() => vendas.id, { onDelete: 'cascade' }),
    ordem: smallint().notNull(),
    produtoId: integer()
      .notNull()
      .references(() => produtos.id, { onDelete: 'restrict' }),
    produtoNome: varchar({ length: 200 }).notNull(),
    unidadeMedida: varchar({ length: 10 }).notNull(),
    quantidade: quantity().notNull(),
    precoUnitario: money().notNull(),
    descontoItem: money().notNull().default(0),
    subtotal: money().notNull(),
    /** The product's custo final at the sale, for margins and reports. */
    custoUnitario: money().notNull().default(0),
  },
  (table) => [
    check('venda_itens_quantidade_check', sql`${table.quantidade} > 0`),
    check(
      'venda_itens_valores_check',
      sql`${table.precoUnitario} >= 0 AND ${table.descontoItem} >= 0 AND ${table.subtotal} >= 0`,
    ),
    index('venda_itens_venda_id_idx').on(table.vendaId, table.ordem),
    index('venda_itens_produto_id_idx').on(table.produtoId),
  ],
);

/** How a sale is paid: one row per method (cash above the total is the sale's troco). */
export const vendaPagamentos = pgTable(
  'venda_pagamentos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    vendaId: integer()
      .notNull()
      .references(() => vendas.id, { onDelete: 'cascade' }),
    forma: varchar({ length: 20 }).$type<FormaPagamento>().notNull(),
    valor: money().notNull(),
  },
  (table) => [
    check('venda_pagamentos_valor_check', sql`${table.valor} > 0`),
    index('venda_pagamentos_venda_id_idx').on(table.vendaId),
  ],
);

/** Every status a sale went through, who moved it and why: the sale view's history. */
export const vendaHistorico = pgTable(
  'venda_historico',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    vendaId: integer()
      .notNull()
      .references(() => vendas.id, { onDelete: 'cascade' }),
    status: varchar({ length: 20 }).$type<StatusQualquer>().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    motivo: varchar({ length: 200 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('venda_historico_venda_id_idx').on(table.vendaId, table.id),
    index('venda_historico_usuario_id_idx').on(table.usuarioId),
  ],
);
