import {
  and,
  asc,
  count,
  desc,
  ne,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import { addMonthsISO, formatDate, todayISO } from '@prumo/shared/dates';
import {
  DOCUMENTOS_DE_TITULO,
  type DocumentoDeTitulo,
  amortizacaoDaBaixa,
  diasEmAtraso,
  FINANCEIRO_MESSAGES,
  FORMAS_FINANCEIRO_PADRAO,
  parcelasMensais,
  statusEfetivoParcela,
  statusGravado,
  statusTitulo,
  type BaixaFinanceira,
  type BaixaInput,
  type CategoriaFinanceira,
  type Cobrancas,
  type Conta,
  type ContaInput,
  type Extrato,
  type FormaFinanceira,
  type ParcelaListQuery,
  type ParcelaPlano,
  type ParcelaResumo,
  type ParcelaTitulo,
  type StatusParcela,
  type StatusParcelaGravado,
  type Titulo,
  type TituloDetalhe,
  type TituloInput,
  type TituloListQuery,
  type TituloSort,
  type Transferencia,
  type TransferenciaInput,
} from '@prumo/shared/financeiro';
import { formatMoney, fromCentavos, sumMoney, toCentavos } from '@prumo/shared/money';
import { FORMA_PAGAMENTO_VALUES, type FormaPagamento } from '@prumo/shared/vendas';
import type { Executor, Transaction } from '../../db/database';
import {
  containsSearch,
  lerJuntos,
  ptBrKey,
  ptBrOrder,
  sortOrder,
  type SortColumns,
} from '../../db/sql-helpers';
import { AppError, badRequest, duplicado, emUso, notFound } from '../../http/errors';
import {
  contatosDeCadastros,
  findCadastroResumo,
  nomesDeCadastros,
} from '../cadastros/cadastros.repository';
import {
  baixas,
  categoriasFinanceiras,
  contasFinanceiras,
  formasFinanceiras,
  parcelas,
  titulos,
  transferencias,
} from './financeiro.table';

/*
 * Correlated subqueries name their outer table in plain SQL (titulos.id): Drizzle leaves column
 * references unqualified in a query without joins, where they would bind to the inner table.
 *
 * Finance (issue 15). Money only moves through two ledgers: settlements (baixas) of
 * installments and transfers between accounts; a reversal stamps the row, never deletes it.
 * Account balances are never stored: they are summed from those ledgers when read (one
 * query). An installment's valor_pago/juros/multa/desconto and stored status are kept equal
 * to its settlements not reversed, in the same transaction, under the installment's row lock,
 * so settlements racing on one installment never overpay it. vencido is derived from "today"
 * in the company's calendar, never stored.
 */

export interface FinanceiroContexto {
  /** Who writes; id null for the app's own jobs (contract billing). */
  usuario: { id: number | null; nome: string };
  timeZone: string;
}

const regra = (message: string) => new AppError('REGRA_VIOLADA', message);
const refused = (field: string, message: string) => badRequest(message, { [field]: message });
const DEVIDO: StatusParcelaGravado[] = ['aberto', 'parcial'];

// ---------------------------------------------------------------- ledger and accounts

/**
 * Every movement of money not reversed, one signed row each (+ in, − out): settlements
 * (receivables in, payables out) and both legs of each transfer. Balances, statements and
 * reports read from here, so they always agree with the ledger.
 */
export const movimentosFinanceiros = sql`(
  SELECT b.conta_id, b.data,
         CASE WHEN t.natureza = 'receber' THEN b.valor ELSE -b.valor END AS valor,
         'baixa' AS tipo, b.id AS baixa_id, NULL::integer AS transferencia_id,
         t.descricao AS descricao, b.created_at
    FROM baixas b JOIN parcelas p ON p.id = b.parcela_id JOIN titulos t ON t.id = p.titulo_id
   WHERE b.estornada_em IS NULL
  UNION ALL
  SELECT tr.origem_id, tr.data, -tr.valor, 'transferencia', NULL, tr.id,
         coalesce(tr.descricao, 'Transferência para ' || d.nome), tr.created_at
    FROM transferencias tr JOIN contas_financeiras d ON d.id = tr.destino_id
   WHERE tr.estornada_em IS NULL
  UNION ALL
  SELECT tr.destino_id, tr.data, tr.valor, 'transferencia', NULL, tr.id,
         coalesce(tr.descricao, 'Transferência de ' || o.nome), tr.created_at
    FROM transferencias tr JOIN contas_financeiras o ON o.id = tr.origem_id
   WHERE tr.estornada_em IS NULL
) AS mov`;

const saldoDaConta = sql<number>`(contas_financeiras.saldo_inicial + coalesce((SELECT sum(mov.valor) FROM ${movimentosFinanceiros} WHERE mov.conta_id = contas_financeiras.id), 0))`;

const contaColumns = {
  id: contasFinanceiras.id,
  nome: contasFinanceiras.nome,
  tipo: contasFinanceiras.tipo,
  banco: contasFinanceiras.banco,
  agencia: contasFinanceiras.agencia,
  conta: contasFinanceiras.conta,
  saldo_inicial: contasFinanceiras.saldoInicial,
  data_saldo_inicial: contasFinanceiras.dataSaldoInicial,
  ativo: contasFinanceiras.ativo,
  saldo: saldoDaConta,
};

const toConta = (row: Conta): Conta => ({ ...row, saldo: Number(row.saldo) });

/** GET /api/financeiro/contas: every account with its balance, active first (one query). */
export async function listContas(db: Executor): Promise<Conta[]> {
  const rows = await db
    .select(contaColumns)
    .from(contasFinanceiras)
    .orderBy(desc(contasFinanceiras.ativo), ptBrOrder(contasFinanceiras.nome));
  return rows.map(toConta);
}

export async function getConta(db: Executor, id: number): Promise<Conta | undefined> {
  const [row] = await db
    .select(contaColumns)
    .from(contasFinanceiras)
    .where(eq(contasFinanceiras.id, id));
  return row && toConta(row);
}

const colunasDaConta = (input: ContaInput) => ({
  nome: input.nome,
  tipo: input.tipo,
  banco: input.banco,
  agencia: input.agencia,
  conta: input.conta,
  saldoInicial: input.saldo_inicial,
  ativo: input.ativo,
});

export async function createConta(
  tx: Transaction,
  input: ContaInput,
  timeZone: string,
): Promise<Conta> {
  const [row] = await tx
    .insert(contasFinanceiras)
    .values({
      ...colunasDaConta(input),
      dataSaldoInicial: input.data_saldo_inicial ?? todayISO(timeZone),
    })
    .returning({ id: contasFinanceiras.id });
  return (await getConta(tx, row!.id))!;
}

/** PUT: an opening balance's day left out keeps the one it has. */
export async function updateConta(tx: Transaction, id: number, input: ContaInput): Promise<Conta> {
  if (!input.ativo) {
    // Cash, PIX and debit sales settle into an active account: one must remain.
    const [outras] = await tx
      .select({ n: count() })
      .from(contasFinanceiras)
      .where(and(eq(contasFinanceiras.ativo, true), ne(contasFinanceiras.id, id)));
    if ((outras?.n ?? 0) === 0) throw refused('ativo', FINANCEIRO_MESSAGES.ultimaContaAtiva);
  }
  const [row] = await tx
    .update(contasFinanceiras)
    .set({
      ...colunasDaConta(input),
      ...(input.data_saldo_inicial ? { dataSaldoInicial: input.data_saldo_inicial } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(contasFinanceiras.id, id))
    .returning({ id: contasFinanceiras.id });
  if (!row) throw notFound(FINANCEIRO_MESSAGES.contaNaoEncontrada);
  return (await getConta(tx, id))!;
}

/** DELETE /api/financeiro/contas/{id}: only an account that never moved money (even reversed). */
export async function deleteConta(tx: Transaction, id: number): Promise<void> {
  const [row] = await tx
    .select({
      id: contasFinanceiras.id,
      usada: sql<boolean>`EXISTS (SELECT 1 FROM ${baixas} WHERE ${baixas.contaId} = ${id})
        OR EXISTS (SELECT 1 FROM ${transferencias} WHERE ${transferencias.origemId} = ${id} OR ${transferencias.destinoId} = ${id})`,
    })
    .from(contasFinanceiras)
    .where(eq(contasFinanceiras.id, id))
    .for('update');
  if (!row) throw notFound(FINANCEIRO_MESSAGES.contaNaoEncontrada);
  if (row.usada) throw emUso(FINANCEIRO_MESSAGES.contaEmUso);
  await tx.delete(contasFinanceiras).where(eq(contasFinanceiras.id, id));
}

/** An account that may receive or pay money now, or a 400 on the field. */
async function exigirContaAtiva(tx: Executor, id: number, campo: string) {
  const [conta] = await tx
    .select({
      id: contasFinanceiras.id,
      nome: contasFinanceiras.nome,
      ativo: contasFinanceiras.ativo,
    })
    .from(contasFinanceiras)
    .where(eq(contasFinanceiras.id, id));
  if (!conta) throw refused(campo, FINANCEIRO_MESSAGES.contaNaoEncontrada);
  if (!conta.ativo) throw refused(campo, FINANCEIRO_MESSAGES.contaInativa);
  return conta;
}

/**
 * GET /api/financeiro/contas/{id}/extrato: the balance before `de`, each movement of the period
 * with the running balance, and the balance at its end.
 */
export async function extratoConta(
  db: Executor,
  id: number,
  periodo: { de?: string; ate?: string },
): Promise<Extrato | undefined> {
  const daConta = sql`mov.conta_id = ${id}`;
  const [conta, [anterior], rows] = await Promise.all([
    getConta(db, id),
    periodo.de
      ? db
          .select({ total: sql<number>`coalesce(sum(mov.valor), 0)` })
          .from(movimentosFinanceiros)
          .where(and(daConta, sql`mov.data < ${periodo.de}`))
      : [{ total: 0 }],
    db
      .select({
        data: sql<string>`mov.data::text`,
        descricao: sql<string>`mov.descricao`,
        tipo: sql<'baixa' | 'transferencia'>`mov.tipo`,
        valor: sql<number>`mov.valor`,
        baixa_id: sql<number | null>`mov.baixa_id`,
        transferencia_id: sql<number | null>`mov.transferencia_id`,
      })
      .from(movimentosFinanceiros)
      .where(
        and(
          daConta,
          periodo.de ? sql`mov.data >= ${periodo.de}` : undefined,
          periodo.ate ? sql`mov.data <= ${periodo.ate}` : undefined,
        ),
      )
      .orderBy(sql`mov.data, mov.created_at, mov.baixa_id, mov.transferencia_id`),
  ]);
  if (!conta) return undefined;
  const inicio = toCentavos(conta.saldo_inicial) + toCentavos(Number(anterior!.total));
  let saldo = inicio;
  const movimentos = rows.map(({ valor, ...row }) => {
    const centavos = toCentavos(Number(valor));
    saldo += centavos;
    return {
      ...row,
      entrada: centavos > 0 ? fromCentavos(centavos) : 0,
      saida: centavos < 0 ? fromCentavos(-centavos) : 0,
      saldo: fromCentavos(saldo),
    };
  });
  return {
    conta,
    saldo_anterior: fromCentavos(inicio),
    movimentos,
    saldo_final: fromCentavos(saldo),
  };
}

// ---------------------------------------------------------------- transfers

const toTransferencia = (row: typeof transferencias.$inferSelect): Transferencia => ({
  id: row.id,
  origem_id: row.origemId,
  destino_id: row.destinoId,
  data: row.data,
  valor: row.valor,
  descricao: row.descricao,
  estornada_em: row.estornadaEm?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** POST /api/financeiro/transferencias: between two active accounts. */
export async function criarTransferencia(
  tx: Transaction,
  input: TransferenciaInput,
  contexto: FinanceiroContexto,
): Promise<Transferencia> {
  await exigirContaAtiva(tx, input.origem_id, 'origem_id');
  await exigirContaAtiva(tx, input.destino_id, 'destino_id');
  const [row] = await tx
    .insert(transferencias)
    .values({
      origemId: input.origem_id,
      destinoId: input.destino_id,
      data: input.data ?? todayISO(contexto.timeZone),
      valor: input.valor,
      descricao: input.descricao,
      usuarioId: contexto.usuario.id,
    })
    .returning();
  return toTransferencia(row!);
}

/** DELETE /api/financeiro/transferencias/{id}: reversed once, by stamping it. */
export async function estornarTransferencia(tx: Transaction, id: number): Promise<Transferencia> {
  const [atual] = await tx
    .select({ estornadaEm: transferencias.estornadaEm })
    .from(transferencias)
    .where(eq(transferencias.id, id))
    .for('update');
  if (!atual) throw notFound(FINANCEIRO_MESSAGES.transferenciaNaoEncontrada);
  if (atual.estornadaEm) throw regra(FINANCEIRO_MESSAGES.transferenciaJaEstornada);
  const [row] = await tx
    .update(transferencias)
    .set({ estornadaEm: sql`now()` })
    .where(eq(transferencias.id, id))
    .returning();
  return toTransferencia(row!);
}

// ---------------------------------------------------------------- chart of accounts

const categoriaColumns = {
  id: categoriasFinanceiras.id,
  nome: categoriasFinanceiras.nome,
  tipo: categoriasFinanceiras.tipo,
  slug: categoriasFinanceiras.slug,
  ativo: categoriasFinanceiras.ativo,
};

export function listCategorias(db: Executor): Promise<CategoriaFinanceira[]> {
  return db
    .select(categoriaColumns)
    .from(categoriasFinanceiras)
    .orderBy(desc(categoriasFinanceiras.tipo), ptBrOrder(categoriasFinanceiras.nome));
}

type CategoriaInput = Pick<CategoriaFinanceira, 'nome' | 'tipo' | 'ativo'>;

async function exigirNomeLivre(tx: Executor, input: CategoriaInput, id: number | null) {
  const [outra] = await tx
    .select({ id: categoriasFinanceiras.id })
    .from(categoriasFinanceiras)
    .where(
      and(
        eq(categoriasFinanceiras.tipo, input.tipo),
        sql`lower(${categoriasFinanceiras.nome}) = lower(${input.nome})`,
        id === null ? undefined : sql`${categoriasFinanceiras.id} <> ${id}`,
      ),
    );
  if (outra) throw duplicado(FINANCEIRO_MESSAGES.categoriaDuplicada, 'nome');
}

const categoriaUsada = sql<boolean>`EXISTS (SELECT 1 FROM titulos WHERE titulos.categoria_id = categorias_financeiras.id)`;

async function travarCategoria(tx: Transaction, id: number) {
  const [row] = await tx
    .select({ ...categoriaColumns, usada: categoriaUsada })
    .from(categoriasFinanceiras)
    .where(eq(categoriasFinanceiras.id, id))
    .for('update');
  if (!row) throw notFound(FINANCEIRO_MESSAGES.categoriaNaoEncontrada);
  return row;
}

/** One category as GET lists it (what a PUT leaves out stays as it is). */
export async function getCategoriaFinanceira(
  db: Executor,
  id: number,
): Promise<CategoriaFinanceira | undefined> {
  const [row] = await db
    .select(categoriaColumns)
    .from(categoriasFinanceiras)
    .where(eq(categoriasFinanceiras.id, id));
  return row;
}

export async function createCategoria(
  tx: Transaction,
  input: CategoriaInput,
): Promise<CategoriaFinanceira> {
  await exigirNomeLivre(tx, input, null);
  const [row] = await tx.insert(categoriasFinanceiras).values(input).returning(categoriaColumns);
  return row!;
}

/** PUT: a category's kind is fixed once titles use it (they are of that kind) or for the system's. */
export async function updateCategoria(
  tx: Transaction,
  id: number,
  input: CategoriaInput,
): Promise<CategoriaFinanceira> {
  const atual = await travarCategoria(tx, id);
  if (input.tipo !== atual.tipo && (atual.slug !== null || atual.usada)) {
    throw refused('tipo', FINANCEIRO_MESSAGES.categoriaTipoFixo);
  }
  // The sales book into the system's categories: deactivated, every finalization would fail.
  if (!input.ativo && atual.slug !== null) {
    throw refused('ativo', FINANCEIRO_MESSAGES.categoriaDoSistemaAtiva);
  }
  await exigirNomeLivre(tx, input, id);
  const [row] = await tx
    .update(categoriasFinanceiras)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(categoriasFinanceiras.id, id))
    .returning(categoriaColumns);
  return row!;
}

export async function deleteCategoria(tx: Transaction, id: number): Promise<void> {
  const atual = await travarCategoria(tx, id);
  if (atual.slug !== null) throw regra(FINANCEIRO_MESSAGES.categoriaDoSistema);
  if (atual.usada) throw emUso(FINANCEIRO_MESSAGES.categoriaEmUso);
  await tx.delete(categoriasFinanceiras).where(eq(categoriasFinanceiras.id, id));
}

// ---------------------------------------------------------------- payment methods

/** GET /api/financeiro/formas: one row per payment method, in the sales' order. */
export async function listFormas(db: Executor): Promise<FormaFinanceira[]> {
  const rows = await db
    .select({
      forma: formasFinanceiras.forma,
      conta_id: formasFinanceiras.contaId,
      prazo_dias: formasFinanceiras.prazoDias,
      baixa_automatica: formasFinanceiras.baixaAutomatica,
    })
    .from(formasFinanceiras);
  const ordem = (forma: FormaPagamento) => FORMA_PAGAMENTO_VALUES.indexOf(forma);
  return rows.sort((a, b) => ordem(a.forma) - ordem(b.forma));
}

/** PUT /api/financeiro/formas: the methods given are saved; their accounts must be active. */
export async function salvarFormas(
  tx: Transaction,
  input: readonly FormaFinanceira[],
): Promise<FormaFinanceira[]> {
  const vistas = new Set<FormaPagamento>();
  for (const [index, forma] of input.entries()) {
    if (vistas.has(forma.forma)) throw refused(`${index}.forma`, FINANCEIRO_MESSAGES.formaRepetida);
    vistas.add(forma.forma);
    if (forma.conta_id !== null) await exigirContaAtiva(tx, forma.conta_id, `${index}.conta_id`);
  }
  for (const forma of input) {
    const valores = {
      contaId: forma.conta_id,
      prazoDias: forma.prazo_dias,
      baixaAutomatica: forma.baixa_automatica,
    };
    await tx
      .insert(formasFinanceiras)
      .values({ forma: forma.forma, ...valores })
      .onConflictDoUpdate({ target: formasFinanceiras.forma, set: valores });
  }
  return listFormas(tx);
}

/** How a sale's payment in one method becomes a receivable (formas_financeiras, resolved). */
export interface RegraDeRecebimento {
  prazo_dias: number;
  baixa_automatica: boolean;
  /** The account its money lands in: see regrasDeRecebimento; null when none is active. */
  conta_id: number | null;
}

/** What the business's receivables need: see regrasDeRecebimentoSql. */
export interface RegrasDeRecebimento {
  categoriaId: number | null;
  formas: Map<FormaPagamento, RegraDeRecebimento>;
}

/** The rules as the database answers them (regrasDeRecebimentoSql). */
export interface RegrasDeRecebimentoLidas {
  categoria_id: number | null;
  formas: Array<RegraDeRecebimento & { forma: FormaPagamento }> | null;
}

/**
 * What the business's receivables need, as one JSON value (it is read inside every sale, alone
 * or with the sale's other reads: lerJuntos): the id of a system category (venda-produtos,
 * prestacao-servicos) and each method's rule, with the account its money lands in: the one set
 * for it when active, else the first active account of the method's usual kind (caixa for
 * cash), else the first active one.
 */
export function regrasDeRecebimentoSql(slug: string): SQL<RegrasDeRecebimentoLidas> {
  const tipoUsual = sql.join(
    FORMA_PAGAMENTO_VALUES.map(
      (forma) => sql`WHEN ${forma} THEN ${FORMAS_FINANCEIRO_PADRAO[forma].tipoConta}`,
    ),
    sql` `,
  );
  return sql`SELECT json_build_object(
      'categoria_id', (SELECT id FROM categorias_financeiras WHERE slug = ${slug}),
      'formas', (SELECT json_agg(json_build_object(
        'forma', f.forma, 'prazo_dias', f.prazo_dias, 'baixa_automatica', f.baixa_automatica,
        'conta_id', (
          SELECT c.id FROM contas_financeiras c WHERE c.ativo
          ORDER BY c.id = f.conta_id DESC NULLS LAST,
                   c.tipo = (CASE f.forma ${tipoUsual} END) DESC,
                   c.id
          LIMIT 1)
      )) FROM formas_financeiras f))`;
}

export function regrasDeRecebimentoDe(lidas: RegrasDeRecebimentoLidas): RegrasDeRecebimento {
  return {
    categoriaId: lidas.categoria_id,
    formas: new Map((lidas.formas ?? []).map(({ forma, ...regra }) => [forma, regra])),
  };
}

export async function regrasDeRecebimento(
  tx: Executor,
  slug: string,
): Promise<RegrasDeRecebimento> {
  const { regras } = await lerJuntos(tx, { regras: regrasDeRecebimentoSql(slug) });
  return regrasDeRecebimentoDe(regras);
}

// ---------------------------------------------------------------- titles: reading

/** An installment's status as of `hoje` (vencido derived), as statusEfetivoParcela says. */
const statusParcelaDoDia = (hoje: string) =>
  sql<StatusParcela>`CASE WHEN ${parcelas.status} IN ('aberto', 'parcial') AND ${parcelas.vencimento} < ${hoje} THEN 'vencido' ELSE ${parcelas.status} END`;

function condicaoStatusParcela(status: StatusParcela, hoje: string): SQL {
  if (status === 'vencido') {
    return and(inArray(parcelas.status, DEVIDO), sql`${parcelas.vencimento} < ${hoje}`)!;
  }
  if (status === 'aberto' || status === 'parcial') {
    return and(eq(parcelas.status, status), gte(parcelas.vencimento, hoje))!;
  }
  return eq(parcelas.status, status);
}

/** The title's status in SQL, as the shared statusTitulo computes it (the list filters on it). */
const statusTituloDoDia = (hoje: string) => {
  const existe = (condicao: SQL) =>
    sql`EXISTS (SELECT 1 FROM parcelas WHERE parcelas.titulo_id = titulos.id AND ${condicao})`;
  return sql<StatusParcela>`CASE
    WHEN ${titulos.canceladoEm} IS NOT NULL THEN 'cancelado'
    WHEN ${existe(condicaoStatusParcela('vencido', hoje))} THEN 'vencido'
    WHEN NOT ${existe(inArray(parcelas.status, DEVIDO))} THEN 'pago'
    WHEN ${existe(sql`${parcelas.valorPago} > 0`)} THEN 'parcial'
    ELSE 'aberto' END`;
};

type ParcelaRow = Pick<
  typeof parcelas.$inferSelect,
  'id' | 'numero' | 'vencimento' | 'valor' | 'valorPago' | 'juros' | 'multa' | 'desconto' | 'status'
>;
const parcelaColumns = {
  id: parcelas.id,
  numero: parcelas.numero,
  vencimento: parcelas.vencimento,
  valor: parcelas.valor,
  valorPago: parcelas.valorPago,
  juros: parcelas.juros,
  multa: parcelas.multa,
  desconto: parcelas.desconto,
  status: parcelas.status,
};

function toParcela(row: ParcelaRow, hoje: string): ParcelaTitulo {
  return {
    id: row.id,
    numero: row.numero,
    vencimento: row.vencimento,
    valor: row.valor,
    valor_pago: row.valorPago,
    saldo:
      row.status === 'cancelado'
        ? 0
        : fromCentavos(toCentavos(row.valor) - toCentavos(row.valorPago)),
    juros: row.juros,
    multa: row.multa,
    desconto: row.desconto,
    status: statusEfetivoParcela(row.status, row.vencimento, hoje),
  };
}

const origemDoTitulo = (row: {
  vendaId: number | null;
  ordemServicoId: number | null;
  entradaNfeId: number | null;
  devolucaoId: number | null;
  documentoTipo: DocumentoDeTitulo | null;
}): Titulo['origem'] =>
  row.documentoTipo ??
  (row.vendaId !== null
    ? 'venda'
    : row.ordemServicoId !== null
      ? 'ordem_servico'
      : row.entradaNfeId !== null
        ? 'compra'
        : row.devolucaoId !== null
          ? 'devolucao'
          : 'manual');

/**
 * A title its document keeps to itself: changed or cancelled only through the sale, the order
 * or the return. A purchase's payables stay editable (due dates are renegotiated).
 */
const presoAoDocumento = (row: {
  vendaId: number | null;
  ordemServicoId: number | null;
  devolucaoId: number | null;
}) => row.vendaId !== null || row.ordemServicoId !== null || row.devolucaoId !== null;

function selectTitulos(db: Executor) {
  const pessoa = nomesDeCadastros(db, 'pessoa');
  return {
    pessoa,
    query: db
      .select({
        titulo: titulos,
        pessoaNome: pessoa.nome,
        categoriaNome: categoriasFinanceiras.nome,
      })
      .from(titulos)
      .leftJoin(pessoa, eq(pessoa.id, titulos.pessoaId))
      .leftJoin(categoriasFinanceiras, eq(categoriasFinanceiras.id, titulos.categoriaId)),
  };
}
type TituloRow = Awaited<ReturnType<typeof selectTitulos>['query']>[number];

function toTitulo<P extends ParcelaTitulo>(row: TituloRow, lista: P[]) {
  const t = row.titulo;
  return {
    id: t.id,
    natureza: t.natureza,
    descricao: t.descricao,
    pessoa_id: t.pessoaId,
    pessoa_nome: row.pessoaNome,
    categoria_id: t.categoriaId,
    categoria_nome: row.categoriaNome,
    centro_custo: t.centroCusto,
    documento: t.documento,
    competencia: t.competencia,
    forma_pagamento: t.formaPagamento,
    valor: t.valor,
    valor_pago: sumMoney(...lista.map((p) => p.valor_pago)),
    saldo: sumMoney(...lista.map((p) => p.saldo)),
    status: statusTitulo(t.canceladoEm !== null, lista),
    origem: origemDoTitulo(t),
    venda_id: t.vendaId,
    ordem_servico_id: t.ordemServicoId,
    entrada_nfe_id: t.entradaNfeId,
    devolucao_id: t.devolucaoId,
    documento_tipo: t.documentoTipo,
    documento_id: t.documentoId,
    observacoes: t.observacoes,
    cancelado_em: t.canceladoEm?.toISOString() ?? null,
    created_at: t.createdAt.toISOString(),
    parcelas: lista,
  };
}

/**
 * q over the description, the document and the person's name. The matching people are read
 * once (= ANY(ARRAY(…))), so each side of the OR can use its own trigram index.
 */
function tituloBusca(db: Executor, q: string): SQL {
  const pessoa = nomesDeCadastros(db, 'busca_pessoa');
  return sql`(${containsSearch(q, titulos.descricao, titulos.documento)} OR ${titulos.pessoaId} = ANY(ARRAY(SELECT ${pessoa.id} FROM ${pessoa} WHERE ${containsSearch(q, pessoa.nome)})))`;
}

function tituloConditions(db: Executor, query: TituloListQuery, hoje: string) {
  const parcelaNoPeriodo = and(
    query.de ? gte(parcelas.vencimento, query.de) : undefined,
    query.ate ? lte(parcelas.vencimento, query.ate) : undefined,
  );
  return and(
    query.natureza ? eq(titulos.natureza, query.natureza) : undefined,
    query.status ? sql`${statusTituloDoDia(hoje)} = ${query.status}` : undefined,
    query.pessoa_id ? eq(titulos.pessoaId, query.pessoa_id) : undefined,
    query.categoria_id ? eq(titulos.categoriaId, query.categoria_id) : undefined,
    query.origem === 'venda' ? isNotNull(titulos.vendaId) : undefined,
    query.origem === 'ordem_servico' ? isNotNull(titulos.ordemServicoId) : undefined,
    query.origem === 'compra' ? isNotNull(titulos.entradaNfeId) : undefined,
    query.origem === 'devolucao' ? isNotNull(titulos.devolucaoId) : undefined,
    (DOCUMENTOS_DE_TITULO as readonly string[]).includes(query.origem ?? '')
      ? eq(titulos.documentoTipo, query.origem as DocumentoDeTitulo)
      : undefined,
    query.origem === 'manual'
      ? and(
          isNull(titulos.vendaId),
          isNull(titulos.ordemServicoId),
          isNull(titulos.entradaNfeId),
          isNull(titulos.devolucaoId),
          isNull(titulos.documentoTipo),
        )
      : undefined,
    query.q ? tituloBusca(db, query.q) : undefined,
    query.de || query.ate
      ? sql`EXISTS (SELECT 1 FROM parcelas WHERE parcelas.titulo_id = titulos.id AND ${parcelaNoPeriodo})`
      : undefined,
  );
}

/** The next due day of what a title still owes; null when nothing is owed. */
const proximoVencimento = sql`(SELECT min(p.vencimento) FROM parcelas p WHERE p.titulo_id = titulos.id AND p.status IN ('aberto', 'parcial'))`;
const ultimoVencimento = sql`(SELECT max(p.vencimento) FROM parcelas p WHERE p.titulo_id = titulos.id)`;

/** What each sort key of the list orders by (the indexes of migration 0018 cover the columns). */
const TITULO_SORT_COLUMNS: SortColumns<TituloSort> = {
  vencimento: [proximoVencimento],
  descricao: ptBrKey(titulos.descricao),
  valor: [titulos.valor],
  competencia: [titulos.competencia],
};

/**
 * GET /api/financeiro/titulos: one page and the total (three queries). Unless `sort` or `order`
 * says otherwise, titles still owed come first by their next due day (the overdue on top);
 * settled and cancelled ones follow, the most recent first.
 */
export async function listTitulos(
  db: Executor,
  query: TituloListQuery,
  timeZone: string,
): Promise<{ items: Titulo[]; total: number; saldo: number }> {
  const hoje = todayISO(timeZone);
  const { rows: page, total } = listTitulosQueries(db, query, hoje);
  const [rows, [totals]] = await Promise.all([page, total]);
  const porTitulo = await parcelasDosTitulos(
    db,
    rows.map((row) => row.titulo.id),
  );
  const items = rows.map((row) =>
    toTitulo(
      row,
      (porTitulo.get(row.titulo.id) ?? []).map((p) => toParcela(p, hoje)),
    ),
  );
  return {
    items,
    total: totals?.total ?? 0,
    saldo: fromCentavos(Number(totals?.saldoCentavos ?? 0)),
  };
}

/**
 * What the titles of a filter still owe, in centavos (a cancelled installment owes nothing), as
 * each title's saldo adds up: summed exactly in numeric, over the whole filter.
 */
const saldoEmCentavos = sql<string>`(coalesce(sum((SELECT sum(p.valor - p.valor_pago) FROM parcelas p WHERE p.titulo_id = titulos.id AND p.status <> 'cancelado')), 0) * 100)::bigint::text`;

/** The page and the total of GET /api/financeiro/titulos, not yet run. */
function listTitulosQueries(db: Executor, query: TituloListQuery, hoje: string) {
  const { query: select } = selectTitulos(db);
  const where = tituloConditions(db, query, hoje);
  const order =
    query.sort === undefined && query.order === undefined
      ? [sql`${proximoVencimento} ASC NULLS LAST`, sql`${ultimoVencimento} DESC`, desc(titulos.id)]
      : sortOrder(TITULO_SORT_COLUMNS, query, { sort: 'vencimento', order: 'asc', id: titulos.id });
  return {
    rows: select
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    total: db.select({ total: count(), saldoCentavos: saldoEmCentavos }).from(titulos).where(where),
  };
}

/**
 * The SQL of GET /api/financeiro/titulos's page and total (checked by listas.explain.test.ts;
 * the page's installments are then read by titulo_id).
 */
export function listTitulosSql(
  db: Executor,
  query: TituloListQuery,
  timeZone: string,
): { rows: SQL; total: SQL } {
  const { rows, total } = listTitulosQueries(db, query, todayISO(timeZone));
  return { rows: rows.getSQL(), total: total.getSQL() };
}

async function parcelasDosTitulos(db: Executor, ids: number[]) {
  const porTitulo = new Map<number, ParcelaRow[]>();
  if (ids.length === 0) return porTitulo;
  const rows = await db
    .select({ ...parcelaColumns, tituloId: parcelas.tituloId })
    .from(parcelas)
    .where(inArray(parcelas.tituloId, ids))
    .orderBy(asc(parcelas.tituloId), asc(parcelas.numero));
  for (const row of rows) {
    const lista = porTitulo.get(row.tituloId) ?? [];
    lista.push(row);
    porTitulo.set(row.tituloId, lista);
  }
  return porTitulo;
}

/** GET /api/financeiro/titulos/{id}: with each installment's settlements (reversed included). */
export async function getTitulo(
  db: Executor,
  id: number,
  timeZone: string,
): Promise<TituloDetalhe | undefined> {
  const hoje = todayISO(timeZone);
  const [[row], lista, baixasRows] = await Promise.all([
    selectTitulos(db).query.where(eq(titulos.id, id)),
    db
      .select(parcelaColumns)
      .from(parcelas)
      .where(eq(parcelas.tituloId, id))
      .orderBy(asc(parcelas.numero)),
    db
      .select({ baixa: baixas, contaNome: contasFinanceiras.nome })
      .from(baixas)
      .innerJoin(parcelas, eq(parcelas.id, baixas.parcelaId))
      .innerJoin(contasFinanceiras, eq(contasFinanceiras.id, baixas.contaId))
      .where(eq(parcelas.tituloId, id))
      .orderBy(asc(baixas.id)),
  ]);
  if (!row) return undefined;
  const baixasPorParcela = new Map<number, BaixaFinanceira[]>();
  for (const { baixa: b, contaNome } of baixasRows) {
    const doParcela = baixasPorParcela.get(b.parcelaId) ?? [];
    doParcela.push({
      id: b.id,
      data: b.data,
      conta_id: b.contaId,
      conta_nome: contaNome,
      valor: b.valor,
      juros: b.juros,
      multa: b.multa,
      desconto: b.desconto,
      amortizado: b.amortizado,
      observacao: b.observacao,
      automatica: b.automatica,
      estornada_em: b.estornadaEm?.toISOString() ?? null,
      created_at: b.createdAt.toISOString(),
    });
    baixasPorParcela.set(b.parcelaId, doParcela);
  }
  return toTitulo(
    row,
    lista.map((p) => ({ ...toParcela(p, hoje), baixas: baixasPorParcela.get(p.id) ?? [] })),
  );
}

// ---------------------------------------------------------------- titles: writing

/** A title as other modules create it: a sale's or a service order's receivables. */
export type TituloOrigemInput = TituloInput & {
  venda_id?: number | null;
  ordem_servico_id?: number | null;
  /** The purchase entered from its supplier's NF-e whose payables these are. */
  entrada_nfe_id?: number | null;
  /** The return whose refund or credit this is. */
  devolucao_id?: number | null;
  /** The document of a module above finance that wrote it (a contract's cancellation fee). */
  documento_de_origem?: DocumentoDeOrigem;
};

/** A document of a module above finance, named on the titles it writes. */
export interface DocumentoDeOrigem {
  tipo: DocumentoDeTitulo;
  id: number;
}

/** The installments of the input: a count (monthly, adding up to the total) or the list given. */
function planoDeParcelas(input: TituloInput): ParcelaPlano[] {
  if (Array.isArray(input.parcelas)) {
    return input.parcelas.map((p, index) => ({ numero: index + 1, ...p }));
  }
  if (input.vencimento === null) throw refused('vencimento', 'Informe o vencimento');
  return parcelasMensais(input.valor, input.parcelas, input.vencimento);
}

/** Checks who and what for: a customer or supplier, a category of the title's kind. */
async function validarReferencias(tx: Executor, input: TituloInput, categoriaAtual: number | null) {
  if (input.pessoa_id !== null) {
    const pessoa = await findCadastroResumo(tx, input.pessoa_id);
    if (!pessoa || (pessoa.tipo !== 'cliente' && pessoa.tipo !== 'fornecedor')) {
      throw refused('pessoa_id', FINANCEIRO_MESSAGES.pessoaNaoEncontrada);
    }
  }
  if (input.categoria_id !== null) {
    const [categoria] = await tx
      .select({ tipo: categoriasFinanceiras.tipo, ativo: categoriasFinanceiras.ativo })
      .from(categoriasFinanceiras)
      .where(eq(categoriasFinanceiras.id, input.categoria_id));
    if (!categoria) throw refused('categoria_id', FINANCEIRO_MESSAGES.categoriaNaoEncontrada);
    if (categoria.tipo !== (input.natureza === 'receber' ? 'receita' : 'despesa')) {
      throw refused('categoria_id', FINANCEIRO_MESSAGES.categoriaDoTipoErrado);
    }
    if (!categoria.ativo && input.categoria_id !== categoriaAtual) {
      throw refused('categoria_id', FINANCEIRO_MESSAGES.categoriaInativa);
    }
  }
}

const colunasDoTitulo = (input: TituloInput, plano: ParcelaPlano[]) => ({
  natureza: input.natureza,
  descricao: input.descricao,
  pessoaId: input.pessoa_id,
  categoriaId: input.categoria_id,
  centroCusto: input.centro_custo,
  documento: input.documento,
  competencia: input.competencia ?? plano[0]!.vencimento,
  formaPagamento: input.forma_pagamento,
  valor: input.valor,
  observacoes: input.observacoes,
});

async function inserirParcelas(tx: Transaction, tituloId: number, plano: ParcelaPlano[]) {
  await tx.insert(parcelas).values(plano.map((p) => ({ ...p, tituloId })));
}

/**
 * Creates a title (POST /api/financeiro/titulos, and the sales' receivables inside their own
 * transaction); with recorrente_meses, that many titles one month apart sharing recorrencia_id
 * (the first one's id). Answers the ids created, the first first.
 */
export async function criarTitulo(
  tx: Transaction,
  input: TituloOrigemInput,
  contexto: FinanceiroContexto,
): Promise<number[]> {
  await validarReferencias(tx, input, null);
  const plano = planoDeParcelas(input);
  const colunas = colunasDoTitulo(input, plano);
  const ids: number[] = [];
  for (let mes = 0; mes < (input.recorrente_meses ?? 1); mes++) {
    const [row] = await tx
      .insert(titulos)
      .values({
        ...colunas,
        competencia: addMonthsISO(colunas.competencia, mes),
        vendaId: input.venda_id ?? null,
        ordemServicoId: input.ordem_servico_id ?? null,
        entradaNfeId: input.entrada_nfe_id ?? null,
        devolucaoId: input.devolucao_id ?? null,
        documentoTipo: input.documento_de_origem?.tipo ?? null,
        documentoId: input.documento_de_origem?.id ?? null,
        recorrenciaId: ids[0] ?? null,
        usuarioId: contexto.usuario.id,
      })
      .returning({ id: titulos.id });
    ids.push(row!.id);
    await inserirParcelas(
      tx,
      row!.id,
      plano.map((p) => ({ ...p, vencimento: addMonthsISO(p.vencimento, mes) })),
    );
  }
  if (ids.length > 1) {
    await tx.update(titulos).set({ recorrenciaId: ids[0] }).where(eq(titulos.id, ids[0]!));
  }
  return ids;
}

/** A receivable of one installment that a document's batch writes (contract bills). */
export interface RecebivelSimples {
  origem: DocumentoDeOrigem;
  descricao: string;
  pessoaId: number;
  categoriaId: number | null;
  documento: string;
  competencia: string;
  forma: FormaPagamento;
  valor: number;
  vencimento: string;
}

/**
 * Many receivables of one installment each, in three statements whatever their number (the
 * caller checked its customers; the category is the system's): answers their ids in order.
 */
export async function criarRecebiveisEmLote(
  tx: Transaction,
  itens: readonly RecebivelSimples[],
  contexto: FinanceiroContexto,
): Promise<number[]> {
  if (itens.length === 0) return [];
  const criados = await tx
    .insert(titulos)
    .values(
      itens.map((i) => ({
        natureza: 'receber' as const,
        descricao: i.descricao,
        pessoaId: i.pessoaId,
        categoriaId: i.categoriaId,
        documento: i.documento,
        competencia: i.competencia,
        formaPagamento: i.forma,
        valor: i.valor,
        documentoTipo: i.origem.tipo,
        documentoId: i.origem.id,
        usuarioId: contexto.usuario.id,
      })),
    )
    .returning({ id: titulos.id, documento: titulos.documento, competencia: titulos.competencia });
  // RETURNING follows the VALUES' order in PostgreSQL; checked, as the ids pair with the items.
  criados.forEach((c, k) => {
    if (c.documento !== itens[k]!.documento || c.competencia !== itens[k]!.competencia) {
      throw new Error('Recebíveis em lote: ordem de retorno inesperada');
    }
  });
  await tx.insert(parcelas).values(
    itens.map((i, k) => ({
      tituloId: criados[k]!.id,
      numero: 1,
      vencimento: i.vencimento,
      valor: i.valor,
    })),
  );
  return criados.map((c) => c.id);
}

/**
 * A receivable the business creates itself (a sale's payment, a concluded order) inside that
 * document's transaction: one installment, no reference checks (the document checked its
 * customer; the category is the system's), and, when the money came in at once, its automatic
 * settlement into `contaRecebimento`. Its description and the document's number are SQL texts,
 * and the document's id may be SQL: those of the row that the same statement inserts.
 */
export interface RecebivelDoDocumento {
  origem: { venda_id: number | SQL } | { ordem_servico_id: number | SQL };
  descricao: SQL;
  pessoaId: number | null;
  categoriaId: number | null;
  documento: SQL;
  forma: FormaPagamento | null;
  valor: number;
  vencimento: string;
  /** The account a settled-at-once receivable lands in; null leaves it open. */
  contaRecebimento: number | null;
}

/**
 * The title, its one installment and, when received at once, the settlement, as three
 * data-modifying CTEs named after `nome` for a WITH: the caller runs several receivables, or
 * the document that causes them, in one statement. `depoisDe`: the `nome` of the receivable
 * before it in the same statement; reading its title makes that one's insert run first, so
 * titles keep the order of the payments (PostgreSQL runs unread CTEs in no promised order).
 */
export function recebivelSql(
  nome: string,
  input: RecebivelDoDocumento,
  contexto: FinanceiroContexto,
  depoisDe?: string,
): SQL {
  const hoje = todayISO(contexto.timeZone);
  const recebido = input.contaRecebimento !== null;
  const [titulo, parcela, baixa] = ['titulo', 'parcela', 'baixa'].map((cte) =>
    sql.identifier(`${nome}_${cte}`),
  );
  const { origem } = input;
  return sql`${titulo} AS (
      INSERT INTO ${titulos} (natureza, descricao, pessoa_id, categoria_id, documento,
        competencia, forma_pagamento, valor, venda_id, ordem_servico_id, usuario_id)
      SELECT 'receber', ${input.descricao}, ${input.pessoaId}::integer,
        ${input.categoriaId}::integer, ${input.documento}, ${hoje}::date, ${input.forma},
        ${input.valor}::numeric, ${'venda_id' in origem ? origem.venda_id : null}::integer,
        ${'ordem_servico_id' in origem ? origem.ordem_servico_id : null}::integer,
        ${contexto.usuario.id}::integer
      ${depoisDe ? sql`FROM (SELECT FROM ${sql.identifier(`${depoisDe}_titulo`)}) AS anterior` : sql``}
      RETURNING id),
    ${parcela} AS (
      INSERT INTO ${parcelas} (titulo_id, numero, vencimento, valor, valor_pago, status)
      SELECT id, 1, ${input.vencimento}::date, ${input.valor}::numeric,
        ${recebido ? input.valor : 0}::numeric, ${recebido ? 'pago' : 'aberto'}
      FROM ${titulo}
      RETURNING id),
    ${baixa} AS (
      INSERT INTO ${baixas} (parcela_id, conta_id, data, valor, amortizado, automatica, usuario_id)
      SELECT id, ${input.contaRecebimento}::integer, ${hoje}::date, ${input.valor}::numeric,
        ${input.valor}::numeric, true, ${contexto.usuario.id}::integer
      FROM ${parcela}
      WHERE ${recebido}::boolean)`;
}

/** Locks a title's row for a write; 404 when there is none. */
async function travarTitulo(tx: Transaction, id: number) {
  const [row] = await tx
    .select({
      id: titulos.id,
      natureza: titulos.natureza,
      categoriaId: titulos.categoriaId,
      canceladoEm: titulos.canceladoEm,
      vendaId: titulos.vendaId,
      ordemServicoId: titulos.ordemServicoId,
      devolucaoId: titulos.devolucaoId,
      temBaixas: sql<boolean>`EXISTS (SELECT 1 FROM baixas b JOIN parcelas p ON p.id = b.parcela_id WHERE p.titulo_id = titulos.id)`,
      temBaixasAtivas: sql<boolean>`EXISTS (SELECT 1 FROM baixas b JOIN parcelas p ON p.id = b.parcela_id WHERE p.titulo_id = titulos.id AND b.estornada_em IS NULL)`,
    })
    .from(titulos)
    .where(eq(titulos.id, id))
    .for('update', { of: titulos });
  if (!row) throw notFound(FINANCEIRO_MESSAGES.naoEncontrado);
  return row;
}

/**
 * PUT /api/financeiro/titulos/{id}: the header of a title typed by hand, not cancelled. Its
 * installments are replaced only while none was ever settled (a reversed settlement still
 * points at its installment); after that the same plan must come back. recorrente_meses only
 * counts when creating.
 */
export async function updateTitulo(
  tx: Transaction,
  id: number,
  input: TituloInput,
  contexto: FinanceiroContexto,
): Promise<TituloDetalhe> {
  const atual = await travarTitulo(tx, id);
  if (atual.canceladoEm) throw regra(FINANCEIRO_MESSAGES.tituloCanceladoNaoEdita);
  if (presoAoDocumento(atual)) throw regra(FINANCEIRO_MESSAGES.tituloDeOrigem);
  await validarReferencias(tx, input, atual.categoriaId);
  const plano = planoDeParcelas(input);
  const existentes = await tx
    .select({ numero: parcelas.numero, vencimento: parcelas.vencimento, valor: parcelas.valor })
    .from(parcelas)
    .where(eq(parcelas.tituloId, id))
    .orderBy(asc(parcelas.numero));
  const mesmoPlano =
    existentes.length === plano.length &&
    existentes.every(
      (p, index) =>
        p.vencimento === plano[index]!.vencimento &&
        toCentavos(p.valor) === toCentavos(plano[index]!.valor),
    );
  if (atual.temBaixas && input.natureza !== atual.natureza) {
    throw regra(FINANCEIRO_MESSAGES.naturezaComBaixa);
  }
  if (!mesmoPlano) {
    if (atual.temBaixas) throw regra(FINANCEIRO_MESSAGES.parcelasComBaixa);
    await tx.delete(parcelas).where(eq(parcelas.tituloId, id));
    await inserirParcelas(tx, id, plano);
  }
  await tx
    .update(titulos)
    .set({ ...colunasDoTitulo(input, plano), updatedAt: sql`now()` })
    .where(eq(titulos.id, id));
  return (await getTitulo(tx, id, contexto.timeZone))!;
}

/**
 * POST /api/financeiro/titulos/{id}/cancelar: every installment is cancelled, once, and only
 * with no settlement standing (reverse them first). A sale's or an order's title is cancelled
 * only by cancelling its origin (permitirOrigem, for cancelarTitulosDaOrigem).
 */
export async function cancelarTitulo(
  tx: Transaction,
  id: number,
  contexto: FinanceiroContexto,
  opcoes: { permitirOrigem?: boolean } = {},
): Promise<TituloDetalhe> {
  const atual = await travarTitulo(tx, id);
  if (atual.canceladoEm) throw regra(FINANCEIRO_MESSAGES.tituloJaCancelado);
  if (!opcoes.permitirOrigem && presoAoDocumento(atual)) {
    throw regra(FINANCEIRO_MESSAGES.tituloDeOrigem);
  }
  if (atual.temBaixasAtivas) throw regra(FINANCEIRO_MESSAGES.cancelarComBaixas);
  await tx
    .update(parcelas)
    .set({ status: 'cancelado', updatedAt: sql`now()` })
    .where(and(eq(parcelas.tituloId, id), inArray(parcelas.status, DEVIDO)));
  await tx
    .update(titulos)
    .set({ canceladoEm: sql`now()`, updatedAt: sql`now()` })
    .where(eq(titulos.id, id));
  return (await getTitulo(tx, id, contexto.timeZone))!;
}

/**
 * Cancelling a sale, a service order or a return: its titles not yet cancelled get every standing
 * settlement reversed (automatic ones included) and are cancelled. Safe to call again: a
 * cancelled title is left alone. Answers how many titles it cancelled.
 */
export async function cancelarTitulosDaOrigem(
  tx: Transaction,
  origem: { venda_id: number } | { ordem_servico_id: number } | { devolucao_id: number },
  contexto: FinanceiroContexto,
): Promise<number> {
  const daOrigem =
    'venda_id' in origem
      ? eq(titulos.vendaId, origem.venda_id)
      : 'ordem_servico_id' in origem
        ? eq(titulos.ordemServicoId, origem.ordem_servico_id)
        : eq(titulos.devolucaoId, origem.devolucao_id);
  const abertos = await tx
    .select({ id: titulos.id })
    .from(titulos)
    .where(and(daOrigem, isNull(titulos.canceladoEm)))
    .orderBy(asc(titulos.id))
    .for('update');
  if (abertos.length === 0) return 0;
  const ids = abertos.map((t) => t.id);
  const ativas = await tx
    .select({ id: baixas.id })
    .from(baixas)
    .innerJoin(parcelas, eq(parcelas.id, baixas.parcelaId))
    .where(and(inArray(parcelas.tituloId, ids), isNull(baixas.estornadaEm)))
    .orderBy(asc(baixas.id));
  for (const baixa of ativas) {
    await estornarBaixa(tx, baixa.id, contexto, { permitirAutomatica: true });
  }
  for (const id of ids) await cancelarTitulo(tx, id, contexto, { permitirOrigem: true });
  return ids.length;
}

/** The installments of a title (the sales settle their cash ones at once). */
export async function parcelasDoTitulo(tx: Executor, tituloId: number, timeZone: string) {
  const rows = await tx
    .select(parcelaColumns)
    .from(parcelas)
    .where(eq(parcelas.tituloId, tituloId))
    .orderBy(asc(parcelas.numero));
  const hoje = todayISO(timeZone);
  return rows.map((row) => toParcela(row, hoje));
}

// ---------------------------------------------------------------- settlements

/**
 * Settles (part of) an installment: locks its row, pays off valor − juros − multa + desconto
 * against what is left, records the settlement and updates the installment in the caller's
 * transaction. automatica marks a sale's own (reversed only by cancelling the sale).
 */
export async function baixarParcela(
  tx: Transaction,
  parcelaId: number,
  input: BaixaInput,
  contexto: FinanceiroContexto,
  opcoes: { automatica?: boolean } = {},
): Promise<{ baixaId: number; tituloId: number }> {
  const [parcela] = await tx
    .select({ ...parcelaColumns, tituloId: parcelas.tituloId })
    .from(parcelas)
    .where(eq(parcelas.id, parcelaId))
    .for('update');
  if (!parcela) throw notFound(FINANCEIRO_MESSAGES.parcelaNaoEncontrada);
  if (parcela.status === 'cancelado') throw regra(FINANCEIRO_MESSAGES.parcelaCancelada);
  if (parcela.status === 'pago') throw regra(FINANCEIRO_MESSAGES.parcelaQuitada);
  await exigirContaAtiva(tx, input.conta_id, 'conta_id');
  const saldo = fromCentavos(toCentavos(parcela.valor) - toCentavos(parcela.valorPago));
  const amortizacao = amortizacaoDaBaixa(saldo, input);
  if ('erro' in amortizacao) throw refused(amortizacao.campo, amortizacao.erro);

  const [baixa] = await tx
    .insert(baixas)
    .values({
      parcelaId,
      contaId: input.conta_id,
      data: input.data ?? todayISO(contexto.timeZone),
      valor: input.valor,
      juros: input.juros,
      multa: input.multa,
      desconto: input.desconto,
      amortizado: amortizacao.amortizado,
      observacao: input.observacao,
      automatica: opcoes.automatica ?? false,
      usuarioId: contexto.usuario.id,
    })
    .returning({ id: baixas.id });
  await aplicarNaParcela(tx, parcela, { ...input, amortizado: amortizacao.amortizado }, 1);
  return { baixaId: baixa!.id, tituloId: parcela.tituloId };
}

/** Adds (+1) or takes back (−1) a settlement's amounts on its locked installment. */
async function aplicarNaParcela(
  tx: Transaction,
  parcela: ParcelaRow,
  baixa: { amortizado: number; juros: number; multa: number; desconto: number },
  sinal: 1 | -1,
) {
  const soma = (atual: number, delta: number) =>
    fromCentavos(toCentavos(atual) + sinal * toCentavos(delta));
  const valorPago = soma(parcela.valorPago, baixa.amortizado);
  await tx
    .update(parcelas)
    .set({
      valorPago,
      juros: soma(parcela.juros, baixa.juros),
      multa: soma(parcela.multa, baixa.multa),
      desconto: soma(parcela.desconto, baixa.desconto),
      status: statusGravado(parcela.valor, valorPago),
      updatedAt: sql`now()`,
    })
    .where(eq(parcelas.id, parcela.id));
}

/**
 * Reverses a settlement once (DELETE /api/financeiro/baixas/{id}): stamps it and takes its
 * amounts back from the installment. A sale's automatic settlement only with
 * permitirAutomatica (the sale being cancelled).
 */
export async function estornarBaixa(
  tx: Transaction,
  baixaId: number,
  contexto: FinanceiroContexto,
  opcoes: { permitirAutomatica?: boolean } = {},
): Promise<{ tituloId: number }> {
  const [baixa] = await tx.select().from(baixas).where(eq(baixas.id, baixaId)).for('update');
  if (!baixa) throw notFound(FINANCEIRO_MESSAGES.baixaNaoEncontrada);
  if (baixa.estornadaEm) throw regra(FINANCEIRO_MESSAGES.baixaJaEstornada);
  if (baixa.automatica && !opcoes.permitirAutomatica)
    throw regra(FINANCEIRO_MESSAGES.baixaDeOrigem);
  const [parcela] = await tx
    .select({ ...parcelaColumns, tituloId: parcelas.tituloId })
    .from(parcelas)
    .where(eq(parcelas.id, baixa.parcelaId))
    .for('update');
  await tx
    .update(baixas)
    .set({ estornadaEm: sql`now()`, estornadaPor: contexto.usuario.id })
    .where(eq(baixas.id, baixaId));
  await aplicarNaParcela(tx, parcela!, baixa, -1);
  return { tituloId: parcela!.tituloId };
}

// ---------------------------------------------------------------- installments list, collections

function selectParcelas(db: Executor, hoje: string) {
  const pessoa = nomesDeCadastros(db, 'pessoa');
  const totalParcelas = sql<number>`(SELECT count(*) FROM parcelas todas WHERE todas.titulo_id = parcelas.titulo_id)`;
  return {
    pessoa,
    query: db
      .select({
        parcela: parcelaColumns,
        tituloId: parcelas.tituloId,
        totalParcelas,
        natureza: titulos.natureza,
        descricao: titulos.descricao,
        pessoaId: titulos.pessoaId,
        pessoaNome: pessoa.nome,
        categoriaNome: categoriasFinanceiras.nome,
        formaPagamento: titulos.formaPagamento,
        vendaId: titulos.vendaId,
        ordemServicoId: titulos.ordemServicoId,
        status: statusParcelaDoDia(hoje),
      })
      .from(parcelas)
      .innerJoin(titulos, eq(titulos.id, parcelas.tituloId))
      .leftJoin(pessoa, eq(pessoa.id, titulos.pessoaId))
      .leftJoin(categoriasFinanceiras, eq(categoriasFinanceiras.id, titulos.categoriaId)),
  };
}
type ParcelaListRow = Awaited<ReturnType<typeof selectParcelas>['query']>[number];

function toParcelaResumo(row: ParcelaListRow, hoje: string): ParcelaResumo {
  const parcela = toParcela(row.parcela, hoje);
  return {
    ...parcela,
    titulo_id: row.tituloId,
    total_parcelas: Number(row.totalParcelas),
    natureza: row.natureza,
    descricao: row.descricao,
    pessoa_id: row.pessoaId,
    pessoa_nome: row.pessoaNome,
    categoria_nome: row.categoriaNome,
    forma_pagamento: row.formaPagamento,
    dias_atraso: parcela.status === 'vencido' ? diasEmAtraso(parcela.vencimento, hoje) : 0,
    venda_id: row.vendaId,
    ordem_servico_id: row.ordemServicoId,
  };
}

/** GET /api/financeiro/parcelas: one row per installment, by due day (two queries). */
export async function listParcelas(
  db: Executor,
  query: ParcelaListQuery,
  timeZone: string,
): Promise<{ items: ParcelaResumo[]; total: number }> {
  const hoje = todayISO(timeZone);
  const { query: select } = selectParcelas(db, hoje);
  const where = and(
    query.natureza ? eq(titulos.natureza, query.natureza) : undefined,
    query.status ? condicaoStatusParcela(query.status, hoje) : undefined,
    query.forma_pagamento ? eq(titulos.formaPagamento, query.forma_pagamento) : undefined,
    query.de ? gte(parcelas.vencimento, query.de) : undefined,
    query.ate ? lte(parcelas.vencimento, query.ate) : undefined,
    query.q ? tituloBusca(db, query.q) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    select
      .where(where)
      .orderBy(asc(parcelas.vencimento), asc(parcelas.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count() })
      .from(parcelas)
      .innerJoin(titulos, eq(titulos.id, parcelas.tituloId))
      .where(where),
  ]);
  return { items: rows.map((row) => toParcelaResumo(row, hoje)), total: totals?.total ?? 0 };
}

const SEM_CLIENTE = 'Cliente não informado';

/** A polite pt-BR collection message naming each overdue installment and the total. */
function mensagemDeCobranca(
  cliente: string | null,
  itens: ReadonlyArray<
    Pick<ParcelaResumo, 'descricao' | 'numero' | 'total_parcelas' | 'vencimento' | 'saldo'>
  >,
  total: number,
  empresa: string,
): string {
  const linhas = itens.map((p) => {
    const parcela = p.total_parcelas > 1 ? ` (parcela ${p.numero}/${p.total_parcelas})` : '';
    return `• ${p.descricao}${parcela}, vencida em ${formatDate(p.vencimento)}: ${formatMoney(p.saldo)}`;
  });
  const plural = itens.length > 1;
  return [
    cliente ? `Olá, ${cliente}! Tudo bem?` : 'Olá! Tudo bem?',
    '',
    plural
      ? 'Constam em nosso sistema os seguintes valores em aberto:'
      : 'Consta em nosso sistema o seguinte valor em aberto:',
    ...linhas,
    '',
    `Total: ${formatMoney(total)}.`,
    '',
    'Se o pagamento já foi feito, por favor desconsidere esta mensagem. Se precisar de uma segunda via ou quiser combinar uma nova data, é só nos responder.',
    '',
    'Obrigado!',
    empresa,
  ].join('\n');
}

/**
 * GET /api/financeiro/cobrancas: every overdue receivable (two queries: the installments and
 * the customers' contacts), totals by customer (largest first) with a message to copy.
 */
export async function cobrancas(
  db: Executor,
  timeZone: string,
  empresa: string,
): Promise<Cobrancas> {
  const hoje = todayISO(timeZone);
  const rows = await selectParcelas(db, hoje)
    .query.where(and(eq(titulos.natureza, 'receber'), condicaoStatusParcela('vencido', hoje)))
    .orderBy(asc(parcelas.vencimento), asc(parcelas.id));
  const lista = rows.map((row) => toParcelaResumo(row, hoje));
  const grupos = new Map<number | null, ParcelaResumo[]>();
  for (const parcela of lista) {
    const grupo = grupos.get(parcela.pessoa_id) ?? [];
    grupo.push(parcela);
    grupos.set(parcela.pessoa_id, grupo);
  }
  const ids = [...grupos.keys()].filter((id): id is number => id !== null);
  const contatos = new Map((await contatosDeCadastros(db, ids)).map((c) => [c.id, c]));
  const porCliente = [...grupos.entries()].map(([clienteId, itens]) => {
    const contato = clienteId === null ? undefined : contatos.get(clienteId);
    const total = sumMoney(...itens.map((p) => p.saldo));
    return {
      cliente_id: clienteId,
      cliente_nome: contato?.nome ?? SEM_CLIENTE,
      telefone: contato?.telefone ?? null,
      email: contato?.email ?? null,
      parcelas: itens.length,
      total,
      maior_atraso: Math.max(...itens.map((p) => p.dias_atraso)),
      mensagem: mensagemDeCobranca(contato?.nome ?? null, itens, total, empresa),
    };
  });
  porCliente.sort((a, b) => toCentavos(b.total) - toCentavos(a.total));
  return {
    total: sumMoney(...lista.map((p) => p.saldo)),
    parcelas: lista,
    por_cliente: porCliente,
  };
}
