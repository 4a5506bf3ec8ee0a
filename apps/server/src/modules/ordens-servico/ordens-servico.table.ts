import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CanalVendaOS, PrioridadeOS, SituacaoOS } from '@prumo/shared/ordens-servico';
import { idENumero, money, timestamps } from '../../db/columns';
import { enderecoDeEntrega, tabelasDoDocumento } from '../../db/documento-tabelas';
import { arquivos } from '../arquivos/arquivos.table';
import { cadastros } from '../cadastros/cadastros.table';
import { produtos } from '../produtos/produtos.table';
import { servicos } from '../servicos/servicos.table';
import { usuarios } from '../usuarios/usuarios.table';

/**
 * Service orders (spec part 2, section 3.8): a repair shop's job from entry to hand-back. The
 * totals are computed by the server from the lines; parts leave stock when it is concluded.
 */
export const ordensServico = pgTable(
  'ordens_servico',
  {
    ...idENumero('ordens_servico_numero_seq'),
    clienteId: integer()
      .notNull()
      .references(() => cadastros.id, { onDelete: 'restrict' }),
    situacao: varchar({ length: 30 }).$type<SituacaoOS>().notNull().default('em-aberto'),
    dataEntrada: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dataSaida: timestamp({ withTimezone: true }),
    /** The promised day, in the company's calendar. */
    prazo: date({ mode: 'string' }),
    canalVenda: varchar({ length: 20 }).$type<CanalVendaOS>().notNull().default('presencial'),
    centroCusto: varchar({ length: 100 }),
    prioridade: varchar({ length: 20 }).$type<PrioridadeOS>().notNull().default('media'),
    vendedorId: integer().references(() => cadastros.id, { onDelete: 'restrict' }),
    tecnicoId: integer().references(() => cadastros.id, { onDelete: 'restrict' }),
    // Equipment
    equipamento: varchar({ length: 200 }),
    marca: varchar({ length: 100 }),
    modelo: varchar({ length: 100 }),
    numeroSerie: varchar({ length: 100 }),
    condicoes: text(),
    defeitos: text(),
    acessorios: text(),
    solucao: text(),
    laudo: text(),
    termos: text(),
    ...enderecoDeEntrega(),
    // Totals (computed)
    maoDeObra: money().notNull().default(0),
    pecas: money().notNull().default(0),
    frete: money().notNull().default(0),
    outros: money().notNull().default(0),
    desconto: money().notNull().default(0),
    valorTotal: money().notNull().default(0),
    exibirTotal: boolean().notNull().default(true),
    observacoes: text(),
    observacoesInternas: text(),
    // The flow's records
    aprovadoPor: varchar({ length: 200 }),
    aprovadoEm: timestamp({ withTimezone: true }),
    concluidaEm: timestamp({ withTimezone: true }),
    entregueA: varchar({ length: 200 }),
    entregueEm: timestamp({ withTimezone: true }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    ...timestamps,
  },
  (table) => [
    check(
      'ordens_servico_situacao_check',
      sql`${table.situacao} IN ('em-aberto', 'aguardando-aprovacao', 'em-andamento', 'aguardando-pecas', 'concluida', 'entregue', 'cancelada')`,
    ),
    check(
      'ordens_servico_prioridade_check',
      sql`${table.prioridade} IN ('muito-urgente', 'urgente', 'alta', 'media', 'baixa')`,
    ),
    check(
      'ordens_servico_valores_check',
      sql`${table.valorTotal} >= 0 AND ${table.frete} >= 0 AND ${table.outros} >= 0 AND ${table.desconto} >= 0`,
    ),
    index('ordens_servico_situacao_prazo_idx').on(table.situacao, table.prazo),
    index('ordens_servico_prioridade_idx').on(table.prioridade),
    // Ascending keys: read backwards for the newest first (a DESC NULLS LAST index would match
    // neither direction of ORDER BY data_entrada, id).
    index('ordens_servico_data_entrada_idx').on(table.dataEntrada, table.id),
    index('ordens_servico_cliente_id_idx').on(table.clienteId),
    index('ordens_servico_vendedor_id_idx').on(table.vendedorId),
    index('ordens_servico_tecnico_id_idx').on(table.tecnicoId),
    index('ordens_servico_usuario_id_idx').on(table.usuarioId),
    // The list's sorts by prazo and valor; numero has its unique index.
    index('ordens_servico_prazo_idx').on(table.prazo, table.id),
    index('ordens_servico_valor_total_idx').on(table.valorTotal, table.id),
    index('ordens_servico_equipamento_trgm_idx').using(
      'gin',
      sql`normalize_search(${table.equipamento}) gin_trgm_ops`,
    ),
  ],
);

/** The number people see on an order ("OS Nº 000042"), never reused. */
export const ordensServicoNumeroSeq = pgSequence('ordens_servico_numero_seq', { startWith: 1 });

/** Lines, history and attachments of an order (db/documento-tabelas). */
export const tabelasDaOrdem = tabelasDoDocumento(
  'ordem_servico',
  { chave: 'ordemServicoId', id: () => ordensServico.id, indice: 'ordem' },
  {
    referencias: { usuario: () => usuarios.id, arquivo: () => arquivos.id },
    // Name and cost as they were when the line was saved.
    produtos: {
      custoUnitario: money().notNull().default(0),
      produtoId: integer()
        .notNull()
        .references(() => produtos.id, { onDelete: 'restrict' }),
      unidadeMedida: varchar({ length: 10 }).notNull(),
    },
    servicos: {
      custoUnitario: money().notNull().default(0),
      servicoId: integer()
        .notNull()
        .references(() => servicos.id, { onDelete: 'restrict' }),
    },
    historico: { situacao: varchar({ length: 30 }).$type<SituacaoOS>().notNull() },
  },
);

/** Parts of an order (products of the catalogue). */
export const ordemServicoProdutos = tabelasDaOrdem.produtos;

/** Labour of an order (services of the catalogue). */
export const ordemServicoServicos = tabelasDaOrdem.servicos;

/** Every situação an order went through, who moved it and a note. */
export const ordemServicoHistorico = tabelasDaOrdem.historico;

/** Files attached to an order (photos of the equipment, the signed budget...), 5 MB each. */
export const ordemServicoAnexos = tabelasDaOrdem.anexos;
