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
import type { CondicaoPagamento, StatusOrcamento, TipoOrcamento } from '@prumo/shared/orcamentos';
import type { CanalVendaOS } from '@prumo/shared/ordens-servico';
import type { FormaPagamento } from '@prumo/shared/vendas';
import { idENumero, money, timestamps } from '../../db/columns';
import { enderecoDeEntrega, ownerKey, tabelasDoDocumento } from '../../db/documento-tabelas';
import { arquivos } from '../arquivos/arquivos.table';
import { cadastros } from '../cadastros/cadastros.table';
import { ordensServico } from '../ordens-servico/ordens-servico.table';
import { produtos } from '../produtos/produtos.table';
import { servicos } from '../servicos/servicos.table';
import { usuarios } from '../usuarios/usuarios.table';
import { vendas } from '../vendas/vendas.table';

/**
 * Quotes (spec part 2, section 3.11). The totals, the type and the last valid day are computed
 * by the server; `status` is what was recorded (a pending quote past data_vencimento reads as
 * expirado, derived when read). A converted quote points at its sale and/or service order.
 */
export const orcamentos = pgTable(
  'orcamentos',
  {
    ...idENumero('orcamentos_numero_seq'),
    status: varchar({ length: 20 }).$type<StatusOrcamento>().notNull().default('rascunho'),
    tipo: varchar({ length: 10 }).$type<TipoOrcamento>().notNull().default('produto'),
    clienteId: integer().references(() => cadastros.id, { onDelete: 'restrict' }),
    /** The registered customer's name when saved, or the prospect's name. */
    clienteNome: varchar({ length: 200 }).notNull(),
    vendedorId: integer().references(() => cadastros.id, { onDelete: 'restrict' }),
    responsavel: varchar({ length: 200 }),
    /** The quote's day and its last valid day, in the company's calendar. */
    data: date({ mode: 'string' }).notNull(),
    validadeDias: smallint().notNull(),
    dataVencimento: date({ mode: 'string' }).notNull(),
    prazoEntrega: varchar({ length: 200 }),
    aosCuidados: varchar({ length: 200 }),
    canalVenda: varchar({ length: 20 }).$type<CanalVendaOS>().notNull().default('presencial'),
    centroCusto: varchar({ length: 100 }),
    introducao: text(),
    // Transport
    frete: money().notNull().default(0),
    transportadoraId: integer().references(() => cadastros.id, { onDelete: 'restrict' }),
    ...enderecoDeEntrega(),
    // Totals (computed)
    totalProdutos: money().notNull().default(0),
    totalServicos: money().notNull().default(0),
    valorSubtotal: money().notNull().default(0),
    valorTotal: money().notNull().default(0),
    exibirValorTotal: boolean().notNull().default(true),
    // Payment
    formaPagamento: varchar({ length: 20 }).$type<FormaPagamento>(),
    condicaoPagamento: varchar({ length: 20 }).$type<CondicaoPagamento>(),
    condicoesPagamento: varchar({ length: 500 }),
    observacoes: text(),
    observacoesInternas: text(),
    // Conversion
    vendaId: integer().references(() => vendas.id, { onDelete: 'restrict' }),
    ordemServicoId: integer().references(() => ordensServico.id, { onDelete: 'restrict' }),
    convertidoEm: timestamp({ withTimezone: true }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    ...timestamps,
  },
  (table) => [
    check(
      'orcamentos_status_check',
      sql`${table.status} IN ('rascunho', 'pendente', 'aprovado', 'rejeitado', 'expirado')`,
    ),
    check('orcamentos_tipo_check', sql`${table.tipo} IN ('produto', 'servico', 'misto')`),
    check(
      'orcamentos_valores_check',
      sql`${table.valorTotal} >= 0 AND ${table.frete} >= 0 AND ${table.validadeDias} > 0`,
    ),
    // Ascending keys: read backwards for the newest first (a DESC NULLS LAST index would match
    // neither direction of ORDER BY data, id).
    index('orcamentos_data_idx').on(table.data, table.id),
    index('orcamentos_status_vencimento_idx').on(table.status, table.dataVencimento),
    index('orcamentos_tipo_idx').on(table.tipo),
    index('orcamentos_cliente_id_idx').on(table.clienteId),
    index('orcamentos_vendedor_id_idx').on(table.vendedorId),
    index('orcamentos_transportadora_id_idx').on(table.transportadoraId),
    index('orcamentos_usuario_id_idx').on(table.usuarioId),
    uniqueIndex('orcamentos_venda_id_unique').on(table.vendaId),
    uniqueIndex('orcamentos_ordem_servico_id_unique').on(table.ordemServicoId),
    // The list's sorts by cliente, valor and validade; numero has its unique index.
    index('orcamentos_cliente_nome_idx').on(
      sql`normalize_search(${table.clienteNome})`,
      table.clienteNome,
      table.id,
    ),
    index('orcamentos_valor_total_idx').on(table.valorTotal, table.id),
    index('orcamentos_data_vencimento_idx').on(table.dataVencimento, table.id),
    index('orcamentos_cliente_nome_trgm_idx').using(
      'gin',
      sql`normalize_search(${table.clienteNome}) gin_trgm_ops`,
    ),
    index('orcamentos_responsavel_trgm_idx').using(
      'gin',
      sql`normalize_search(${table.responsavel}) gin_trgm_ops`,
    ),
  ],
);

/** The number people see on a quote ("Orçamento Nº 000042"), never reused. */
export const orcamentosNumeroSeq = pgSequence('orcamentos_numero_seq', { startWith: 1 });

/** The installments of a quote 'Parcelado': they add up to its total. */
export const orcamentoParcelas = pgTable(
  'orcamento_parcelas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orcamentoId: ownerKey(() => orcamentos.id),
    numero: smallint().notNull(),
    vencimento: date({ mode: 'string' }).notNull(),
    valor: money().notNull(),
  },
  (table) => [
    unique('orcamento_parcelas_numero_unique').on(table.orcamentoId, table.numero),
    check('orcamento_parcelas_valor_check', sql`${table.valor} > 0`),
  ],
);

/** Lines, history and attachments of a quote (db/documento-tabelas). */
export const tabelasDoOrcamento = tabelasDoDocumento(
  'orcamento',
  { chave: 'orcamentoId', id: () => orcamentos.id, indice: 'orcamento' },
  {
    referencias: { usuario: () => usuarios.id, arquivo: () => arquivos.id },
    produtos: {
      produtoId: integer().references(() => produtos.id, { onDelete: 'restrict' }),
      unidadeMedida: varchar({ length: 10 }),
    },
    servicos: { servicoId: integer().references(() => servicos.id, { onDelete: 'restrict' }) },
    historico: { status: varchar({ length: 20 }).$type<StatusOrcamento>().notNull() },
  },
);

/** Product lines: from the catalogue (produto_id) or typed by hand. */
export const orcamentoProdutos = tabelasDoOrcamento.produtos;

/** Service lines: from the catalogue (servico_id) or typed by hand. */
export const orcamentoServicos = tabelasDoOrcamento.servicos;

/** Every status a quote was given, who gave it and a note (the customer's reason...). */
export const orcamentoHistorico = tabelasDoOrcamento.historico;

/** Files attached to a quote (drawings, the customer's request...), 5 MB each. */
export const orcamentoAnexos = tabelasDoOrcamento.anexos;
