import { and, count, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ADMIN_MANAGER, hasRole, type Role } from '@prumo/shared/auth';
import { todayISO } from '@prumo/shared/dates';
import { EVENTOS_MENSAGENS, type ModeloFiscal } from '@prumo/shared/fiscal';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import {
  brutoCentavos,
  calcularPagamentos,
  calcularTotaisVenda,
  cancelarSomenteGerenteMessage,
  descontoAcimaLimiteMessage,
  descontoPercentual,
  formaDaVenda,
  formatNumeroVenda,
  produtoForaDoPdvMessage,
  produtoInativoMessage,
  quantidadeInteiraMessage,
  transicaoInvalidaMessage,
  unidadeFracionada,
  VENDA_MESSAGES,
  VENDA_TRANSICOES,
  type FormaPagamento,
  type StatusQualquer,
  type Venda,
  type VendaProdutoInput,
  type VendaListQuery,
  type VendaResumo,
  type VendaSort,
  type VendaStatsBalcao,
  type VendaStatusInput,
} from '@prumo/shared/vendas';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from '../../db/database';
import { documentoComStatus } from '../../db/documento';
import { preparedPerDatabase } from '../../db/prepared';
import {
  containsSearch,
  inicioDoDia,
  insercao,
  isoUtc,
  lerJuntos,
  ptBrKey,
  selectRows,
  sortOrder,
  type SortColumns,
  juncao,
} from '../../db/sql-helpers';
import { hook } from '../server-module';
import { AppError, badRequest } from '../../http/errors';
import type { AuthenticatedUser } from '../../http/authenticated-user';
import { findCadastroResumo, nomesDeCadastros } from '../cadastros/cadastros.repository';
import { caixaAbertoTravadoSql, type RecebidoNoCaixa } from '../caixas/caixas.repository';
import {
  estornarMovimentosDaVenda,
  registrarSaidasDoDocumento,
  saidasNoComandoDoDocumento,
  type MovimentoDeDocumento,
} from '../estoque/estoque.repository';
import { regrasDeRecebimentoDe, regrasDeRecebimentoSql } from '../financeiro/financeiro.repository';
import {
  cancelarRecebiveisDaVenda,
  lancarRecebiveisDaVenda,
  recebiveisDaVendaSql,
  slugDaVenda,
} from '../financeiro/recebiveis.repository';
import {
  produtosParaVenda,
  produtosParaVendaSql,
  type ProdutoParaVenda,
} from '../produtos/produtos.repository';
import { nomesDeUsuarios, usuarioPorCredenciais } from '../usuarios/usuarios.repository';
import { vendaHistorico, vendaItens, vendaPagamentos, vendas } from './vendas.table';

/*
 * Sales. The server computes every amount from the lines in integer centavos (the shared
 * calcularTotaisVenda); what the client sends as totals is ignored. A write locks the sale's row
 * (FOR UPDATE), checks the move against the one transition table (VENDA_TRANSICOES), and
 * writes the stock ledger, the history and the audit trail in the same transaction.
 */

/** Who is selling, in which calendar, and the discount they may give on their own. */
export interface VendaContexto {
  usuario: Pick<AuthenticatedUser, 'id' | 'nome' | 'role'>;
  timeZone: string;
  descontoLimite: number;
}

/** Lock, the transition table with the caller's role (VENDA_TRANSICOES), history. */
const documento = documentoComStatus({
  tabela: vendas,
  status: 'status',
  naoEncontrado: VENDA_MESSAGES.vendaNaoEncontrada,
  transicoes: VENDA_TRANSICOES,
  transicaoInvalida: transicaoInvalidaMessage,
  semPermissao: cancelarSomenteGerenteMessage,
  historico: {
    tabela: vendaHistorico,
    linha: (vendaId, status, usuarioId, motivo) => ({ vendaId, status, usuarioId, motivo }),
  },
});

/** The list's columns, given the two name lookups joined for them. */
function colunasDoResumo(
  vendedor: ReturnType<typeof nomesDeUsuarios<'vendedor'>>,
  profissional: ReturnType<typeof nomesDeCadastros<'profissional'>>,
) {
  return {
    id: vendas.id,
    numero: vendas.numero,
    tipo: vendas.tipo,
    status: vendas.status,
    cliente_id: vendas.clienteId,
    cliente_nome: vendas.clienteNome,
    forma_pagamento: vendas.formaPagamento,
    valor_total: vendas.valorTotal,
    desconto: vendas.desconto,
    frete: vendas.frete,
    valor_final: vendas.valorFinal,
    troco: vendas.troco,
    observacoes: vendas.observacoes,
    atendimento_rapido: vendas.atendimentoRapido,
    dataVenda: vendas.dataVenda,
    vendedor_id: vendas.vendedorId,
    vendedor_nome: vendedor.nome,
    caixa_id: vendas.caixaId,
    servico_id: vendas.servicoId,
    servico_nome: vendas.servicoNome,
    data_agendamento: vendas.dataAgendamento,
    hora_inicio: vendas.horaInicio,
    duracao_estimada: vendas.duracaoEstimada,
    profissional_id: vendas.profissionalId,
    profissional: profissional.nome,
    createdAt: vendas.createdAt,
    updatedAt: vendas.updatedAt,
  };
}

function selectVendas(db: Executor) {
  const vendedor = nomesDeUsuarios(db, 'vendedor');
  const profissional = nomesDeCadastros(db, 'profissional');
  return db
    .select(colunasDoResumo(vendedor, profissional))
    .from(vendas)
    .leftJoin(vendedor, eq(vendedor.id, vendas.vendedorId))
    .leftJoin(profissional, eq(profissional.id, vendas.profissionalId));
}

type VendaRow = Awaited<ReturnType<typeof selectVendas>>[number];

/** A row's timestamps as ISO texts (the list's rows, and the sale read with its arrays). */
function toResumo<Row extends VendaRow>({ dataVenda, createdAt, updatedAt, ...row }: Row) {
  return {
    ...row,
    data_venda: dataVenda.toISOString(),
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  };
}

function listConditions(query: VendaListQuery, timeZone: string): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    query.tipo ? eq(vendas.tipo, query.tipo) : undefined,
    query.status ? eq(vendas.status, query.status) : undefined,
    query.de ? gte(vendas.dataVenda, inicioDoDia(query.de, timeZone)) : undefined,
    query.ate
      ? lt(vendas.dataVenda, sql`${inicioDoDia(query.ate, timeZone)} + interval '1 day'`)
      : undefined,
  ];
  if (query.q) {
    const numero = /^\d{1,9}$/.test(query.q) ? Number(query.q) : undefined;
    const porNome = containsSearch(query.q, vendas.clienteNome, vendas.servicoNome);
    conditions.push(
      numero === undefined ? porNome : sql`(${vendas.numero} = ${numero} OR ${porNome})`,
    );
  }
  return and(...conditions.filter((condition): condition is SQL => condition !== undefined));
}

/** What each sort key of the list orders by (the indexes of migration 0018 cover them). */
const VENDA_SORT_COLUMNS: SortColumns<VendaSort> = {
  data: [vendas.dataVenda],
  numero: [vendas.numero],
  cliente: ptBrKey(vendas.clienteNome),
  valor: [vendas.valorFinal],
};

/** The two statements of GET /api/vendas (the page and the total), not yet run. */
function listVendasQueries(db: Executor, query: VendaListQuery, timeZone: string) {
  const where = listConditions(query, timeZone);
  return {
    rows: selectVendas(db)
      .where(where)
      .orderBy(
        ...sortOrder(VENDA_SORT_COLUMNS, query, { sort: 'data', order: 'desc', id: vendas.id }),
      )
      .limit(query.limit)
      .offset(query.offset),
    total: db.select({ total: count() }).from(vendas).where(where),
  };
}

/** The SQL GET /api/vendas runs for a query (its plan is checked by listas.explain.test.ts). */
export function listVendasSql(
  db: Executor,
  query: VendaListQuery,
  timeZone: string,
): { rows: SQL; total: SQL } {
  const { rows, total } = listVendasQueries(db, query, timeZone);
  return { rows: rows.getSQL(), total: total.getSQL() };
}

/** GET /api/vendas: newest first unless `sort` says otherwise, one page, and the total. */
export async function listVendas(
  db: Executor,
  query: VendaListQuery,
  timeZone: string,
): Promise<{ items: VendaResumo[]; total: number }> {
  const { rows: page, total } = listVendasQueries(db, query, timeZone);
  const [rows, [totals]] = await Promise.all([page, total]);
  return { items: rows.map(toResumo), total: totals?.total ?? 0 };
}

/*
 * A sale's lines, payments and history as JSON arrays built by the database, so reading a sale
 * is one query (a sale is read back after every write, once committed).
 */
const itensDaVenda = sql<Venda['itens']>`coalesce((
  SELECT json_agg(json_build_object(
    'id', i.id, 'produto_id', i.produto_id, 'produto_nome', i.produto_nome,
    'unidade_medida', i.unidade_medida, 'quantidade', i.quantidade,
    'preco_unitario', i.preco_unitario, 'desconto_item', i.desconto_item,
    'subtotal', i.subtotal, 'custo_unitario', i.custo_unitario
  ) ORDER BY i.ordem)
  FROM venda_itens i WHERE i.venda_id = ${vendas.id}), '[]'::json)`;

const pagamentosDaVenda = sql<Venda['pagamentos']>`coalesce((
  SELECT json_agg(json_build_object('forma', p.forma, 'valor', p.valor) ORDER BY p.id)
  FROM venda_pagamentos p WHERE p.venda_id = ${vendas.id}), '[]'::json)`;

const historicoDaVenda = sql<Venda['historico']>`coalesce((
  SELECT json_agg(json_build_object(
    'status', h.status, 'usuario_nome', u.nome, 'motivo', h.motivo,
    'created_at', ${isoUtc(sql`h.created_at`)}
  ) ORDER BY h.id)
  FROM venda_historico h LEFT JOIN usuarios u ON u.id = h.usuario_id
  WHERE h.venda_id = ${vendas.id}), '[]'::json)`;

/**
 * The sale's note that still stands at SEFAZ (authorized, or issued in contingency), if any: a
 * finalized sale with one is not cancelled until the note is (the fiscal module answers).
 */
export const notaVivaDaVendaHook = hook<
  (tx: Executor, vendaId: number) => Promise<NotaQueImpedeCancelar | null>
>('que nota fiscal autorizada impede cancelar a venda');

export interface NotaQueImpedeCancelar {
  modelo: ModeloFiscal;
  numero: number;
  situacao: string;
}

/** The quote each sale came from: a SELECT of chave (the sale's id), id and numero. */
export const orcamentoDaVendaHook = hook<() => SQL>(
  'de que orçamento veio a venda: SELECT chave, id, numero',
);

/** The sale with its lines, payments and status history, in one query. */
function consultaDaVenda(db: Executor, id: number | Placeholder) {
  const vendedor = nomesDeUsuarios(db, 'vendedor');
  const profissional = nomesDeCadastros(db, 'profissional');
  const autorizador = nomesDeUsuarios(db, 'autorizador');
  const orcamento = juncao(orcamentoDaVendaHook.call(), 'orcamento_origem');
  return db
    .select({
      ...colunasDoResumo(vendedor, profissional),
      itens: itensDaVenda,
      pagamentos: pagamentosDaVenda,
      historico: historicoDaVenda,
      desconto_autorizado_por_nome: autorizador.nome,
      inicioAtendimento: vendas.inicioAtendimento,
      finalizadaEm: vendas.finalizadaEm,
      canceladaEm: vendas.canceladaEm,
      iniciadoEm: vendas.iniciadoEm,
      concluidoEm: vendas.concluidoEm,
      orcamento_id: orcamento.coluna<number | null>('id'),
      orcamento_numero: orcamento.coluna<number | null>('numero'),
    })
    .from(vendas)
    .leftJoin(vendedor, eq(vendedor.id, vendas.vendedorId))
    .leftJoin(profissional, eq(profissional.id, vendas.profissionalId))
    .leftJoin(autorizador, eq(autorizador.id, vendas.descontoAutorizadoPor))
    .leftJoin(orcamento.tabela, eq(orcamento.coluna('chave'), vendas.id))
    .where(eq(vendas.id, id));
}

// Writes return the sale's id and the route reads it after COMMIT (shorter row locks), with
// this statement, built and prepared once.
const vendaPreparada = preparedPerDatabase((db) =>
  consultaDaVenda(db, sql.placeholder('id')).prepare('venda_detalhe'),
);

/** GET /api/vendas/{id}, and every write's answer once committed. */
export async function getVenda(db: Database, id: number): Promise<Venda | undefined> {
  const [row] = await vendaPreparada(db).execute({ id });
  return row && toVenda(row);
}

/** The sale as a transaction sees it (a prepared read runs on the pool, outside it). */
export async function getVendaNaTransacao(tx: Executor, id: number): Promise<Venda> {
  const [row] = await consultaDaVenda(tx, id);
  return toVenda(row!);
}

function toVenda(row: Awaited<ReturnType<typeof consultaDaVenda>>[number]): Venda {
  const { inicioAtendimento, finalizadaEm, canceladaEm, iniciadoEm, concluidoEm, ...venda } = row;
  return {
    ...toResumo(venda),
    inicio_atendimento: inicioAtendimento?.toISOString() ?? null,
    finalizada_em: finalizadaEm?.toISOString() ?? null,
    cancelada_em: canceladaEm?.toISOString() ?? null,
    iniciado_em: iniciadoEm?.toISOString() ?? null,
    concluido_em: concluidoEm?.toISOString() ?? null,
  };
}

/** What a write returns: the route reads the sale (getVenda) once it is committed. */
export interface VendaGravada {
  id: number;
  numero: number;
}

/** Everything a save computes from the input before it writes. */
interface VendaCalculada {
  clienteNome: string | null;
  itens: Array<typeof vendaItens.$inferInsert>;
  pagamentos: Array<{ forma: FormaPagamento; valor: number }>;
  formaPagamento: string | null;
  valorTotal: number;
  desconto: number;
  frete: number;
  valorFinal: number;
  /** Σ of the lines' quantity × cost, each to the centavo. */
  custoTotal: number;
  troco: number;
  descontoAutorizadoPor: number | null;
}

const refused = (field: string, message: string) => badRequest(message, { [field]: message });

const idsDosProdutos = (input: VendaProdutoInput) => [
  ...new Set(input.itens.map((item) => item.produto_id)),
];

/**
 * Checks a sale's input against the catalogue, the registry and the rules, and computes its
 * lines, totals and payments. Throws a 400 naming the field, or 403 AUTORIZACAO_NECESSARIA.
 * `lidos`: the sale's products when the caller already read them.
 */
async function calcularVenda(
  tx: Executor,
  input: VendaProdutoInput,
  contexto: VendaContexto,
  lidos?: readonly ProdutoParaVenda[],
): Promise<VendaCalculada> {
  const produtosLidos = lidos ?? (await produtosParaVenda(tx, idsDosProdutos(input)));
  const catalogo = new Map(produtosLidos.map((produto) => [produto.id, produto]));
  let catalogoCentavos = 0n;
  const linhas = input.itens.map((item, index) => {
    const produto = catalogo.get(item.produto_id);
    const campo = (name: string) => `itens.${index}.${name}`;
    if (!produto) throw refused(campo('produto_id'), VENDA_MESSAGES.produtoNaoEncontrado);
    if (!produto.ativo) throw refused(campo('produto_id'), produtoInativoMessage(produto.nome));
    if (input.tipo === 'balcao' && !produto.comercializavelPdv) {
      throw refused(campo('produto_id'), produtoForaDoPdvMessage(produto.nome));
    }
    if (!unidadeFracionada(produto.unidade) && !Number.isInteger(item.quantidade)) {
      throw refused(campo('quantidade'), quantidadeInteiraMessage(produto.nome, produto.unidade));
    }
    catalogoCentavos += brutoCentavos(item.quantidade, produto.preco);
    return {
      produto,
      quantidade: item.quantidade,
      preco_unitario: item.preco_unitario ?? produto.preco,
      desconto_item: item.desconto_item,
    };
  });

  const totais = calcularTotaisVenda(linhas, input.desconto, input.frete);
  const [primeiroErro] = Object.values(totais.erros);
  if (primeiroErro) throw badRequest(primeiroErro, totais.erros);

  let clienteNome = input.cliente_nome;
  if (input.cliente_id !== null) {
    const cliente = await findCadastroResumo(tx, input.cliente_id);
    if (!cliente || cliente.tipo !== 'cliente') {
      throw refused('cliente_id', VENDA_MESSAGES.clienteNaoEncontrado);
    }
    clienteNome = cliente.nome;
  }

  // A converted quote's sale may come without a method: Pendente, it gets one before finalizing.
  const semForma = input.forma_pagamento === null && !input.pagamentos?.length;
  const pagos = semForma
    ? { pagamentos: [], troco: 0 }
    : calcularPagamentos(totais.valor_final, input.forma_pagamento, input.pagamentos);
  if ('erro' in pagos) throw refused('pagamentos', pagos.erro);

  const descontoAutorizadoPor = await autorizarDesconto(
    tx,
    input,
    contexto,
    descontoPercentual(fromCentavos(Number(catalogoCentavos)), totais.valor_final),
  );

  return {
    clienteNome,
    itens: linhas.map((linha, ordem) => ({
      vendaId: 0,
      ordem,
      produtoId: linha.produto.id,
      produtoNome: linha.produto.nome,
      unidadeMedida: linha.produto.unidade,
      quantidade: linha.quantidade,
      precoUnitario: linha.preco_unitario,
      descontoItem: linha.desconto_item,
      subtotal: totais.itens[ordem]!.subtotal,
      custoUnitario: linha.produto.custoFinal,
    })),
    pagamentos: pagos.pagamentos,
    formaPagamento: formaDaVenda(pagos.pagamentos, input.forma_pagamento),
    valorTotal: totais.valor_total,
    desconto: totais.desconto,
    frete: totais.frete,
    valorFinal: totais.valor_final,
    custoTotal: fromCentavos(
      Number(
        linhas.reduce((soma, l) => soma + brutoCentavos(l.quantidade, l.produto.custoFinal), 0n),
      ),
    ),
    troco: pagos.troco,
    descontoAutorizadoPor,
  };
}

/**
 * A user (not a manager or admin) gives at most `descontoLimite` % off the catalogue on their
 * own; above it the sale carries a manager's or admin's e-mail and password, checked here and
 * recorded on the sale. Answers who authorized it, or null when no authorization was needed.
 */
async function autorizarDesconto(
  tx: Executor,
  input: VendaProdutoInput,
  contexto: VendaContexto,
  percentual: number,
): Promise<number | null> {
  if (percentual <= contexto.descontoLimite || hasRole(contexto.usuario.role, ADMIN_MANAGER)) {
    return null;
  }
  if (!input.autorizacao) {
    throw new AppError(
      'AUTORIZACAO_NECESSARIA',
      descontoAcimaLimiteMessage(percentual, contexto.descontoLimite),
    );
  }
  const autorizador = await usuarioPorCredenciais(
    tx,
    input.autorizacao.email,
    input.autorizacao.senha,
  );
  if (!autorizador) {
    throw new AppError('AUTORIZACAO_NECESSARIA', VENDA_MESSAGES.autorizacaoInvalida, {
      autorizacao: VENDA_MESSAGES.autorizacaoInvalida,
    });
  }
  if (!hasRole(autorizador.role as Role, ADMIN_MANAGER)) {
    throw new AppError('AUTORIZACAO_NECESSARIA', VENDA_MESSAGES.autorizacaoSemPermissao, {
      autorizacao: VENDA_MESSAGES.autorizacaoSemPermissao,
    });
  }
  return autorizador.id;
}

/**
 * The lines and payments of the sale `vendaId` names (a value, or the id of the sale the same
 * statement inserts), as two CTEs: the sale and all it holds go in one round trip.
 */
function linhasDaVenda(vendaId: SQL, calculada: VendaCalculada): SQL {
  const itens = calculada.itens.map((item) => ({
    ordem: item.ordem,
    produto_id: item.produtoId,
    produto_nome: item.produtoNome,
    unidade_medida: item.unidadeMedida,
    quantidade: item.quantidade,
    preco_unitario: item.precoUnitario,
    desconto_item: item.descontoItem,
    subtotal: item.subtotal,
    custo_unitario: item.custoUnitario,
  }));
  return sql`itens AS (
      INSERT INTO ${vendaItens} (venda_id, ordem, produto_id, produto_nome, unidade_medida,
        quantidade, preco_unitario, desconto_item, subtotal, custo_unitario)
      SELECT ${vendaId}, i.ordem, i.produto_id, i.produto_nome, i.unidade_medida,
        i.quantidade, i.preco_unitario, i.desconto_item, i.subtotal, i.custo_unitario
      FROM json_to_recordset(${JSON.stringify(itens)}::json) AS i(ordem smallint,
        produto_id integer, produto_nome text, unidade_medida text, quantidade numeric,
        preco_unitario numeric, desconto_item numeric, subtotal numeric, custo_unitario numeric)),
    pagamentos AS (
      INSERT INTO ${vendaPagamentos} (venda_id, forma, valor)
      SELECT ${vendaId}, p.forma, p.valor
      FROM json_to_recordset(${JSON.stringify(calculada.pagamentos)}::json)
        AS p(forma text, valor numeric))`;
}

/** One line of a sale's history, for the sale `vendaId` names (as in linhasDaVenda). */
const novaLinhaDoHistorico = (
  vendaId: SQL,
  status: StatusQualquer,
  contexto: VendaContexto,
  motivo: string | null,
) =>
  sql`INSERT INTO ${vendaHistorico} (venda_id, status, usuario_id, motivo)
      VALUES (${vendaId}, ${status}, ${contexto.usuario.id}, ${motivo})`;

function colunasDaVenda(calculada: VendaCalculada) {
  return {
    clienteNome: calculada.clienteNome,
    formaPagamento: calculada.formaPagamento,
    valorTotal: calculada.valorTotal,
    desconto: calculada.desconto,
    frete: calculada.frete,
    valorFinal: calculada.valorFinal,
    custoTotal: calculada.custoTotal,
    troco: calculada.troco,
    descontoAutorizadoPor: calculada.descontoAutorizadoPor,
  };
}

/** A client-sent start of service, kept only when it is plausible (within the last 12 hours). */
function inicioPlausivel(inicio: string | null): Date | null {
  if (!inicio) return null;
  const date = new Date(inicio);
  const idade = Date.now() - date.getTime();
  return idade >= 0 && idade <= 12 * 3_600_000 ? date : null;
}

/**
 * POST /api/vendas: a Pendente sale, or (atendimento_rapido) one born Finalizada, never pending
 * for anyone to see, with its caixa, receivables and stock, in the caller's transaction.
 */
export async function createVenda(
  tx: Transaction,
  input: VendaProdutoInput,
  contexto: VendaContexto,
): Promise<VendaGravada> {
  const rapida = input.atendimento_rapido;
  const balcao = rapida && input.tipo === 'balcao';
  // A quick sale reads its products, the operator's caixa and the finance rules in one statement.
  const lidos = await lerJuntos(tx, {
    produtos: produtosParaVendaSql(idsDosProdutos(input)),
    caixa: balcao ? caixaAbertoTravadoSql(contexto.usuario.id) : sql<null>`SELECT NULL`,
    regras: rapida ? regrasDeRecebimentoSql(slugDaVenda(input.tipo)) : sql<null>`SELECT NULL`,
  });
  const calculada = await calcularVenda(tx, input, contexto, lidos.produtos);
  const caixaId = balcao ? caixaAberto(lidos.caixa) : null;
  const status = rapida ? 'Finalizada' : 'Pendente';
  const venda = insercao(
    vendas,
    {
      tipo: input.tipo,
      status,
      clienteId: input.cliente_id,
      observacoes: input.observacoes,
      atendimentoRapido: rapida,
      inicioAtendimento: inicioPlausivel(input.inicio_atendimento),
      vendedorId: contexto.usuario.id,
      caixaId,
      finalizadaEm: rapida ? sql`now()` : null,
      ...colunasDaVenda(calculada),
    },
    sql`id, numero`,
  );
  // A quick sale's receivables and the saída of its first product go in the sale's own statement.
  const daVenda = sql`(SELECT id FROM venda)`;
  const numeroDaVenda = numeroFormatado(sql`(SELECT numero FROM venda)`);
  const recebiveis = rapida
    ? await recebiveisDaVendaSql(
        tx,
        {
          id: daVenda,
          numero: numeroDaVenda,
          tipo: input.tipo,
          cliente_id: input.cliente_id,
          forma_pagamento: calculada.formaPagamento,
          valor_final: calculada.valorFinal,
          troco: calculada.troco,
          servico_nome: null,
          pagamentos: calculada.pagamentos,
        },
        contexto,
        lidos.regras ? regrasDeRecebimentoDe(lidos.regras) : undefined,
      )
    : undefined;
  const saidas = rapida
    ? saidasNoComandoDoDocumento(
        tx,
        calculada.itens,
        movimentoDaVenda(daVenda, numeroDaVenda, contexto),
      )
    : undefined;
  const [gravada] = await selectRows<VendaGravada & { moveu: boolean }>(
    tx,
    sql`WITH venda AS (${venda}),
      ${linhasDaVenda(daVenda, calculada)},
      historico AS (${novaLinhaDoHistorico(daVenda, status, contexto, null)})
      ${recebiveis ? sql`, ${recebiveis}` : sql``}
      ${saidas ? sql`, ${saidas.ctes}` : sql``}
      SELECT id, numero, ${saidas?.moveu ?? sql`true`} AS moveu FROM venda`,
  );
  const { id, numero, moveu } = gravada!;
  await saidas?.concluir(moveu, movimentoDaVenda(id, numeroComoTexto(numero), contexto));
  return { id, numero };
}

/**
 * The sale just finalized (or the appointment just concluded) read back, its payments turned
 * into receivables in the same transaction: cash, PIX and debit received at once.
 */
async function comReceber(tx: Transaction, id: number, contexto: VendaContexto): Promise<void> {
  await lancarRecebiveisDaVenda(tx, await getVendaNaTransacao(tx, id), contexto);
}

/** Locks a sale's row for a write; 404 when there is none. */
export const travarVenda = (tx: Transaction, id: number) =>
  documento.travar(tx, id, { numero: vendas.numero, tipo: vendas.tipo });

/** PUT /api/vendas/{id}: only a Pendente sale; its lines and payments are replaced. */
export async function updateVenda(
  tx: Transaction,
  id: number,
  input: VendaProdutoInput,
  contexto: VendaContexto,
): Promise<VendaGravada> {
  const atual = await travarVenda(tx, id);
  if (atual.status !== 'Pendente') throw new AppError('REGRA_VIOLADA', VENDA_MESSAGES.naoEditavel);
  if (atual.tipo !== input.tipo) {
    throw refused('tipo', 'O tipo da venda não pode ser alterado.');
  }
  const calculada = await calcularVenda(tx, input, contexto);
  await tx.delete(vendaItens).where(eq(vendaItens.vendaId, id));
  await tx.delete(vendaPagamentos).where(eq(vendaPagamentos.vendaId, id));
  await tx
    .update(vendas)
    .set({
      clienteId: input.cliente_id,
      observacoes: input.observacoes,
      ...colunasDaVenda(calculada),
      updatedAt: sql`now()`,
    })
    .where(eq(vendas.id, id));
  await tx.execute(sql`WITH ${linhasDaVenda(sql`${id}::integer`, calculada)} SELECT 1`);
  return atual;
}

/** DELETE /api/vendas/{id}: only a Pendente sale (it never moved stock). */
export async function deleteVenda(tx: Transaction, id: number): Promise<void> {
  const atual = await travarVenda(tx, id);
  if (atual.status !== 'Pendente') {
    throw new AppError('REGRA_VIOLADA', VENDA_MESSAGES.naoExcluivel);
  }
  await tx.delete(vendas).where(eq(vendas.id, id));
}

export async function registrarHistorico(
  tx: Transaction,
  vendaId: number,
  status: StatusQualquer,
  contexto: VendaContexto,
  motivo: string | null,
) {
  await documento.registrarHistorico(tx, vendaId, status, contexto.usuario.id, motivo);
}

/** A sale's number as the ledger and the finance show it ("000123"), from a number in SQL. */
const numeroFormatado = (numero: SQL) =>
  sql`lpad(${numero}::text, greatest(6, length(${numero}::text)), '0')`;

/** A sale's number as numeroFormatado gives it, when it is known. */
const numeroComoTexto = (numero: number) => sql`${formatNumeroVenda(numero)}::text`;

const motivoDaVenda = (numero: number) => `Venda Nº ${formatNumeroVenda(numero)}`;

/** The stock ledger's movement of a sale: `numero` formatted (numeroFormatado), a text. */
const movimentoDaVenda = (
  vendaId: number | SQL,
  numero: SQL,
  contexto: VendaContexto,
): MovimentoDeDocumento => ({
  origem: { vendaId },
  motivo: sql`'Venda Nº ' || ${numero}`,
  usuarioId: contexto.usuario.id,
  timeZone: contexto.timeZone,
});

/** A counter sale joins its seller's open caixa, share-locked so it cannot close meanwhile. */
async function caixaParaFinalizar(
  tx: Transaction,
  tipo: string,
  contexto: VendaContexto,
): Promise<number | null> {
  if (tipo !== 'balcao') return null;
  const { caixa } = await lerJuntos(tx, { caixa: caixaAbertoTravadoSql(contexto.usuario.id) });
  return caixaAberto(caixa);
}

/** The counter sale's caixa, or CAIXA_FECHADO when the operator has none open. */
function caixaAberto(caixaId: number | null): number {
  if (caixaId === null) throw new AppError('CAIXA_FECHADO', VENDA_MESSAGES.semCaixaAberto);
  return caixaId;
}

/** The sale's stock leaves through the ledger, all or nothing. */
async function saidasDaVenda(
  tx: Transaction,
  venda: { id: number; numero: number },
  contexto: VendaContexto,
) {
  const linhas = await tx
    .select({ produtoId: vendaItens.produtoId, quantidade: vendaItens.quantidade })
    .from(vendaItens)
    .where(eq(vendaItens.vendaId, venda.id));
  await registrarSaidasDoDocumento(
    tx,
    linhas,
    movimentoDaVenda(venda.id, numeroComoTexto(venda.numero), contexto),
  );
}

/**
 * Pendente → Finalizada (PATCH status): the caixa and the stock; answers what the sale's row
 * gets. The caller then turns the payments into receivables (comReceber).
 */
async function finalizar(
  tx: Transaction,
  venda: { id: number; numero: number; tipo: string },
  contexto: VendaContexto,
): Promise<PgUpdateSetSource<typeof vendas>> {
  const caixaId = await caixaParaFinalizar(tx, venda.tipo, contexto);
  await saidasDaVenda(tx, venda, contexto);
  return { finalizadaEm: sql`now()`, caixaId };
}

/** What a status stamps on the sale besides itself (Finalizada stamps in finalizar). */
const MARCAS_DO_STATUS: Partial<Record<StatusQualquer, PgUpdateSetSource<typeof vendas>>> = {
  Cancelada: { canceladaEm: sql`now()` },
  Cancelado: { canceladaEm: sql`now()` },
  'Em Andamento': { iniciadoEm: sql`now()` },
  Concluído: { concluidoEm: sql`now()`, finalizadaEm: sql`now()` },
};

/**
 * PATCH /api/vendas/{id}/status: any move the transition table allows the caller's role.
 * Cancelling a finalized sale returns its stock through the ledger and reverses its receivables,
 * exactly once (the row lock and the status make a second cancel a TRANSICAO_INVALIDA), and is
 * refused while the sale's note stands at SEFAZ (notaVivaDaVendaHook); a concluded appointment
 * gets its receivable. The fiscal module calls it too, when a note's cancellation takes its sale.
 */
export async function alterarStatusVenda(
  tx: Transaction,
  id: number,
  input: VendaStatusInput,
  contexto: VendaContexto,
): Promise<VendaGravada> {
  const para = input.status;
  return documento.alterarStatus(tx, id, {
    para,
    por: contexto.usuario,
    observacao: para === 'Finalizada' ? null : input.motivo,
    colunas: { numero: vendas.numero, tipo: vendas.tipo, formaPagamento: vendas.formaPagamento },
    antes: async (atual) => {
      // A converted quote's sale may still lack its method: it gets one before finalizing.
      if (para === 'Finalizada' && atual.formaPagamento === null) {
        throw new AppError('REGRA_VIOLADA', VENDA_MESSAGES.formaParaFinalizar, {
          forma_pagamento: VENDA_MESSAGES.formaParaFinalizar,
        });
      }
      if (para === 'Finalizada') return finalizar(tx, atual, contexto);
      if (atual.status === 'Finalizada') {
        const nota = await notaVivaDaVendaHook.call(tx, id);
        if (nota) {
          throw new AppError(
            'REGRA_VIOLADA',
            EVENTOS_MENSAGENS.cancelarNotaAntes(nota.modelo, nota.numero, nota.situacao),
          );
        }
        await estornarMovimentosDaVenda(tx, id, {
          motivo: `Cancelamento da ${motivoDaVenda(atual.numero)}`,
          usuarioId: contexto.usuario.id,
          timeZone: contexto.timeZone,
        });
        await cancelarRecebiveisDaVenda(tx, id, contexto);
      }
      return MARCAS_DO_STATUS[para];
    },
    reler: async (atual) => {
      if (para === 'Finalizada' || para === 'Concluído') await comReceber(tx, id, contexto);
      return atual;
    },
  });
}

/** GET /api/vendas/stats/balcao: today's counter sales in the company's calendar. */
export async function statsBalcao(db: Executor, timeZone: string): Promise<VendaStatsBalcao> {
  const inicio = inicioDoDia(todayISO(timeZone), timeZone);
  const hoje = sql`${vendas.status} = 'Finalizada' AND ${vendas.finalizadaEm} >= ${inicio}`;
  const [row] = await db
    .select({
      vendasHoje: sql<number>`count(*) FILTER (WHERE ${hoje})::int`,
      faturamentoHoje: sql<string>`coalesce(sum(${vendas.valorFinal}) FILTER (WHERE ${hoje}), 0)`,
      tempoMedio: sql<
        string | null
      >`avg(extract(epoch FROM ${vendas.finalizadaEm} - coalesce(${vendas.inicioAtendimento}, ${vendas.createdAt}))) FILTER (WHERE ${hoje})`,
      vendasPendentes: sql<number>`count(*) FILTER (WHERE ${vendas.status} = 'Pendente')::int`,
    })
    .from(vendas)
    .where(
      and(
        eq(vendas.tipo, 'balcao'),
        sql`(${vendas.status} = 'Pendente' OR ${vendas.finalizadaEm} >= ${inicio})`,
      ),
    );
  const segundos =
    row?.tempoMedio === null || row?.tempoMedio === undefined ? 0 : Number(row.tempoMedio);
  return {
    vendasHoje: Number(row?.vendasHoje ?? 0),
    faturamentoHoje: fromCentavos(toCentavos(Number(row?.faturamentoHoje ?? 0))),
    tempoMedioAtendimento: Math.round(segundos / 6) / 10,
    vendasPendentes: Number(row?.vendasPendentes ?? 0),
  };
}

/** The caixas module's question (what its counter sales received): two queries for any number of caixas. */
export async function recebidoNosCaixas(
  db: Executor,
  caixaIds: readonly number[],
): Promise<Map<number, RecebidoNoCaixa>> {
  const resultado = new Map<number, RecebidoNoCaixa>();
  if (caixaIds.length === 0) return resultado;
  const finalizadas = and(inArray(vendas.caixaId, [...caixaIds]), eq(vendas.status, 'Finalizada'));
  const [totais, porForma] = await Promise.all([
    db
      .select({
        caixaId: vendas.caixaId,
        vendas: sql<number>`count(*)::int`,
        total: sql<string>`sum(${vendas.valorFinal})`,
        troco: sql<string>`sum(${vendas.troco})`,
      })
      .from(vendas)
      .where(finalizadas)
      .groupBy(vendas.caixaId),
    db
      .select({
        caixaId: vendas.caixaId,
        forma: vendaPagamentos.forma,
        valor: sql<string>`sum(${vendaPagamentos.valor})`,
      })
      .from(vendaPagamentos)
      .innerJoin(vendas, eq(vendas.id, vendaPagamentos.vendaId))
      .where(finalizadas)
      .groupBy(vendas.caixaId, vendaPagamentos.forma),
  ]);
  for (const linha of totais) {
    resultado.set(linha.caixaId!, {
      vendas: Number(linha.vendas),
      total: Number(linha.total),
      troco: Number(linha.troco),
      recebido: {},
    });
  }
  for (const linha of porForma) {
    const caixa = resultado.get(linha.caixaId!);
    if (caixa) caixa.recebido[linha.forma] = Number(linha.valor);
  }
  return resultado;
}
