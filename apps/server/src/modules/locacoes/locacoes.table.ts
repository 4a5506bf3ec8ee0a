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
  unique,
  varchar,
  text,
} from 'drizzle-orm/pg-core';
import type { SituacaoLocacao, TituloDeLocacao } from '@prumo/shared/contratos';
import type { FormaPagamento } from '@prumo/shared/vendas';
import { idENumero, money, timestamps } from '../../db/columns';
import { ownerKey, tabelaDeHistorico } from '../../db/documento-tabelas';
import { cadastros } from '../cadastros/cadastros.table';
import { estoqueMovimentacoes } from '../estoque/estoque.table';
import { titulos } from '../financeiro/financeiro.table';
import { produtos } from '../produtos/produtos.table';
import { usuarios } from '../usuarios/usuarios.table';

/**
 * A product made rentable (issue 31, Locações): its prices per day, week and month. Its units
 * are rows of unidades_locaveis, each booked on its own.
 */
export const itensLocaveis = pgTable(
  'itens_locaveis',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    produtoId: integer()
      .notNull()
      .unique('itens_locaveis_produto_id_unique')
      .references(() => produtos.id, { onDelete: 'restrict' }),
    precoDiaria: money().notNull(),
    precoSemanal: money(),
    precoMensal: money(),
    ativo: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check(
      'itens_locaveis_precos_check',
      sql`${t.precoDiaria} > 0 AND (${t.precoSemanal} IS NULL OR ${t.precoSemanal} > 0) AND (${t.precoMensal} IS NULL OR ${t.precoMensal} > 0)`,
    ),
  ],
);

/** One physical unit of a rentable item (number 1, 2, …; patrimônio or serial optional). */
export const unidadesLocaveis = pgTable(
  'unidades_locaveis',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer()
      .notNull()
      .references(() => itensLocaveis.id, { onDelete: 'restrict' }),
    numero: smallint().notNull(),
    identificacao: varchar({ length: 60 }),
    /** A unit retired from service keeps its past bookings and is not booked again. */
    ativo: boolean().notNull().default(true),
  },
  (t) => [
    unique('unidades_locaveis_numero_unique').on(t.itemId, t.numero),
    check('unidades_locaveis_numero_check', sql`${t.numero} > 0`),
  ],
);

/**
 * A rental: a customer, the period booked (retirada to devolucao_prevista, the return day
 * free for the next booking), the caução, and what check-out and check-in recorded.
 */
export const locacoes = pgTable(
  'locacoes',
  {
    ...idENumero('locacoes_numero_seq'),
    clienteId: integer()
      .notNull()
      .references(() => cadastros.id, { onDelete: 'restrict' }),
    situacao: varchar({ length: 12 }).$type<SituacaoLocacao>().notNull().default('Reservada'),
    retirada: date({ mode: 'string' }).notNull(),
    devolucaoPrevista: date({ mode: 'string' }).notNull(),
    formaPagamento: varchar({ length: 20 }).$type<FormaPagamento>().notNull(),
    /** The period's price of every line, as booked. */
    valor: money().notNull(),
    caucao: money().notNull().default(0),
    observacoes: text(),
    retiradaEm: date({ mode: 'string' }),
    devolvidaEm: date({ mode: 'string' }),
    diasAtraso: smallint(),
    multaAtraso: money(),
    danos: money(),
    caucaoDevolvida: money(),
    motivoCancelamento: varchar({ length: 500 }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    ...timestamps,
  },
  (t) => [
    check('locacoes_periodo_check', sql`${t.devolucaoPrevista} > ${t.retirada}`),
    check(
      'locacoes_situacao_check',
      sql`${t.situacao} IN ('Reservada', 'Retirada', 'Devolvida', 'Cancelada')`,
    ),
    check('locacoes_valores_check', sql`${t.valor} >= 0 AND ${t.caucao} >= 0`),
    index('locacoes_cliente_id_idx').on(t.clienteId),
    index('locacoes_situacao_idx').on(t.situacao, t.devolucaoPrevista),
    index('locacoes_usuario_id_idx').on(t.usuarioId),
  ],
);

/** The number people see on a rental ("Locação Nº 000007"), never reused. */
export const locacoesNumeroSeq = pgSequence('locacoes_numero_seq', { startWith: 1 });

/** The lines of a rental: an item, how many units, its prices then and the period's price. */
export const locacaoItens = pgTable(
  'locacao_itens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    locacaoId: ownerKey(() => locacoes.id),
    ordem: smallint().notNull(),
    itemId: integer()
      .notNull()
      .references(() => itensLocaveis.id, { onDelete: 'restrict' }),
    /** The product's name when booked. */
    nome: varchar({ length: 200 }).notNull(),
    quantidade: smallint().notNull(),
    precoDiaria: money().notNull(),
    precoSemanal: money(),
    precoMensal: money(),
    meses: smallint().notNull(),
    semanas: smallint().notNull(),
    dias: smallint().notNull(),
    /** The period's price of one unit. */
    valor: money().notNull(),
    subtotal: money().notNull(),
  },
  (t) => [
    check('locacao_itens_quantidade_check', sql`${t.quantidade} > 0`),
    index('locacao_itens_locacao_idx').on(t.locacaoId, t.ordem),
    index('locacao_itens_item_id_idx').on(t.itemId),
  ],
);

/**
 * A unit booked for a rental's days [inicio, fim): the exclusion constraint of the migration
 * refuses two live bookings of one unit on a common day (released: a cancelled rental, the
 * days after an early return).
 */
export const locacaoReservas = pgTable(
  'locacao_reservas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    locacaoId: ownerKey(() => locacoes.id),
    locacaoItemId: integer()
      .notNull()
      .references(() => locacaoItens.id, { onDelete: 'cascade' }),
    unidadeId: integer()
      .notNull()
      .references(() => unidadesLocaveis.id, { onDelete: 'restrict' }),
    inicio: date({ mode: 'string' }).notNull(),
    fim: date({ mode: 'string' }).notNull(),
    ativa: boolean().notNull().default(true),
  },
  (t) => [
    check('locacao_reservas_periodo_check', sql`${t.fim} >= ${t.inicio}`),
    index('locacao_reservas_locacao_id_idx').on(t.locacaoId),
    index('locacao_reservas_locacao_item_id_idx').on(t.locacaoItemId),
    index('locacao_reservas_unidade_idx').on(t.unidadeId, t.inicio),
  ],
);

/**
 * The bills of a rental in Financeiro, each kind once (unique on rental and kind): the
 * period's rent and the caução on check-out; the late days, the caução's refund and the
 * damages beyond it on check-in.
 */
export const locacaoTitulos = pgTable(
  'locacao_titulos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    locacaoId: integer()
      .notNull()
      .references(() => locacoes.id, { onDelete: 'restrict' }),
    tipo: varchar({ length: 20 }).$type<TituloDeLocacao>().notNull(),
    tituloId: integer()
      .notNull()
      .unique('locacao_titulos_titulo_id_unique')
      .references(() => titulos.id, { onDelete: 'restrict' }),
  },
  (t) => [
    unique('locacao_titulos_tipo_unique').on(t.locacaoId, t.tipo),
    check(
      'locacao_titulos_tipo_check',
      sql`${t.tipo} IN ('locacao', 'caucao', 'atraso', 'danos', 'devolucao_caucao')`,
    ),
  ],
);

/** The stock movements of a rental's check-out (saídas) and check-in (entradas). */
export const locacaoMovimentacoes = pgTable(
  'locacao_movimentacoes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    locacaoId: integer()
      .notNull()
      .references(() => locacoes.id, { onDelete: 'restrict' }),
    movimentacaoId: integer()
      .notNull()
      .unique('locacao_movimentacoes_movimentacao_id_unique')
      .references(() => estoqueMovimentacoes.id, { onDelete: 'restrict' }),
  },
  (t) => [index('locacao_movimentacoes_locacao_id_idx').on(t.locacaoId)],
);

/** Every situação a rental went through, who moved it and why. */
export const locacaoHistorico = tabelaDeHistorico(
  'locacao_historico',
  {
    locacaoId: ownerKey(() => locacoes.id),
    situacao: varchar({ length: 12 }).$type<SituacaoLocacao>().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
  },
  { documento: 'locacaoId', indice: 'locacao' },
);
