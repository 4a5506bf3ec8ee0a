import { and, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { todayISO } from '@prumo/shared/dates';
import {
  efeitoMilesimos,
  ESTOQUE_MESSAGES,
  estoqueInsuficienteEdicaoMessage,
  estoqueInsuficienteMessage,
  fromMilesimos,
  naoMovimentaEstoqueMessage,
  toMilesimos,
  type Movimentacao,
  type MovimentacaoInput,
  type MovimentacaoListQuery,
  type MovimentacaoSort,
  type MovimentacaoSaved,
  type TipoMovimentacao,
} from '@prumo/shared/estoque';
import { selectRows, sortOrder, type SortColumns } from '../../db/sql-helpers';
import type { Executor, Transaction } from '../../db/database';
import { PG_ERROR, pgConstraint, pgErrorCode } from '../../db/pg-errors';
import { AppError, badRequest, estoqueInsuficiente, notFound } from '../../http/errors';
import {
  alterarEstoque,
  atualizacaoDeEstoque,
  estoqueDoProduto,
  produtosResumo,
  type EstoqueAlterado,
  type ProdutoEstoque,
} from '../produtos/produtos.repository';
import { nomesDeUsuarios } from '../usuarios/usuarios.repository';
import { estoqueMovimentacoes as movimentacoes } from './estoque.table';

/*
 * Stock changes only here, and only together with a ledger row in the same transaction.
 *
 * A change is one atomic UPDATE of the product row (alterarEstoque, which the produtos module
 * exports): `estoque = estoque + delta`, guarded by
 * `estoque >= -delta` when it takes stock away and by `movimenta_estoque` for the stock
 * screen's movements. PostgreSQL re-checks the guard on the newest row version after waiting
 * for a concurrent writer, so concurrent saídas can never take more than there is; PGlite runs
 * one transaction at a time. The CHECK (estoque >= 0) on produtos is the last line of defence.
 */

/** Who is writing and which calendar "today" belongs to. */
export interface MovimentacaoContext {
  usuarioId: number | null;
  /** The user's name, so the answer to a POST needs no extra query. */
  usuarioNome?: string | null;
  timeZone?: string;
}

/** Movements with the product's name and unit and the names of who recorded and edited them. */
function selectMovimentacoes(db: Executor) {
  const produto = produtosResumo(db);
  const autor = nomesDeUsuarios(db, 'autor');
  const editor = nomesDeUsuarios(db, 'editor');
  return db
    .select({
      id: movimentacoes.id,
      produto_id: movimentacoes.produtoId,
      produto_nome: produto.nome,
      unidade_medida: produto.unidadeMedida,
      tipo: movimentacoes.tipo,
      quantidade: movimentacoes.quantidade,
      data: movimentacoes.data,
      motivo: movimentacoes.motivo,
      observacoes: movimentacoes.observacoes,
      usuario_id: movimentacoes.usuarioId,
      usuario_nome: autor.nome,
      createdAt: movimentacoes.createdAt,
      updatedAt: movimentacoes.updatedAt,
      updated_by: movimentacoes.updatedBy,
      updated_by_nome: editor.nome,
    })
    .from(movimentacoes)
    .innerJoin(produto, eq(produto.id, movimentacoes.produtoId))
    .leftJoin(autor, eq(autor.id, movimentacoes.usuarioId))
    .leftJoin(editor, eq(editor.id, movimentacoes.updatedBy));
}

type Row = Awaited<ReturnType<typeof selectMovimentacoes>>[number];

function toMovimentacao({ createdAt, updatedAt, ...row }: Row): Movimentacao {
  return {
    ...(row as Omit<Movimentacao, 'created_at' | 'updated_at'>),
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  };
}

function listConditions(query: Partial<MovimentacaoListQuery>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.produto_id) conditions.push(eq(movimentacoes.produtoId, query.produto_id));
  if (query.tipo) conditions.push(eq(movimentacoes.tipo, query.tipo));
  if (query.de) conditions.push(gte(movimentacoes.data, query.de));
  if (query.ate) conditions.push(lte(movimentacoes.data, query.ate));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** What each sort key of the list orders by (the indexes of migration 0018 cover them). */
const MOVIMENTACAO_SORT_COLUMNS: SortColumns<MovimentacaoSort> = {
  data: [movimentacoes.data],
  quantidade: [movimentacoes.quantidade],
};

/**
 * GET /api/estoque/movimentacoes: newest first (by date, then by recording order) unless `sort`
 * says otherwise, one page,
 * with product and user names joined in, and the number of rows the filter matches.
 */
export async function listMovimentacoes(
  db: Executor,
  query: MovimentacaoListQuery,
): Promise<{ items: Movimentacao[]; total: number }> {
  const { rows: page, total } = listMovimentacoesQueries(db, query);
  const [rows, [totals]] = await Promise.all([page, total]);
  return { items: rows.map(toMovimentacao), total: totals?.total ?? 0 };
}

/** The two statements of GET /api/estoque/movimentacoes (the page and the total), not yet run. */
function listMovimentacoesQueries(db: Executor, query: MovimentacaoListQuery) {
  const where = listConditions(query);
  return {
    rows: selectMovimentacoes(db)
      .where(where)
      .orderBy(
        ...sortOrder(MOVIMENTACAO_SORT_COLUMNS, query, {
          sort: 'data',
          order: 'desc',
          id: movimentacoes.id,
        }),
      )
      .limit(query.limit)
      .offset(query.offset),
    total: db.select({ total: count() }).from(movimentacoes).where(where),
  };
}

/** The SQL GET /api/estoque/movimentacoes runs for a query (checked by listas.explain.test.ts). */
export function listMovimentacoesSql(
  db: Executor,
  query: MovimentacaoListQuery,
): { rows: SQL; total: SQL } {
  const { rows, total } = listMovimentacoesQueries(db, query);
  return { rows: rows.getSQL(), total: total.getSQL() };
}

export async function getMovimentacao(db: Executor, id: number): Promise<Movimentacao | undefined> {
  const [row] = await selectMovimentacoes(db).where(eq(movimentacoes.id, id));
  return row ? toMovimentacao(row) : undefined;
}

/**
 * alterarEstoque for the stock screen's movements. When nothing was updated it finds out why and
 * answers in pt-BR: 404 no product, 409 does not move stock, 409 not enough stock (the message
 * comes from `insufficient`). Throwing rolls the whole transaction back.
 */
async function applyMovementChange(
  tx: Transaction,
  produtoId: number,
  milesimos: number,
  insufficient: (produto: ProdutoEstoque) => string,
): Promise<EstoqueAlterado> {
  // A concurrent entrada may commit between the refused UPDATE and the read below; then the
  // reason is gone and the UPDATE is simply tried again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const changed = await alterarEstoque(tx, produtoId, milesimos, { exigeMovimentar: true });
    if (changed) return changed;
    const produto = await estoqueDoProduto(tx, produtoId);
    if (!produto) {
      throw notFound(ESTOQUE_MESSAGES.produtoNaoEncontrado);
    }
    if (!produto.movimentaEstoque) {
      const message = naoMovimentaEstoqueMessage(produto.nome);
      throw new AppError('REGRA_VIOLADA', message, { produto_id: message });
    }
    if (toMilesimos(produto.estoque) + milesimos < 0) {
      const message = insufficient(produto);
      throw estoqueInsuficiente(message, 'quantidade');
    }
  }
  throw new AppError(
    'ESTOQUE_ALTERADO',
    'O estoque do produto mudou durante a operação. Tente novamente.',
  );
}

const ESTOQUE_NEGATIVO = 'Estoque insuficiente: a operação deixaria o estoque negativo.';

/** The date of a movement: the one given, or today in the company's calendar; never later. */
function movementDate(data: string | null, timeZone: string | undefined): string {
  const today = todayISO(timeZone);
  if (data && data > today) {
    throw badRequest(ESTOQUE_MESSAGES.dataFutura, { data: ESTOQUE_MESSAGES.dataFutura });
  }
  return data ?? today;
}

/** Constraint violations that slip past the guards (a concurrent delete) as clear answers. */
function rethrowWriteError(error: unknown): never {
  const code = pgErrorCode(error);
  const constraint = pgConstraint(error) ?? String((error as Error)?.message ?? '');
  if (code === PG_ERROR.checkViolation && constraint.includes('produtos_estoque')) {
    throw estoqueInsuficiente(ESTOQUE_NEGATIVO);
  }
  if (code === PG_ERROR.foreignKeyViolation && constraint.includes('produto')) {
    throw notFound(ESTOQUE_MESSAGES.produtoNaoEncontrado);
  }
  throw error;
}

async function savedMovimentacao(
  tx: Transaction,
  id: number,
  estoqueProduto: number,
): Promise<MovimentacaoSaved> {
  const movimentacao = (await getMovimentacao(tx, id))!;
  return { ...movimentacao, estoque_produto: estoqueProduto };
}

/** POST /api/estoque/movimentacoes: the ledger row and the stock change, atomically. */
export async function createMovimentacao(
  db: Executor,
  input: MovimentacaoInput,
  context: MovimentacaoContext,
): Promise<MovimentacaoSaved> {
  const data = movementDate(input.data, context.timeZone);
  try {
    return await db.transaction(async (tx) => {
      const produto = await applyMovementChange(
        tx,
        input.produto_id,
        efeitoMilesimos(input.tipo, input.quantidade),
        (produto) =>
          estoqueInsuficienteMessage({
            disponivel: produto.estoque,
            solicitado: input.quantidade,
            unidade: produto.unidade,
          }),
      );
      const [row] = await tx
        .insert(movimentacoes)
        .values({
          produtoId: input.produto_id,
          tipo: input.tipo,
          quantidade: input.quantidade,
          data,
          motivo: input.motivo,
          observacoes: input.observacoes,
          usuarioId: context.usuarioId,
        })
        .returning({
          id: movimentacoes.id,
          data: movimentacoes.data,
          createdAt: movimentacoes.createdAt,
          updatedAt: movimentacoes.updatedAt,
        });
      if (context.usuarioNome === undefined) {
        return savedMovimentacao(tx, row!.id, produto.estoque);
      }
      // Everything the answer needs is at hand: no query to read the row back.
      return {
        id: row!.id,
        produto_id: input.produto_id,
        produto_nome: produto.nome,
        unidade_medida: produto.unidade,
        tipo: input.tipo,
        quantidade: input.quantidade,
        data: row!.data,
        motivo: input.motivo,
        observacoes: input.observacoes,
        usuario_id: context.usuarioId,
        usuario_nome: context.usuarioNome,
        created_at: row!.createdAt.toISOString(),
        updated_at: row!.updatedAt.toISOString(),
        updated_by: null,
        updated_by_nome: null,
        estoque_produto: produto.estoque,
      };
    });
  } catch (error) {
    rethrowWriteError(error);
  }
}

/**
 * PUT /api/estoque/movimentacoes/{id}: locks the movement, takes back its old effect and applies
 * the new one as one change per product (also when the product or the tipo changes), products
 * in id order so two edits never wait on each other in a circle. Refused, changing nothing, when
 * a product would go below zero.
 */
export async function updateMovimentacao(
  db: Executor,
  id: number,
  input: MovimentacaoInput,
  context: MovimentacaoContext,
): Promise<MovimentacaoSaved> {
  const data = movementDate(input.data, context.timeZone);
  try {
    return await db.transaction(async (tx) => {
      const [old] = await tx
        .select({
          produtoId: movimentacoes.produtoId,
          tipo: movimentacoes.tipo,
          quantidade: movimentacoes.quantidade,
        })
        .from(movimentacoes)
        .where(eq(movimentacoes.id, id))
        .for('update');
      if (!old) throw notFound(ESTOQUE_MESSAGES.movimentacaoNaoEncontrada);

      const changes = new Map<number, number>([
        [old.produtoId, -efeitoMilesimos(old.tipo, old.quantidade)],
      ]);
      changes.set(
        input.produto_id,
        (changes.get(input.produto_id) ?? 0) + efeitoMilesimos(input.tipo, input.quantidade),
      );
      let estoqueProduto: number | undefined;
      for (const [produtoId, milesimos] of [...changes].sort(([a], [b]) => a - b)) {
        if (milesimos === 0) continue;
        const changed = await applyMovementChange(tx, produtoId, milesimos, (produto) =>
          estoqueInsuficienteEdicaoMessage({
            disponivel: produto.estoque,
            retirada: fromMilesimos(-milesimos),
            unidade: produto.unidade,
            nome: produto.nome,
          }),
        );
        if (produtoId === input.produto_id) estoqueProduto = changed.estoque;
      }

      await tx
        .update(movimentacoes)
        .set({
          produtoId: input.produto_id,
          tipo: input.tipo,
          quantidade: input.quantidade,
          data,
          motivo: input.motivo,
          observacoes: input.observacoes,
          updatedAt: sql`now()`,
          updatedBy: context.usuarioId,
        })
        .where(eq(movimentacoes.id, id));

      if (estoqueProduto === undefined) {
        estoqueProduto = (await estoqueDoProduto(tx, input.produto_id))!.estoque;
      }
      return savedMovimentacao(tx, id, estoqueProduto);
    });
  } catch (error) {
    rethrowWriteError(error);
  }
}

/**
 * For the product registry: sets a product's stock to `novoEstoque` by recording the difference
 * as a movement (an entrada "Estoque inicial" on create, an entrada or saída "Ajuste pelo
 * cadastro do produto" on update), under a lock of the product row. Runs inside the caller's
 * transaction. Does nothing when the stock does not change.
 */
export async function registrarAjusteEstoque(
  tx: Executor,
  options: {
    produtoId: number;
    novoEstoque: number;
    motivo: string;
    usuarioId: number | null;
    timeZone?: string;
  },
): Promise<void> {
  const produto = await estoqueDoProduto(tx, options.produtoId, { bloquear: true });
  if (!produto) throw notFound(ESTOQUE_MESSAGES.produtoNaoEncontrado);
  const milesimos = toMilesimos(options.novoEstoque) - toMilesimos(produto.estoque);
  if (milesimos === 0) return;
  const changed = await alterarEstoque(tx, options.produtoId, milesimos, {
    exigeMovimentar: false,
  });
  if (!changed) {
    throw estoqueInsuficiente(ESTOQUE_NEGATIVO);
  }
  const tipo: TipoMovimentacao = milesimos > 0 ? 'entrada' : 'saida';
  await tx.insert(movimentacoes).values({
    produtoId: options.produtoId,
    tipo,
    quantidade: fromMilesimos(Math.abs(milesimos)),
    data: todayISO(options.timeZone),
    motivo: options.motivo,
    usuarioId: options.usuarioId,
  });
}

/** A sale line as the stock sees it. */
export interface LinhaDeEstoque {
  produtoId: number;
  quantidade: number;
}

/**
 * The document that moves the stock (its movements point to it), who, and the ledger's reason.
 * Its id and the reason may be SQL: the row, and its number, that the same statement inserts.
 */
export interface MovimentoDeDocumento {
  origem: { vendaId: number | SQL } | { ordemServicoId: number | SQL } | { devolucaoId: number };
  motivo: string | SQL;
  usuarioId: number | null;
  timeZone?: string;
}

/** How much of each product a document takes, lines of the same product summed, in id order. */
function saidasPorProduto(linhas: readonly LinhaDeEstoque[]): Array<[number, number]> {
  const porProduto = new Map<number, number>();
  for (const linha of linhas) {
    porProduto.set(
      linha.produtoId,
      (porProduto.get(linha.produtoId) ?? 0) + toMilesimos(linha.quantidade),
    );
  }
  return [...porProduto].sort(([a], [b]) => a - b);
}

/**
 * Finalizing a sale or concluding a service order: one saída per stocked product (lines of the
 * same product summed), in product id order so that two documents never wait on each other in a
 * circle, each written to the ledger with the document as its origin. All or nothing: when any
 * product lacks stock it throws ESTOQUE_INSUFICIENTE naming the product ("disponível X,
 * solicitado Y") and the caller's transaction rolls everything back. Products that do not move
 * stock are skipped.
 */
export async function registrarSaidasDoDocumento(
  tx: Transaction,
  linhas: readonly LinhaDeEstoque[],
  movimento: MovimentoDeDocumento,
): Promise<void> {
  const data = todayISO(movimento.timeZone);
  for (const [produtoId, milesimos] of saidasPorProduto(linhas)) {
    await saidaDoDocumento(tx, produtoId, milesimos, { ...movimento, data });
  }
}

/**
 * registrarSaidasDoDocumento for a document inserted by a statement still to be built (the
 * counter's quick sale): the first saída (lowest product id) goes in that statement as CTEs, so
 * a sale of one product moves its stock without a round trip of its own. The statement selects
 * `moveu`; `concluir` runs after it, with that value and the movement as the inserted document's
 * values: the first product again when its row did not move (to say why, skip a product that
 * does not move stock, or retry), then the others in order, so rows are still locked in id order.
 */
export function saidasNoComandoDoDocumento(
  tx: Transaction,
  linhas: readonly LinhaDeEstoque[],
  movimento: MovimentoDeDocumento,
):
  | {
      ctes: SQL;
      moveu: SQL;
      concluir: (moveu: boolean, movimento: MovimentoDeDocumento) => Promise<void>;
    }
  | undefined {
  const [primeira, ...outras] = saidasPorProduto(linhas);
  if (!primeira) return undefined;
  const data = todayISO(movimento.timeZone);
  return {
    ctes: saidaSql('primeira', ...primeira, { ...movimento, data }),
    moveu: sql`EXISTS (SELECT 1 FROM ${sql.identifier('primeira_lancada')})`,
    async concluir(moveu, documento) {
      for (const [produtoId, milesimos] of moveu ? outras : [primeira, ...outras]) {
        await saidaDoDocumento(tx, produtoId, milesimos, { ...documento, data });
      }
    },
  };
}

/**
 * One product's saída for a document and its ledger row as two CTEs named after `nome` (the
 * ledger row, `${nome}_lancada`, is written only when the stock changed).
 */
function saidaSql(
  nome: string,
  produtoId: number,
  milesimos: number,
  movimento: MovimentoDeDocumento & { data: string },
): SQL {
  const { origem } = movimento;
  const saida = sql.identifier(`${nome}_saida`);
  return sql`${saida} AS (${atualizacaoDeEstoque(produtoId, -milesimos, { exigeMovimentar: true })}),
    ${sql.identifier(`${nome}_lancada`)} AS (
      INSERT INTO ${movimentacoes} (produto_id, tipo, quantidade, data, motivo, usuario_id,
        venda_id, ordem_servico_id, devolucao_id)
      SELECT ${produtoId}::integer, 'saida', ${fromMilesimos(milesimos)}::numeric,
        ${movimento.data}::date, ${movimento.motivo}, ${movimento.usuarioId}::integer,
        ${'vendaId' in origem ? origem.vendaId : null}::integer,
        ${'ordemServicoId' in origem ? origem.ordemServicoId : null}::integer,
        ${'devolucaoId' in origem ? origem.devolucaoId : null}::integer
      FROM ${saida}
      RETURNING id)`;
}

/**
 * One product's saída for a document and its ledger row, in one statement; nothing when the
 * product does not move stock.
 */
async function saidaDoDocumento(
  tx: Transaction,
  produtoId: number,
  milesimos: number,
  movimento: MovimentoDeDocumento & { data: string },
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const lancadas = await selectRows<{ id: number }>(
      tx,
      sql`WITH ${saidaSql('produto', produtoId, milesimos, movimento)}
        SELECT id FROM produto_lancada`,
    );
    if (lancadas.length > 0) return;
    const produto = await estoqueDoProduto(tx, produtoId);
    if (!produto) throw notFound(ESTOQUE_MESSAGES.produtoNaoEncontrado);
    if (!produto.movimentaEstoque) return;
    if (toMilesimos(produto.estoque) < milesimos) {
      throw estoqueInsuficiente(
        estoqueInsuficienteMessage({
          disponivel: produto.estoque,
          solicitado: fromMilesimos(milesimos),
          unidade: produto.unidade,
          nome: produto.nome,
        }),
      );
    }
  }
  throw new AppError(
    'ESTOQUE_ALTERADO',
    'O estoque do produto mudou durante a operação. Tente novamente.',
  );
}

/**
 * A purchase entered from its supplier's NF-e, or a customer's return: one entrada per product
 * (lines of the same product summed), in product id order, each written to the ledger pointing
 * to the document (one insert for all). Products that do not move stock are skipped; a product
 * gone answers 404.
 */
export async function registrarEntradasDoDocumento(
  tx: Transaction,
  linhas: readonly LinhaDeEstoque[],
  movimento: Omit<MovimentoDeDocumento, 'origem' | 'motivo'> & {
    origem: { entradaNfeId: number } | { devolucaoId: number };
    motivo: string;
  },
): Promise<void> {
  const data = todayISO(movimento.timeZone);
  const rows: Array<typeof movimentacoes.$inferInsert> = [];
  for (const [produtoId, milesimos] of saidasPorProduto(linhas)) {
    const changed = await alterarEstoque(tx, produtoId, milesimos, { exigeMovimentar: true });
    if (!changed) {
      if (!(await estoqueDoProduto(tx, produtoId))) {
        throw notFound(ESTOQUE_MESSAGES.produtoNaoEncontrado);
      }
      continue;
    }
    rows.push({
      produtoId,
      tipo: 'entrada',
      quantidade: fromMilesimos(milesimos),
      data,
      motivo: movimento.motivo,
      usuarioId: movimento.usuarioId,
      ...movimento.origem,
    });
  }
  if (rows.length > 0) await tx.insert(movimentacoes).values(rows);
}

/**
 * Cancelling a finalized sale: puts back exactly what its movements took out (the net of its
 * saídas and entradas per product), as entradas pointing to the sale. The caller holds the
 * sale's row lock and moves it to Cancelada in the same transaction, so this runs once.
 */
export async function estornarMovimentosDaVenda(
  tx: Transaction,
  vendaId: number,
  movimento: Omit<MovimentoDeDocumento, 'origem' | 'motivo'> & { motivo: string },
): Promise<void> {
  const saldos = await tx
    .select({
      produtoId: movimentacoes.produtoId,
      milesimos: sql<string>`sum(CASE WHEN ${movimentacoes.tipo} = 'saida' THEN ${movimentacoes.quantidade} ELSE -${movimentacoes.quantidade} END * 1000)`,
    })
    .from(movimentacoes)
    .where(eq(movimentacoes.vendaId, vendaId))
    .groupBy(movimentacoes.produtoId)
    .orderBy(movimentacoes.produtoId);
  const data = todayISO(movimento.timeZone);
  const rows: Array<typeof movimentacoes.$inferInsert> = [];
  for (const saldo of saldos) {
    const milesimos = Math.round(Number(saldo.milesimos));
    if (milesimos <= 0) continue;
    const changed = await alterarEstoque(tx, saldo.produtoId, milesimos, {
      exigeMovimentar: false,
    });
    if (!changed) throw notFound(ESTOQUE_MESSAGES.produtoNaoEncontrado);
    rows.push({
      produtoId: saldo.produtoId,
      tipo: 'entrada',
      quantidade: fromMilesimos(milesimos),
      data,
      motivo: movimento.motivo,
      usuarioId: movimento.usuarioId,
      vendaId,
    });
  }
  if (rows.length > 0) await tx.insert(movimentacoes).values(rows);
}
