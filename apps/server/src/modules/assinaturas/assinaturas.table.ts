import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CicloPlano, EtapaLembrete, SituacaoAssinatura } from '@prumo/shared/contratos';
import type { FormaPagamento } from '@prumo/shared/vendas';
import { idENumero, money, timestamps } from '../../db/columns';
import { ownerKey, tabelaDeHistorico } from '../../db/documento-tabelas';
import { cadastros } from '../cadastros/cadastros.table';
import { emails } from '../emails/emails.table';
import { titulos } from '../financeiro/financeiro.table';
import { usuarios } from '../usuarios/usuarios.table';

const cicloCheck = (coluna: unknown) =>
  sql`${coluna} IN ('mensal', 'trimestral', 'semestral', 'anual')`;

/** The plans a company sells: a price per cycle and the trial days a new subscription gets. */
export const planos = pgTable(
  'planos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 120 }).notNull(),
    descricao: varchar({ length: 500 }),
    preco: money().notNull(),
    ciclo: varchar({ length: 12 }).$type<CicloPlano>().notNull(),
    diasTeste: smallint().notNull().default(0),
    ativo: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('planos_preco_check', sql`${t.preco} > 0`),
    check('planos_ciclo_check', cicloCheck(t.ciclo)),
    check('planos_dias_teste_check', sql`${t.diasTeste} BETWEEN 0 AND 365`),
    uniqueIndex('planos_nome_unique').on(sql`normalize_search(${t.nome})`),
    index('planos_nome_trgm_idx').using('gin', sql`normalize_search(${t.nome}) gin_trgm_ops`),
  ],
);

/**
 * A customer's subscription. Its price and cycle are the plan's when subscribed (or changed to),
 * so a later change of the plan's price does not move it. Periods run from inicio_cobranca (the
 * day after the trial) on the agenda.ts calendar; proximo_indice is the next period to bill,
 * assinatura_faturas' unique key on (assinatura, period start) the guard behind it.
 */
export const assinaturas = pgTable(
  'assinaturas',
  {
    ...idENumero('assinaturas_numero_seq'),
    clienteId: integer()
      .notNull()
      .references(() => cadastros.id, { onDelete: 'restrict' }),
    planoId: integer()
      .notNull()
      .references(() => planos.id, { onDelete: 'restrict' }),
    valor: money().notNull(),
    ciclo: varchar({ length: 12 }).$type<CicloPlano>().notNull(),
    situacao: varchar({ length: 20 }).$type<SituacaoAssinatura>().notNull(),
    inicio: date({ mode: 'string' }).notNull(),
    inicioCobranca: date({ mode: 'string' }).notNull(),
    proximoIndice: integer().notNull().default(0),
    formaPagamento: varchar({ length: 20 }).$type<FormaPagamento>().notNull(),
    diasVencimento: smallint().notNull().default(0),
    observacoes: text(),
    cancelarAoFim: boolean().notNull().default(false),
    /** The first day without the service. */
    canceladaEm: date({ mode: 'string' }),
    motivoCancelamento: varchar({ length: 500 }),
    inadimplenteEm: date({ mode: 'string' }),
    suspensaEm: date({ mode: 'string' }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    ...timestamps,
  },
  (t) => [
    check('assinaturas_valor_check', sql`${t.valor} > 0`),
    check('assinaturas_ciclo_check', cicloCheck(t.ciclo)),
    check('assinaturas_cobranca_check', sql`${t.inicioCobranca} >= ${t.inicio}`),
    check('assinaturas_dias_vencimento_check', sql`${t.diasVencimento} BETWEEN 0 AND 90`),
    check(
      'assinaturas_situacao_check',
      sql`${t.situacao} IN ('Em teste', 'Ativa', 'Inadimplente', 'Suspensa', 'Cancelada')`,
    ),
    index('assinaturas_cliente_id_idx').on(t.clienteId),
    index('assinaturas_plano_id_idx').on(t.planoId),
    index('assinaturas_situacao_idx').on(t.situacao, t.id),
    index('assinaturas_usuario_id_idx').on(t.usuarioId),
  ],
);

/** The number people see on a subscription ("Assinatura Nº 000007"), never reused. */
export const assinaturasNumeroSeq = pgSequence('assinaturas_numero_seq', { startWith: 1 });

/**
 * One bill per subscription and period: the unique key keeps a click racing the daily job, two
 * instances or a retry from billing a period twice. The receivable is its título.
 */
export const assinaturaFaturas = pgTable(
  'assinatura_faturas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    assinaturaId: integer()
      .notNull()
      .references(() => assinaturas.id, { onDelete: 'restrict' }),
    periodoInicio: date({ mode: 'string' }).notNull(),
    periodoFim: date({ mode: 'string' }).notNull(),
    vencimento: date({ mode: 'string' }).notNull(),
    valor: money().notNull(),
    tituloId: integer()
      .notNull()
      .unique('assinatura_faturas_titulo_id_unique')
      .references(() => titulos.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('assinatura_faturas_periodo_unique').on(t.assinaturaId, t.periodoInicio),
    check('assinatura_faturas_valor_check', sql`${t.valor} > 0`),
  ],
);

/**
 * The changes of plan: the prices before and after (the metrics read the price in force on a
 * day from here) and the proration, billed or refunded through its título.
 */
export const assinaturaMudancas = pgTable(
  'assinatura_mudancas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    assinaturaId: ownerKey(() => assinaturas.id),
    data: date({ mode: 'string' }).notNull(),
    planoAnteriorId: integer()
      .notNull()
      .references(() => planos.id, { onDelete: 'restrict' }),
    planoNovoId: integer()
      .notNull()
      .references(() => planos.id, { onDelete: 'restrict' }),
    valorAnterior: money().notNull(),
    valorNovo: money().notNull(),
    credito: money().notNull(),
    cobranca: money().notNull(),
    tituloId: integer()
      .unique('assinatura_mudancas_titulo_id_unique')
      .references(() => titulos.id, { onDelete: 'restrict' }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assinatura_mudancas_assinatura_id_idx').on(t.assinaturaId, t.data),
    index('assinatura_mudancas_plano_anterior_id_idx').on(t.planoAnteriorId),
    index('assinatura_mudancas_plano_novo_id_idx').on(t.planoNovoId),
    index('assinatura_mudancas_usuario_id_idx').on(t.usuarioId),
  ],
);

/** The reminders of an unpaid bill, each stage once (the unique key is the guard). */
export const assinaturaLembretes = pgTable(
  'assinatura_lembretes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    faturaId: integer()
      .notNull()
      .references(() => assinaturaFaturas.id, { onDelete: 'restrict' }),
    etapa: varchar({ length: 20 }).$type<EtapaLembrete>().notNull(),
    /** The e-mail queued, when the customer has an address and a mail server is saved. */
    emailId: integer().references(() => emails.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('assinatura_lembretes_etapa_unique').on(t.faturaId, t.etapa),
    check(
      'assinatura_lembretes_etapa_check',
      sql`${t.etapa} IN ('vencida', 'inadimplente', 'suspensa')`,
    ),
    index('assinatura_lembretes_email_id_idx').on(t.emailId),
  ],
);

/** Every situação a subscription went through, who moved it (null: the renewal job) and why. */
export const assinaturaHistorico = tabelaDeHistorico(
  'assinatura_historico',
  {
    assinaturaId: ownerKey(() => assinaturas.id),
    situacao: varchar({ length: 20 }).$type<SituacaoAssinatura>().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
  },
  { documento: 'assinaturaId', indice: 'assinatura' },
);

/** The dunning rules: one row (id 1); never saved, COBRANCA_PADRAO. */
export const assinaturasConfiguracao = pgTable(
  'assinaturas_configuracao',
  {
    id: smallint().primaryKey(),
    diasCarencia: smallint().notNull(),
    diasSuspensao: smallint().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('assinaturas_configuracao_id_check', sql`${t.id} = 1`),
    check('assinaturas_configuracao_carencia_check', sql`${t.diasCarencia} BETWEEN 0 AND 90`),
    check('assinaturas_configuracao_suspensao_check', sql`${t.diasSuspensao} BETWEEN 0 AND 180`),
  ],
);
