import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  DocumentoDeTitulo,
  Natureza,
  StatusParcelaGravado,
  TipoCategoria,
  TipoConta,
} from '@prumo/shared/financeiro';
import type { FormaPagamento } from '@prumo/shared/vendas';
import { money, timestamps } from '../../db/columns';
import { cadastros } from '../cadastros/cadastros.table';
import { devolucoes } from '../fiscal/fiscal.table';
import { entradasNfe } from '../fiscal/entradas.table';
import { ordensServico } from '../ordens-servico/ordens-servico.table';
import { usuarios } from '../usuarios/usuarios.table';
import { vendas } from '../vendas/vendas.table';

/**
 * Cash and bank accounts. A balance is never stored: it is the opening balance plus the
 * settlements (baixas) and transfers not reversed, summed when read.
 */
export const contasFinanceiras = pgTable(
  'contas_financeiras',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 100 }).notNull(),
    tipo: varchar({ length: 20 }).$type<TipoConta>().notNull(),
    banco: varchar({ length: 100 }),
    agencia: varchar({ length: 20 }),
    conta: varchar({ length: 30 }),
    saldoInicial: money().notNull().default(0),
    dataSaldoInicial: date({ mode: 'string' }).notNull(),
    ativo: boolean().notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check(
      'contas_financeiras_tipo_check',
      sql`${table.tipo} IN ('caixa', 'corrente', 'poupanca', 'investimento', 'outra')`,
    ),
  ],
);

/** The chart of accounts: receitas and despesas; the sales' two are marked by their slug. */
export const categoriasFinanceiras = pgTable(
  'categorias_financeiras',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 100 }).notNull(),
    tipo: varchar({ length: 10 }).$type<TipoCategoria>().notNull(),
    slug: varchar({ length: 40 }).unique(),
    ativo: boolean().notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check('categorias_financeiras_tipo_check', sql`${table.tipo} IN ('receita', 'despesa')`),
    uniqueIndex('categorias_financeiras_tipo_nome_unique').on(
      table.tipo,
      sql`lower(${table.nome})`,
    ),
  ],
);

/** How each payment method of a sale becomes a receivable (one row per method). */
export const formasFinanceiras = pgTable('formas_financeiras', {
  forma: varchar({ length: 20 }).$type<FormaPagamento>().primaryKey(),
  contaId: integer().references(() => contasFinanceiras.id, { onDelete: 'set null' }),
  prazoDias: smallint().notNull(),
  baixaAutomatica: boolean().notNull(),
});

/**
 * A payable or a receivable: who, what for, its category, and where it came from (a sale or a
 * service order, or typed by hand). Cancelled, never deleted, once it has moved money.
 */
export const titulos = pgTable(
  'titulos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    natureza: varchar({ length: 10 }).$type<Natureza>().notNull(),
    descricao: varchar({ length: 200 }).notNull(),
    pessoaId: integer().references(() => cadastros.id, { onDelete: 'restrict' }),
    categoriaId: integer().references(() => categoriasFinanceiras.id, { onDelete: 'restrict' }),
    centroCusto: varchar({ length: 100 }),
    documento: varchar({ length: 60 }),
    /** The month it belongs to in the DRE (a day of that month). */
    competencia: date({ mode: 'string' }).notNull(),
    formaPagamento: varchar({ length: 20 }).$type<FormaPagamento>(),
    valor: money().notNull(),
    observacoes: varchar({ length: 2000 }),
    vendaId: integer().references(() => vendas.id, { onDelete: 'restrict' }),
    ordemServicoId: integer().references(() => ordensServico.id, { onDelete: 'restrict' }),
    /** The purchase whose supplier's NF-e (entered from its XML) this payable came from. */
    entradaNfeId: integer().references((): AnyPgColumn => entradasNfe.id, {
      onDelete: 'restrict',
    }),
    /** The return whose refund or credit this title is. */
    devolucaoId: integer().references((): AnyPgColumn => devolucoes.id, {
      onDelete: 'restrict',
    }),
    /**
     * The document of a module above finance that wrote this title (a contract's bill, a
     * rental, a subscription's renewal): named, not referenced, since finance sits below them;
     * each such module keeps its own foreign key to the title.
     */
    documentoTipo: varchar({ length: 12 }).$type<DocumentoDeTitulo>(),
    documentoId: integer(),
    /** The titles a recurring payable created together share the first one's id. */
    recorrenciaId: integer(),
    canceladoEm: timestamp({ withTimezone: true }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    ...timestamps,
  },
  (table) => [
    check('titulos_natureza_check', sql`${table.natureza} IN ('pagar', 'receber')`),
    check('titulos_valor_check', sql`${table.valor} > 0`),
    check(
      'titulos_documento_check',
      sql`(${table.documentoTipo} IS NULL) = (${table.documentoId} IS NULL) AND ${table.documentoTipo} IN ('contrato', 'locacao', 'assinatura')`,
    ),
    index('titulos_natureza_competencia_idx').on(table.natureza, table.competencia),
    index('titulos_pessoa_id_idx').on(table.pessoaId),
    index('titulos_categoria_id_idx').on(table.categoriaId),
    index('titulos_venda_id_idx').on(table.vendaId),
    index('titulos_ordem_servico_id_idx').on(table.ordemServicoId),
    index('titulos_entrada_nfe_id_idx').on(table.entradaNfeId),
    index('titulos_devolucao_id_idx').on(table.devolucaoId),
    index('titulos_usuario_id_idx').on(table.usuarioId),
    index('titulos_recorrencia_id_idx').on(table.recorrenciaId),
    index('titulos_documento_idx').on(table.documentoTipo, table.documentoId),
    // The list's sorts by descricao and valor (competencia: titulos_natureza_competencia_idx).
    index('titulos_descricao_idx').on(
      sql`normalize_search(${table.descricao})`,
      table.descricao,
      table.id,
    ),
    index('titulos_valor_idx').on(table.valor, table.id),
    index('titulos_descricao_trgm_idx').using(
      'gin',
      sql`normalize_search(${table.descricao}) gin_trgm_ops`,
    ),
    index('titulos_documento_trgm_idx').using(
      'gin',
      sql`normalize_search(${table.documento}) gin_trgm_ops`,
    ),
  ],
);

/**
 * The installments of a title. valor_pago, juros, multa and desconto are the sums of its
 * settlements not reversed, kept in the same transaction as each settlement and reversal.
 */
export const parcelas = pgTable(
  'parcelas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tituloId: integer()
      .notNull()
      .references(() => titulos.id, { onDelete: 'cascade' }),
    numero: smallint().notNull(),
    vencimento: date({ mode: 'string' }).notNull(),
    valor: money().notNull(),
    valorPago: money().notNull().default(0),
    juros: money().notNull().default(0),
    multa: money().notNull().default(0),
    desconto: money().notNull().default(0),
    status: varchar({ length: 10 }).$type<StatusParcelaGravado>().notNull().default('aberto'),
    ...timestamps,
  },
  (table) => [
    unique('parcelas_titulo_numero_unique').on(table.tituloId, table.numero),
    check(
      'parcelas_valores_check',
      sql`${table.valor} > 0 AND ${table.valorPago} >= 0 AND ${table.valorPago} <= ${table.valor}`,
    ),
    check(
      'parcelas_status_check',
      sql`${table.status} IN ('aberto', 'parcial', 'pago', 'cancelado')`,
    ),
    index('parcelas_status_vencimento_idx').on(table.status, table.vencimento),
    index('parcelas_vencimento_idx').on(table.vencimento),
  ],
);

/**
 * A settlement of an installment: the cash that moved into or out of an account, with its
 * interest, fine and discount. A reversal (estorno) stamps it, never deletes it.
 */
export const baixas = pgTable(
  'baixas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    parcelaId: integer()
      .notNull()
      .references(() => parcelas.id, { onDelete: 'restrict' }),
    contaId: integer()
      .notNull()
      .references(() => contasFinanceiras.id, { onDelete: 'restrict' }),
    data: date({ mode: 'string' }).notNull(),
    valor: money().notNull(),
    juros: money().notNull().default(0),
    multa: money().notNull().default(0),
    desconto: money().notNull().default(0),
    amortizado: money().notNull(),
    observacao: varchar({ length: 200 }),
    /** Made by a sale when it was finalized (cash, PIX, debit). */
    automatica: boolean().notNull().default(false),
    estornadaEm: timestamp({ withTimezone: true }),
    estornadaPor: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'baixas_valores_check',
      sql`${table.valor} > 0 AND ${table.juros} >= 0 AND ${table.multa} >= 0 AND ${table.desconto} >= 0 AND ${table.amortizado} > 0`,
    ),
    index('baixas_parcela_id_idx').on(table.parcelaId),
    index('baixas_conta_data_idx').on(table.contaId, table.data),
    index('baixas_data_idx').on(table.data),
    index('baixas_estornada_por_idx').on(table.estornadaPor),
    index('baixas_usuario_id_idx').on(table.usuarioId),
  ],
);

/** Money moved from one account to another (a reversal stamps it). */
export const transferencias = pgTable(
  'transferencias',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    origemId: integer()
      .notNull()
      .references(() => contasFinanceiras.id, { onDelete: 'restrict' }),
    destinoId: integer()
      .notNull()
      .references(() => contasFinanceiras.id, { onDelete: 'restrict' }),
    data: date({ mode: 'string' }).notNull(),
    valor: money().notNull(),
    descricao: varchar({ length: 200 }),
    estornadaEm: timestamp({ withTimezone: true }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'transferencias_check',
      sql`${table.valor} > 0 AND ${table.origemId} <> ${table.destinoId}`,
    ),
    index('transferencias_origem_data_idx').on(table.origemId, table.data),
    index('transferencias_destino_data_idx').on(table.destinoId, table.data),
    index('transferencias_usuario_id_idx').on(table.usuarioId),
  ],
);
