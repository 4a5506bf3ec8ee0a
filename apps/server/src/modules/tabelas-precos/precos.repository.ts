import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  calcularPrecoTabela,
  PRECO_MESSAGES,
  TABELA_PRECO_MESSAGES,
  type CustoAplicavel,
  type MargemEmLote,
  type PrecoProduto,
  type PrecoProdutoData,
  type TabelaProduto,
} from '@prumo/shared/precos';
import { MAX_MONEY } from '@prumo/shared/validation';
import type { Executor } from '../../db/database';
import { PG_ERROR, pgErrorCode } from '../../db/pg-errors';
import { ptBrOrder } from '../../db/sql-helpers';
import { badRequest, notFound } from '../../http/errors';
import { custosResumo } from '../custos-adicionais/custos-adicionais.repository';
import {
  custoFinalDoProduto,
  maiorCustoFinal,
  PRODUTO_NOT_FOUND,
  produtosParaPrecos,
} from '../produtos/produtos.repository';
import { produtoPrecos, tabelaPrecoCustos, tabelasPrecos } from './tabelas-precos.table';

interface CustoDaTabela extends CustoAplicavel {
  id: number;
  nome: string;
  valor_percentual: number | null;
  valor_fixo: number | null;
}

/** The additional costs of the given tables (or of all), by table, sorted by name. One query. */
export async function custosPorTabela(
  db: Executor,
  tabelaIds?: number[],
): Promise<Map<number, CustoDaTabela[]>> {
  const custo = custosResumo(db);
  const query = db
    .select({
      tabelaId: tabelaPrecoCustos.tabelaPrecoId,
      id: custo.id,
      nome: custo.nome,
      tipo: custo.tipo,
      valor_percentual: custo.valorPercentual,
      valor_fixo: custo.valorFixo,
    })
    .from(tabelaPrecoCustos)
    .innerJoin(custo, eq(custo.id, tabelaPrecoCustos.custoAdicionalId));
  const rows = await (
    tabelaIds ? query.where(inArray(tabelaPrecoCustos.tabelaPrecoId, tabelaIds)) : query
  ).orderBy(ptBrOrder(custo.nome), asc(custo.id));
  const byTabela = new Map<number, CustoDaTabela[]>();
  for (const { tabelaId, ...custo } of rows) {
    const list = byTabela.get(tabelaId) ?? [];
    list.push(custo);
    byTabela.set(tabelaId, list);
  }
  return byTabela;
}

/** preco_final of a margin (null when there is none), with the shared rule. */
function precoFinal(custo: number, margem: number | null, custos: readonly CustoAplicavel[]) {
  return margem === null ? null : calcularPrecoTabela({ custo, margem, custos }).preco_final;
}

async function custoDoProduto(db: Executor, produtoId: number): Promise<number> {
  const custo = await custoFinalDoProduto(db, produtoId);
  if (custo === undefined) throw notFound(PRODUTO_NOT_FOUND);
  return custo;
}

/**
 * GET /api/produtos/{id}/precos: one row per price table (section 3.2), sorted by table name;
 * margem and preco_final are null where the product has no price in that table. Three queries.
 */
export async function listPrecosProduto(db: Executor, produtoId: number): Promise<PrecoProduto[]> {
  const custo = await custoDoProduto(db, produtoId);
  const rows = await db
    .select({
      tabela_id: tabelasPrecos.id,
      tabela_nome: tabelasPrecos.nome,
      tabela_tipo: tabelasPrecos.tipo,
      margem_padrao: tabelasPrecos.margemPadrao,
      margem: produtoPrecos.margem,
      ativo: produtoPrecos.ativo,
    })
    .from(tabelasPrecos)
    .leftJoin(
      produtoPrecos,
      and(
        eq(produtoPrecos.tabelaPrecoId, tabelasPrecos.id),
        eq(produtoPrecos.produtoId, produtoId),
      ),
    )
    .orderBy(ptBrOrder(tabelasPrecos.nome), asc(tabelasPrecos.id));
  const custos = await custosPorTabela(db);
  return rows.map(({ ativo, ...row }) => {
    const custosDaTabela = custos.get(row.tabela_id) ?? [];
    return {
      ...row,
      preco_final: precoFinal(custo, row.margem, custosDaTabela),
      preco_ativo: row.margem !== null && ativo === true,
      custo,
      custos_adicionais: custosDaTabela,
    };
  });
}

function checkLimite(custo: number, margem: number, custos: readonly CustoAplicavel[]) {
  if (calcularPrecoTabela({ custo, margem, custos }).preco_final > MAX_MONEY) {
    throw badRequest(PRECO_MESSAGES.precoAcimaLimite, { margem: PRECO_MESSAGES.precoAcimaLimite });
  }
}

/**
 * POST /api/produtos/{id}/precos: defines the product's margin in a table, or changes it (and
 * the Ativo/Inativo flag when sent). Answers the product's row of that table.
 */
export async function definirPrecoProduto(
  db: Executor,
  produtoId: number,
  data: PrecoProdutoData,
): Promise<PrecoProduto> {
  const custo = await custoDoProduto(db, produtoId);
  const tabelaId = data.tabela_preco_id;
  const [tabela] = await db
    .select({ id: tabelasPrecos.id })
    .from(tabelasPrecos)
    .where(eq(tabelasPrecos.id, tabelaId));
  if (!tabela) {
    throw badRequest(TABELA_PRECO_MESSAGES.naoEncontrada, {
      tabela_preco_id: TABELA_PRECO_MESSAGES.naoEncontrada,
    });
  }
  const custos = (await custosPorTabela(db, [tabelaId])).get(tabelaId) ?? [];
  checkLimite(custo, data.margem, custos);
  try {
    await db
      .insert(produtoPrecos)
      .values({
        produtoId,
        tabelaPrecoId: tabelaId,
        margem: data.margem,
        ativo: data.ativo ?? true,
      })
      .onConflictDoUpdate({
        target: [produtoPrecos.produtoId, produtoPrecos.tabelaPrecoId],
        set: {
          margem: data.margem,
          ...(data.ativo != null ? { ativo: data.ativo } : {}),
          updatedAt: sql`now()`,
        },
      });
  } catch (error) {
    // The product or the table was deleted meanwhile.
    if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw notFound(PRODUTO_NOT_FOUND);
    throw error;
  }
  const rows = await listPrecosProduto(db, produtoId);
  return rows.find((row) => row.tabela_id === tabelaId)!;
}

/** DELETE /api/produtos/{id}/precos/{tabelaId}: the table goes back to "Definir". */
export async function removerPrecoProduto(
  db: Executor,
  produtoId: number,
  tabelaId: number,
): Promise<void> {
  const deleted = await db
    .delete(produtoPrecos)
    .where(and(eq(produtoPrecos.produtoId, produtoId), eq(produtoPrecos.tabelaPrecoId, tabelaId)))
    .returning({ produtoId: produtoPrecos.produtoId });
  if (deleted.length > 0) return;
  await custoDoProduto(db, produtoId); // 404 for an unknown product
  throw notFound(PRECO_MESSAGES.precoNaoDefinido);
}

/**
 * GET /api/tabelas-precos/{id}/produtos: every product with its cost, margin and final price in
 * the table (margem null where it has none), sorted by name. Three queries whatever the count.
 */
export async function listProdutosDaTabela(
  db: Executor,
  tabelaId: number,
): Promise<TabelaProduto[]> {
  const [tabela] = await db
    .select({ id: tabelasPrecos.id })
    .from(tabelasPrecos)
    .where(eq(tabelasPrecos.id, tabelaId));
  if (!tabela) throw notFound(TABELA_PRECO_MESSAGES.naoEncontrada);
  const custos = (await custosPorTabela(db, [tabelaId])).get(tabelaId) ?? [];
  const produto = produtosParaPrecos(db);
  const rows = await db
    .select({
      produto_id: produto.id,
      nome: produto.nome,
      codigo_interno: produto.codigoInterno,
      codigo_barras: produto.codigoBarras,
      categoria_id: produto.categoriaId,
      categoria_nome: produto.categoriaNome,
      produto_ativo: produto.ativo,
      custo: produto.custoFinal,
      preco: produto.preco,
      margem: produtoPrecos.margem,
      ativo: produtoPrecos.ativo,
    })
    .from(produto)
    .leftJoin(
      produtoPrecos,
      and(eq(produtoPrecos.produtoId, produto.id), eq(produtoPrecos.tabelaPrecoId, tabelaId)),
    )
    .orderBy(asc(produto.nomeBusca), asc(produto.nome), asc(produto.id));
  return rows.map(({ ativo, ...row }) => ({
    ...row,
    preco_final: precoFinal(row.custo, row.margem, custos),
    preco_ativo: row.margem !== null && ativo === true,
  }));
}

/** An id list as one SQL parameter, for any number of ids on both drivers. */
const idArray = (ids: number[]) => sql`string_to_array(${ids.join(',')}, ',')::int[]`;

/**
 * POST /api/tabelas-precos/{id}/produtos: one margin for many products (or none: margem null
 * removes their prices), in one statement. Ids of products that no longer exist are skipped.
 */
export async function definirMargemEmLote(
  db: Executor,
  tabelaId: number,
  data: MargemEmLote,
): Promise<{ atualizados: number }> {
  return db.transaction(async (tx) => {
    const [tabela] = await tx
      .select({ id: tabelasPrecos.id })
      .from(tabelasPrecos)
      .where(eq(tabelasPrecos.id, tabelaId))
      .for('update');
    if (!tabela) throw notFound(TABELA_PRECO_MESSAGES.naoEncontrada);
    const ids = idArray(data.produto_ids);
    if (data.margem === null) {
      const deleted = await tx
        .delete(produtoPrecos)
        .where(
          and(
            eq(produtoPrecos.tabelaPrecoId, tabelaId),
            sql`${produtoPrecos.produtoId} = ANY(${ids})`,
          ),
        )
        .returning({ produtoId: produtoPrecos.produtoId });
      return { atualizados: deleted.length };
    }
    const custos = (await custosPorTabela(tx, [tabelaId])).get(tabelaId) ?? [];
    checkLimite(await maiorCustoFinal(tx, ids), data.margem, custos);
    const produto = produtosParaPrecos(tx);
    const ativo = data.ativo ?? true;
    const result = (await tx.execute(sql`
      WITH gravados AS (
        INSERT INTO ${produtoPrecos} (produto_id, tabela_preco_id, margem, ativo)
        SELECT ${produto.id}, ${tabelaId}::int, ${data.margem}::numeric, ${ativo}::boolean
        FROM ${produto} WHERE ${produto.id} = ANY(${ids})
        ON CONFLICT (produto_id, tabela_preco_id) DO UPDATE SET
          margem = excluded.margem,
          ativo = ${data.ativo != null ? sql`excluded.ativo` : sql`${produtoPrecos.ativo}`},
          updated_at = now()
        RETURNING 1)
      SELECT count(*)::int AS total FROM gravados`)) as { rows: Array<{ total: number }> };
    return { atualizados: Number(result.rows[0]?.total ?? 0) };
  });
}

/**
 * The price of each product in a table for printing: the table's final price where the product
 * has an active price there; products without one are left out (the caller uses their own price).
 */
export async function precosAtivosNaTabela(
  db: Executor,
  tabelaId: number,
  produtoIds: number[],
): Promise<Map<number, number>> {
  const precos = new Map<number, number>();
  if (produtoIds.length === 0) return precos;
  const custos = (await custosPorTabela(db, [tabelaId])).get(tabelaId) ?? [];
  const produto = produtosParaPrecos(db);
  const rows = await db
    .select({
      produtoId: produtoPrecos.produtoId,
      margem: produtoPrecos.margem,
      custo: produto.custoFinal,
    })
    .from(produtoPrecos)
    .innerJoin(produto, eq(produto.id, produtoPrecos.produtoId))
    .where(
      and(
        eq(produtoPrecos.tabelaPrecoId, tabelaId),
        eq(produtoPrecos.ativo, true),
        sql`${produtoPrecos.produtoId} = ANY(${idArray(produtoIds)})`,
      ),
    );
  for (const row of rows) {
    precos.set(
      row.produtoId,
      calcularPrecoTabela({ custo: row.custo, margem: row.margem, custos }).preco_final,
    );
  }
  return precos;
}
