import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  IndicePublicado,
  IndiceReajuste,
  Periodicidade,
  SituacaoContrato,
} from '@prumo/shared/contratos';
import type { FormaPagamento } from '@prumo/shared/vendas';
import { idENumero, money, percent, quantity, timestamps } from '../../db/columns';
import { ownerKey, tabelaDeHistorico } from '../../db/documento-tabelas';
import { cadastros } from '../cadastros/cadastros.table';
import { titulos } from '../financeiro/financeiro.table';
import { servicos } from '../servicos/servicos.table';
import { usuarios } from '../usuarios/usuarios.table';

/** A rate of an index or a reajuste: percent with 4 decimals (IPCA 0,4500 %). */
const taxa = () => numeric({ precision: 9, scale: 4, mode: 'number' });

/**
 * Service contracts (issue 31): who, the calendar that bills them, fidelidade and reajuste.
 * `proximo_indice` is the billing cursor: the index of the next period to bill (agenda.ts);
 * contrato_faturas' unique key on (contrato, period start) is the guard behind it.
 */
export const contratos = pgTable(
  'contratos',
  {
    ...idENumero('contratos_numero_seq'),
    clienteId: integer()
      .notNull()
      .references(() => cadastros.id, { onDelete: 'restrict' }),
    descricao: varchar({ length: 200 }),
    situacao: varchar({ length: 20 }).$type<SituacaoContrato>().notNull().default('Ativo'),
    inicio: date({ mode: 'string' }).notNull(),
    fim: date({ mode: 'string' }),
    periodicidade: varchar({ length: 12 }).$type<Periodicidade>().notNull(),
    diaFaturamento: smallint().notNull(),
    diasVencimento: smallint().notNull().default(0),
    vencimentoDiaUtil: boolean().notNull().default(true),
    formaPagamento: varchar({ length: 20 }).$type<FormaPagamento>().notNull(),
    fidelidadeMeses: smallint().notNull().default(0),
    multaFidelidade: percent(5).notNull().default(0),
    reajusteIndice: varchar({ length: 10 }).$type<IndiceReajuste>(),
    reajustePercentual: percent(5),
    observacoes: text(),
    proximoIndice: integer().notNull().default(0),
    suspensoEm: date({ mode: 'string' }),
    canceladoEm: date({ mode: 'string' }),
    motivoCancelamento: varchar({ length: 500 }),
    multaCancelamento: money(),
    /** The receivable of the cancellation fee. */
    multaTituloId: integer().references(() => titulos.id, { onDelete: 'restrict' }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    ...timestamps,
  },
  (t) => [
    check('contratos_dia_faturamento_check', sql`${t.diaFaturamento} BETWEEN 1 AND 31`),
    check('contratos_dias_vencimento_check', sql`${t.diasVencimento} BETWEEN 0 AND 90`),
    check('contratos_fim_check', sql`${t.fim} IS NULL OR ${t.fim} > ${t.inicio}`),
    check('contratos_situacao_check', sql`${t.situacao} IN ('Ativo', 'Suspenso', 'Cancelado')`),
    check(
      'contratos_periodicidade_check',
      sql`${t.periodicidade} IN ('mensal', 'bimestral', 'trimestral', 'semestral', 'anual')`,
    ),
    index('contratos_cliente_id_idx').on(t.clienteId),
    index('contratos_situacao_idx').on(t.situacao, t.id),
    index('contratos_usuario_id_idx').on(t.usuarioId),
    index('contratos_multa_titulo_id_idx').on(t.multaTituloId),
    index('contratos_descricao_trgm_idx').using(
      'gin',
      sql`normalize_search(${t.descricao}) gin_trgm_ops`,
    ),
  ],
);

/** The number people see on a contract ("Contrato Nº 000007"), never reused. */
export const contratosNumeroSeq = pgSequence('contratos_numero_seq', { startWith: 1 });

/**
 * The services of a contract and their prices over time: a new price opens a line from a date
 * and closes the old one the day before (vigente_ate), so past bills keep theirs.
 */
export const contratoItens = pgTable(
  'contrato_itens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contratoId: ownerKey(() => contratos.id),
    servicoId: integer()
      .notNull()
      .references(() => servicos.id, { onDelete: 'restrict' }),
    /** The service's name when the line was written. */
    servicoNome: varchar({ length: 200 }).notNull(),
    quantidade: quantity().notNull(),
    valor: money().notNull(),
    vigenteDe: date({ mode: 'string' }).notNull(),
    vigenteAte: date({ mode: 'string' }),
  },
  (t) => [
    check('contrato_itens_quantidade_check', sql`${t.quantidade} > 0`),
    check('contrato_itens_valor_check', sql`${t.valor} > 0`),
    check(
      'contrato_itens_vigencia_check',
      sql`${t.vigenteAte} IS NULL OR ${t.vigenteAte} >= ${t.vigenteDe}`,
    ),
    index('contrato_itens_contrato_id_idx').on(t.contratoId, t.vigenteDe),
    index('contrato_itens_servico_id_idx').on(t.servicoId),
  ],
);

/**
 * One bill per contract and period: the unique key is what keeps a click racing the daily job,
 * two instances or a retry from billing a period twice. The receivable is its título.
 */
export const contratoFaturas = pgTable(
  'contrato_faturas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contratoId: integer()
      .notNull()
      .references(() => contratos.id, { onDelete: 'restrict' }),
    periodoInicio: date({ mode: 'string' }).notNull(),
    periodoFim: date({ mode: 'string' }).notNull(),
    vencimento: date({ mode: 'string' }).notNull(),
    valor: money().notNull(),
    tituloId: integer()
      .notNull()
      .unique('contrato_faturas_titulo_id_unique')
      .references(() => titulos.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('contrato_faturas_periodo_unique').on(t.contratoId, t.periodoInicio),
    check('contrato_faturas_valor_check', sql`${t.valor} > 0`),
  ],
);

/** The reajustes applied on a contract's anniversaries, once each. */
export const contratoReajustes = pgTable(
  'contrato_reajustes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contratoId: integer()
      .notNull()
      .references(() => contratos.id, { onDelete: 'restrict' }),
    aniversario: date({ mode: 'string' }).notNull(),
    indice: varchar({ length: 10 }).$type<IndiceReajuste>().notNull(),
    percentual: taxa().notNull(),
    aplicadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('contrato_reajustes_aniversario_unique').on(t.contratoId, t.aniversario)],
);

/** Every situação a contract went through, who moved it and why. */
export const contratoHistorico = tabelaDeHistorico(
  'contrato_historico',
  {
    contratoId: ownerKey(() => contratos.id),
    situacao: varchar({ length: 20 }).$type<SituacaoContrato>().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
  },
  { documento: 'contratoId', indice: 'contrato' },
);

/** The monthly rates of the price indices, as the user types them from IBGE and FGV. */
export const indicesReajuste = pgTable(
  'indices_reajuste',
  {
    indice: varchar({ length: 10 }).$type<IndicePublicado>().notNull(),
    /** aaaa-mm */
    mes: char({ length: 7 }).notNull(),
    percentual: taxa().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.indice, t.mes] }),
    check('indices_reajuste_indice_check', sql`${t.indice} IN ('IPCA', 'IGPM')`),
  ],
);
