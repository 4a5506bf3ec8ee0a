import { and, asc, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  calcularValoresProduto,
  MAX_FOTOS_PRODUTO,
  PRODUTO_MESSAGES,
  PRODUTO_SEARCH_LIMIT,
  produtoConsistencyErrors,
  type Produto,
  type ProdutoCreate,
  type ProdutoFoto,
  type ProdutoListQuery,
  type ProdutoSearchItem,
  type ProdutoUpdate,
} from '@prumo/shared/produtos';
import {
  milesimosToDecimal,
  MOTIVO_AJUSTE_CADASTRO,
  MOTIVO_ESTOQUE_INICIAL,
} from '@prumo/shared/estoque';
import type { Database, Executor } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import {
  containsNormalizedSearch,
  isoUtc,
  jsonObjectText,
  lerJuntos,
  selectRows,
} from '../../db/sql-helpers';
import { isStillReferenced, PG_ERROR, pgConstraint, pgErrorCode } from '../../db/pg-errors';
import { badRequest, duplicado, emUso, notFound } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import {
  deleteArquivos,
  insertArquivo,
  lerArquivo,
  listArquivosInfo,
} from '../arquivos/arquivos.repository';
import { nomesDeCategorias } from '../categorias/categorias.repository';
import { hook } from '../server-module';
import { produtoFotos, produtos } from './produtos.table';

export const PRODUTO_NOT_FOUND = 'Produto não encontrado.';
export const FOTO_NOT_FOUND = 'Foto não encontrada.';
export const CATEGORIA_INEXISTENTE = 'Grupo de produtos não encontrado.';
export const PRODUTO_EM_USO =
  'Este produto está vinculado a outros registros e não pode ser excluído. Desative-o em vez disso.';
export const tooManyFotos = () => `Cada produto pode ter no máximo ${MAX_FOTOS_PRODUTO} fotos.`;

/** The first photo of a product (by ordem, then id), for lists. */
const firstFotoId = sql<number | null>`(
  SELECT ${produtoFotos.id} FROM ${produtoFotos}
  WHERE ${produtoFotos.produtoId} = ${produtos.id}
  ORDER BY ${produtoFotos.ordem}, ${produtoFotos.id} LIMIT 1)`;

type CategoriaJoin = ReturnType<typeof nomesDeCategorias>;

/** Section 3.1's server record in snake case, with the group's name joined in. */
const listColumns = (categoria: CategoriaJoin) => ({
  id: produtos.id,
  nome: produtos.nome,
  codigo_interno: produtos.codigoInterno,
  codigo_barras: produtos.codigoBarras,
  grupo_produto: produtos.categoriaId,
  movimenta_estoque: produtos.movimentaEstoque,
  habilitar_nota_fiscal: produtos.habilitarNotaFiscal,
  possui_variacoes: produtos.possuiVariacoes,
  possui_composicao: produtos.possuiComposicao,
  entrada_unidade: produtos.entradaUnidade,
  saida_unidade: produtos.saidaUnidade,
  entrada_quantidade: produtos.entradaQuantidade,
  saida_quantidade: produtos.saidaQuantidade,
  peso: produtos.peso,
  largura: produtos.largura,
  altura: produtos.altura,
  comprimento: produtos.comprimento,
  ativo: produtos.ativo,
  descricao: produtos.descricao,
  preco: produtos.preco,
  custo: produtos.custo,
  despesas_acessorias: produtos.despesasAcessorias,
  outras_despesas: produtos.outrasDespesas,
  custo_final: produtos.custoFinal,
  lucro_sugerido: produtos.lucroSugerido,
  lucro_utilizado: produtos.lucroUtilizado,
  valor_venda_sugerido: produtos.valorVendaSugerido,
  estoque: produtos.estoque,
  estoque_minimo: produtos.estoqueMinimo,
  estoque_maximo: produtos.estoqueMaximo,
  unidade_medida: produtos.unidadeMedida,
  categoria_id: produtos.categoriaId,
  categoria_nome: categoria.nome,
  foto_id: firstFotoId,
});

/** The first photo of every product that has one, for the list. */
const primeiraFoto = sql`(
  SELECT DISTINCT ON (${produtoFotos.produtoId}) ${produtoFotos.produtoId} AS produto_id, ${produtoFotos.id} AS foto_id
  FROM ${produtoFotos}
  ORDER BY ${produtoFotos.produtoId}, ${produtoFotos.ordem}, ${produtoFotos.id}) AS primeira_foto`;

/** The conditions of a list query (search and filters), on produtos' own columns only. */
function listConditions(query: ProdutoListQuery): SQL {
  const conditions: SQL[] = [];
  if (query.q) {
    conditions.push(containsNormalizedSearch(query.q, produtos.nomeBusca, produtos.codigosBusca));
  }
  if (query.categoria_id !== undefined) {
    conditions.push(sql`${produtos.categoriaId} = ${query.categoria_id}`);
  }
  if (query.ativo !== undefined) conditions.push(sql`${produtos.ativo} = ${query.ativo}`);
  if (query.movimenta_estoque !== undefined) {
    conditions.push(sql`${produtos.movimentaEstoque} = ${query.movimenta_estoque}`);
  }
  if (query.abaixo_minimo !== undefined) {
    const baixo = sql`${produtos.estoque} <= ${produtos.estoqueMinimo}`;
    conditions.push(query.abaixo_minimo ? baixo : sql`NOT (${baixo})`);
  }
  if (query.sem_estoque !== undefined) {
    conditions.push(
      query.sem_estoque ? sql`${produtos.estoque} <= 0` : sql`${produtos.estoque} > 0`,
    );
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` AND `);
}

/**
 * ORDER BY of a list query. By name (the default) the whole key follows the direction, so the
 * btree index produtos_nome_busca_idx (nome_busca, nome, id) reads a page in order and stops; the
 * other keys break ties by name (pt-BR) and id, so paging is stable.
 */
function listOrder(query: ProdutoListQuery, categoriaNome: SQL | AnyColumn): SQL {
  const desc = query.order === 'desc';
  const dir = desc ? sql`DESC` : sql`ASC`;
  const byName = sql`${produtos.nomeBusca} ASC, ${produtos.nome} ASC, ${produtos.id} ASC`;
  switch (query.sort ?? 'nome') {
    case 'nome':
      return sql`${produtos.nomeBusca} ${dir}, ${produtos.nome} ${dir}, ${produtos.id} ${dir}`;
    case 'codigo':
      // Products without an internal code come last either way.
      return sql`lower(${produtos.codigoInterno}) ${dir} NULLS LAST, ${byName}`;
    case 'preco':
      return sql`${produtos.preco} ${dir}, ${byName}`;
    case 'estoque':
      return sql`${produtos.estoque} ${dir}, ${byName}`;
    case 'estoque_minimo':
      return sql`${produtos.estoqueMinimo} ${dir}, ${byName}`;
    case 'categoria':
      return sql`normalize_search(${categoriaNome}) ${dir}, ${categoriaNome} ${dir}, ${byName}`;
  }
}

/** The answer of GET /api/produtos: the JSON text, and the total when a page was asked for. */
export interface ProdutosJson {
  data: string;
  total?: number;
}

/**
 * The one statement of GET /api/produtos (see listProdutosJson): a row with `data`, the JSON
 * text of the answer, and, with `limit`, `total`. Exported so tests can EXPLAIN it.
 */
export function listProdutosSql(db: Executor, query: ProdutoListQuery = {}): SQL {
  const categoria = nomesDeCategorias(db);
  const where = listConditions(query);
  const order = listOrder(query, categoria.nome);
  if (query.limit === undefined) {
    const columns = Object.entries({
      ...listColumns(categoria),
      foto_id: sql`primeira_foto.foto_id`,
    }).map(([field, column]) => sql`${column} AS ${sql.identifier(field)}`);
    return sql`
      SELECT coalesce(json_agg(produto ORDER BY ${order}), '[]')::text AS data
      FROM ${produtos}
      INNER JOIN ${categoria} ON ${categoria.id} = ${produtos.categoriaId}
      LEFT JOIN ${primeiraFoto} ON primeira_foto.produto_id = ${produtos.id}
      CROSS JOIN LATERAL (SELECT ${sql.join(columns, sql`, `)}) AS produto
      WHERE ${where}`;
  }
  // The page's ids first, in order (row_number over the same key, which json_agg keeps), so
  // the group's name and the first photo are read for these rows only.
  const columns = Object.entries(listColumns(categoria)).map(
    ([field, column]) => sql`${column} AS ${sql.identifier(field)}`,
  );
  const joinCategoria =
    query.sort === 'categoria'
      ? sql`INNER JOIN ${categoria} ON ${categoria.id} = ${produtos.categoriaId}`
      : sql``;
  return sql`
    SELECT
      (SELECT coalesce(json_agg(produto ORDER BY pagina.ordem), '[]')::text
       FROM (
         SELECT ${produtos.id} AS produto_id, row_number() OVER (ORDER BY ${order}) AS ordem
         FROM ${produtos} ${joinCategoria}
         WHERE ${where}
         ORDER BY ${order}
         LIMIT ${query.limit} OFFSET ${query.offset ?? 0}
       ) AS pagina
       INNER JOIN ${produtos} ON ${produtos.id} = pagina.produto_id
       INNER JOIN ${categoria} ON ${categoria.id} = ${produtos.categoriaId}
       CROSS JOIN LATERAL (SELECT ${sql.join(columns, sql`, `)}) AS produto) AS data,
      (SELECT count(*)::int FROM ${produtos} WHERE ${where}) AS total`;
}

/**
 * GET /api/produtos, in one statement, the JSON text of the answer written by the database
 * (json_agg of the rows): with 20,000 products this is about twice as fast on PGlite as reading
 * 700,000 values into JavaScript objects and serialising them again, and no slower on PostgreSQL.
 *
 * Without `limit`: every product the search and filters keep, sorted (no parameter at all: the
 * spec's array, by name the pt-BR way). With `limit`: the page (its ids chosen first, in the
 * order of the sort, by the index where there is one; only then joined to their group and first
 * photo) and, in the same statement, how many products match (X-Total-Count).
 */
export async function listProdutosJson(
  db: Executor,
  query: ProdutoListQuery = {},
): Promise<ProdutosJson> {
  const [row] = await selectRows<{ data: string; total?: number }>(db, listProdutosSql(db, query));
  return query.limit === undefined
    ? { data: row!.data }
    : { data: row!.data, total: Number(row!.total) };
}

/**
 * One page of GET /api/produtos/exportar: the list's search, filters and order, with the fields
 * the product import reads (the group by its name).
 */
export function exportProdutos(
  db: Executor,
  query: ProdutoListQuery,
  pagina: { limit: number; offset: number },
) {
  const categoria = nomesDeCategorias(db);
  return db
    .select({
      codigo_interno: produtos.codigoInterno,
      nome: produtos.nome,
      descricao: produtos.descricao,
      grupo: categoria.nome,
      unidade_medida: produtos.unidadeMedida,
      codigo_barras: produtos.codigoBarras,
      ncm: produtos.ncm,
      cest: produtos.cest,
      preco: produtos.preco,
      custo: produtos.custo,
      estoque: produtos.estoque,
      estoque_minimo: produtos.estoqueMinimo,
      estoque_maximo: produtos.estoqueMaximo,
      peso_liquido: produtos.pesoLiquido,
      peso_bruto: produtos.pesoBruto,
      ativo: produtos.ativo,
    })
    .from(produtos)
    .innerJoin(categoria, eq(categoria.id, produtos.categoriaId))
    .where(listConditions(query))
    .orderBy(listOrder(query, categoria.nome))
    .limit(pagina.limit)
    .offset(pagina.offset);
}

const detailColumns = (categoria: CategoriaJoin) => ({
  ...listColumns(categoria),
  vendido_separadamente: produtos.vendidoSeparadamente,
  comercializavel_pdv: produtos.comercializavelPdv,
  comissao: produtos.comissao,
  cod_beneficio: produtos.codBeneficio,
  ncm: produtos.ncm,
  cest: produtos.cest,
  origem: produtos.origem,
  peso_liquido: produtos.pesoLiquido,
  peso_bruto: produtos.pesoBruto,
  numero_fci: produtos.numeroFci,
  produto_especifico: produtos.produtoEspecifico,
  createdAt: produtos.createdAt,
  updatedAt: produtos.updatedAt,
});

/** A product's photos in their order: the photo's id and its file's description. */
export async function listFotos(db: Executor, produtoId: number): Promise<ProdutoFoto[]> {
  const fotosDoProduto = db
    .select({ id: produtoFotos.id, arquivoId: produtoFotos.arquivoId })
    .from(produtoFotos)
    .where(eq(produtoFotos.produtoId, produtoId))
    .orderBy(asc(produtoFotos.ordem), asc(produtoFotos.id));
  const [fotos, arquivos] = await Promise.all([
    fotosDoProduto,
    listArquivosInfo(
      db,
      db
        .select({ id: produtoFotos.arquivoId })
        .from(produtoFotos)
        .where(eq(produtoFotos.produtoId, produtoId)),
    ),
  ]);
  const porId = new Map(arquivos.map((arquivo) => [arquivo.id, arquivo]));
  return fotos.flatMap(({ id, arquivoId }) => {
    const arquivo = porId.get(arquivoId);
    return arquivo
      ? [{ id, nome: arquivo.nome, tipo_mime: arquivo.tipoMime, tamanho: arquivo.tamanho }]
      : [];
  });
}

/** The product's photos' descriptions in order, as JSON the database builds (one query). */
const fotosDoProduto = sql<ProdutoFoto[]>`coalesce((
  SELECT json_agg(json_build_object(
    'id', f.id, 'nome', a.nome, 'tipo_mime', a.tipo_mime, 'tamanho', a.tamanho
  ) ORDER BY f.ordem, f.id)
  FROM produto_fotos f JOIN arquivos a ON a.id = f.arquivo_id
  WHERE f.produto_id = ${produtos.id}), '[]'::json)`;

/**
 * GET /api/produtos/{id}: every stored field and the photos' descriptions (never the bytes), in
 * one query: the most read record of the catalogue.
 */
export async function getProduto(db: Executor, id: number): Promise<Produto | undefined> {
  const categoria = nomesDeCategorias(db);
  const [row] = await db
    .select({ ...detailColumns(categoria), fotos: fotosDoProduto })
    .from(produtos)
    .innerJoin(categoria, eq(categoria.id, produtos.categoriaId))
    .where(eq(produtos.id, id));
  if (!row) return undefined;
  const { createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  };
}

// GET /api/produtos/{id} as JSON text the database writes (the same fields as getProduto),
// prepared once: the catalogue's most read answer skips building its SQL and its objects.
const produtoJson = preparedPerDatabase((db) => {
  const categoria = nomesDeCategorias(db);
  const { createdAt, updatedAt, ...columns } = detailColumns(categoria);
  return db
    .select({
      data: jsonObjectText({
        ...columns,
        fotos: fotosDoProduto,
        created_at: isoUtc(createdAt),
        updated_at: isoUtc(updatedAt),
      }),
    })
    .from(produtos)
    .innerJoin(categoria, eq(categoria.id, produtos.categoriaId))
    .where(eq(produtos.id, sql.placeholder('id')))
    .prepare('produto_detalhe');
});

/** GET /api/produtos/{id}: the answer's JSON text (see getProduto), or undefined. */
export async function getProdutoJson(db: Database, id: number): Promise<string | undefined> {
  const [row] = await produtoJson(db).execute({ id });
  return row?.data;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * GET /api/produtos/search: name, barcode or internal code containing the term (case and accents
 * ignored), best matches first: an exact code, then a name that starts with the term, then a
 * word of the name that starts with it, then a code that starts with it, then any other match;
 * at most 20. Works on the stored normalized columns (nome_busca, codigos_busca), which the
 * trigram indexes cover.
 */
export function searchProdutos(db: Executor, term: string): Promise<ProdutoSearchItem[]> {
  const needle = sql`normalize_search(${escapeLike(term)})`;
  const nome = produtos.nomeBusca;
  const codigos = produtos.codigosBusca;
  const relevance: SQL = sql`CASE
    WHEN ' ' || ${codigos} || ' ' LIKE '% ' || ${needle} || ' %' THEN 0
    WHEN ${nome} LIKE ${needle} || '%' THEN 1
    WHEN ${nome} LIKE '% ' || ${needle} || '%' THEN 2
    WHEN ' ' || ${codigos} LIKE '% ' || ${needle} || '%' THEN 3
    ELSE 4 END`;
  const categoria = nomesDeCategorias(db);
  return db
    .select({
      id: produtos.id,
      nome: produtos.nome,
      categoria_nome: categoria.nome,
      estoque: produtos.estoque,
      unidade_medida: produtos.unidadeMedida,
      preco: produtos.preco,
      codigo_barras: produtos.codigoBarras,
      codigo_interno: produtos.codigoInterno,
      ativo: produtos.ativo,
    })
    .from(produtos)
    .innerJoin(categoria, eq(categoria.id, produtos.categoriaId))
    .where(sql`${nome} LIKE '%' || ${needle} || '%' OR ${codigos} LIKE '%' || ${needle} || '%'`)
    .orderBy(relevance, asc(nome), asc(produtos.nome), asc(produtos.id))
    .limit(PRODUTO_SEARCH_LIMIT);
}

/** API field (snake case) → Drizzle column key (camel case). */
function columnKey(field: string): string {
  return field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Fields the client may send but the server always computes (or writes elsewhere). */
const NOT_WRITTEN_DIRECTLY = new Set(['custo_final', 'valor_venda_sugerido', 'estoque']);

function toColumnValues(data: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (value !== undefined && !NOT_WRITTEN_DIRECTLY.has(field)) values[columnKey(field)] = value;
  }
  return values;
}

/** Computes custo_final and valor_venda_sugerido and checks the rules across fields. */
function computed(values: Parameters<typeof produtoConsistencyErrors>[0]) {
  const errors = produtoConsistencyErrors(values);
  const [first] = Object.values(errors);
  if (first) throw badRequest(first, errors);
  const calculados = calcularValoresProduto(values);
  return {
    custoFinal: calculados.custo_final,
    valorVendaSugerido: calculados.valor_venda_sugerido,
  };
}

/**
 * Sets a product's stock by recording the difference as a movement in the caller's transaction:
 * the estoque module answers, so the ledger always explains the stock.
 */
export const ajusteDeEstoqueHook = hook<
  (
    tx: Executor,
    ajuste: { produtoId: number; novoEstoque: number; motivo: string; usuarioId: number | null },
  ) => Promise<void>
>('registrar o ajuste de estoque do cadastro');

/** The one place the registry writes a product's stock (through the stock ledger). */
export async function writeEstoque(
  db: Executor,
  produtoId: number,
  estoque: number,
  motivo: string,
  usuarioId: number | null,
) {
  await ajusteDeEstoqueHook.call(db, { produtoId, novoEstoque: estoque, motivo, usuarioId });
}

/** Turns constraint violations of a product write into specific pt-BR answers. */
function rethrowWriteError(error: unknown): never {
  const code = pgErrorCode(error);
  const constraint = pgConstraint(error) ?? String((error as Error)?.message ?? '');
  if (code === PG_ERROR.uniqueViolation && constraint.includes('produtos_codigo_interno')) {
    throw duplicado(PRODUTO_MESSAGES.codigoInternoDuplicado, 'codigo_interno');
  }
  if (code === PG_ERROR.uniqueViolation && constraint.includes('produtos_codigo_barras')) {
    throw duplicado(PRODUTO_MESSAGES.codigoBarrasDuplicado, 'codigo_barras');
  }
  if (code === PG_ERROR.foreignKeyViolation && constraint.includes('categoria')) {
    throw badRequest(CATEGORIA_INEXISTENTE, { categoria_id: CATEGORIA_INEXISTENTE });
  }
  throw error;
}

async function insertFotos(db: Executor, produtoId: number, files: UploadedFile[]) {
  if (files.length === 0) return;
  const [existing] = await db
    .select({ total: count(), ordem: sql<number>`coalesce(max(${produtoFotos.ordem}), -1)::int` })
    .from(produtoFotos)
    .where(eq(produtoFotos.produtoId, produtoId));
  const total = existing?.total ?? 0;
  if (total + files.length > MAX_FOTOS_PRODUTO) {
    throw badRequest(tooManyFotos(), { fotos: tooManyFotos() });
  }
  let ordem = existing?.ordem ?? -1;
  for (const file of files) {
    const arquivoId = await insertArquivo(db, file);
    ordem += 1;
    await db.insert(produtoFotos).values({ produtoId, arquivoId, ordem });
  }
}

/** POST /api/produtos: the record, its computed values, initial stock and photos, atomically. */
export async function createProduto(
  db: Executor,
  data: ProdutoCreate,
  fotos: UploadedFile[] = [],
  usuarioId: number | null = null,
): Promise<Produto> {
  const values = computed(data);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(produtos)
        .values({ ...toColumnValues(data), ...values } as typeof produtos.$inferInsert)
        .returning({ id: produtos.id });
      await writeEstoque(tx, row!.id, data.estoque, MOTIVO_ESTOQUE_INICIAL, usuarioId);
      await insertFotos(tx, row!.id, fotos);
      return (await getProduto(tx, row!.id))!;
    });
  } catch (error) {
    rethrowWriteError(error);
  }
}

/**
 * New products in one INSERT (the spreadsheet import writes 50,000 in batches of a few hundred),
 * with the computed values createProduto sets; no photos, and no stock: every product starts at
 * 0, so the ledger owes nothing (an import's opening stock is its own run through the ledger).
 * Runs in the caller's transaction; returns the ids in the order given.
 */
export async function createProdutosEmLote(
  db: Executor,
  lista: readonly ProdutoCreate[],
): Promise<number[]> {
  if (lista.length === 0) return [];
  if (lista.some((data) => data.estoque))
    throw new Error('createProdutosEmLote: estoque deve ser 0');
  try {
    const rows = await db
      .insert(produtos)
      .values(
        lista.map(
          (data) =>
            ({ ...toColumnValues(data), ...computed(data) }) as typeof produtos.$inferInsert,
        ),
      )
      .returning({ id: produtos.id });
    return rows.map((row) => row.id);
  } catch (error) {
    rethrowWriteError(error);
  }
}

/** PUT /api/produtos/{id}: what was sent replaces the stored value; computed values follow. */
export async function updateProduto(
  db: Executor,
  id: number,
  data: ProdutoUpdate,
  usuarioId: number | null = null,
): Promise<Produto> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          custo: produtos.custo,
          despesas_acessorias: produtos.despesasAcessorias,
          outras_despesas: produtos.outrasDespesas,
          lucro_sugerido: produtos.lucroSugerido,
          estoque_minimo: produtos.estoqueMinimo,
          estoque_maximo: produtos.estoqueMaximo,
        })
        .from(produtos)
        .where(eq(produtos.id, id))
        .for('update');
      if (!current) throw notFound(PRODUTO_NOT_FOUND);
      const merged = { ...current };
      for (const key of Object.keys(current) as (keyof typeof current)[]) {
        if (data[key] !== undefined) merged[key] = data[key];
      }
      await tx
        .update(produtos)
        .set({ ...toColumnValues(data), ...computed(merged), updatedAt: sql`now()` })
        .where(eq(produtos.id, id));
      if (data.estoque !== undefined) {
        await writeEstoque(tx, id, data.estoque, MOTIVO_AJUSTE_CADASTRO, usuarioId);
      }
      return (await getProduto(tx, id))!;
    });
  } catch (error) {
    rethrowWriteError(error);
  }
}

/** DELETE /api/produtos/{id}: the product, its photo links and the photo files. */
export async function deleteProduto(db: Executor, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const fotos = await tx
        .select({ arquivoId: produtoFotos.arquivoId })
        .from(produtoFotos)
        .where(eq(produtoFotos.produtoId, id));
      const deleted = await tx
        .delete(produtos)
        .where(eq(produtos.id, id))
        .returning({ id: produtos.id });
      if (deleted.length === 0) throw notFound(PRODUTO_NOT_FOUND);
      await deleteArquivos(
        tx,
        fotos.map((foto) => foto.arquivoId),
      );
    });
  } catch (error) {
    // Still referenced (stock movements, sales...): RESTRICT or NO ACTION foreign keys.
    if (isStillReferenced(error)) throw emUso(PRODUTO_EM_USO);
    throw error;
  }
}

export async function produtoExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: produtos.id }).from(produtos).where(eq(produtos.id, id));
  return rows.length > 0;
}

/** POST /api/produtos/{id}/fotos: adds photos (at most 10 per product in all). */
export async function addFotos(
  db: Executor,
  produtoId: number,
  files: UploadedFile[],
): Promise<ProdutoFoto[]> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: produtos.id })
      .from(produtos)
      .where(eq(produtos.id, produtoId))
      .for('update');
    if (!locked) throw notFound(PRODUTO_NOT_FOUND);
    await insertFotos(tx, produtoId, files);
    await tx
      .update(produtos)
      .set({ updatedAt: sql`now()` })
      .where(eq(produtos.id, produtoId));
    return listFotos(tx, produtoId);
  });
}

/** The stored file of one photo of one product. */
export function getFoto(db: Executor, produtoId: number, fotoId: number) {
  return lerArquivo(
    db,
    db
      .select({ id: produtoFotos.arquivoId })
      .from(produtoFotos)
      .where(and(eq(produtoFotos.produtoId, produtoId), eq(produtoFotos.id, fotoId))),
  );
}

export async function deleteFoto(db: Executor, produtoId: number, fotoId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(produtoFotos)
      .where(and(eq(produtoFotos.produtoId, produtoId), eq(produtoFotos.id, fotoId)))
      .returning({ arquivoId: produtoFotos.arquivoId });
    if (deleted.length === 0) throw notFound(FOTO_NOT_FOUND);
    await deleteArquivos(
      tx,
      deleted.map((foto) => foto.arquivoId),
    );
  });
}

/** How many products each group has (the categorias module's question). */
export function produtosDoGrupo() {
  return sql`SELECT ${produtos.categoriaId} AS chave, count(*) AS total FROM ${produtos} GROUP BY 1`;
}

/** What a label prints of a product. */
const etiquetaColumns = {
  id: produtos.id,
  nome: produtos.nome,
  codigoInterno: produtos.codigoInterno,
  codigoBarras: produtos.codigoBarras,
  preco: produtos.preco,
};

/** The products to print on labels, by id (any order). */
export function produtosParaEtiquetas(db: Executor, ids: number[]) {
  return db.select(etiquetaColumns).from(produtos).where(inArray(produtos.id, ids));
}

/** The active products of a group, by name, to print on labels. */
export function produtosAtivosDaCategoria(db: Executor, categoriaId: number) {
  return db
    .select(etiquetaColumns)
    .from(produtos)
    .where(sql`${produtos.categoriaId} = ${categoriaId} AND ${produtos.ativo}`)
    .orderBy(asc(produtos.nomeBusca), asc(produtos.nome), asc(produtos.id));
}

/** id, nome and estoque of the products with these names (demo data picks them by name). */
export function produtosPorNome(db: Executor, nomes: string[]) {
  return db
    .select({ id: produtos.id, nome: produtos.nome, estoque: produtos.estoque })
    .from(produtos)
    .where(inArray(produtos.nome, nomes));
}

/** Every product's id and suggested margin, in id order (the demo price tables start there). */
export function margensSugeridas(db: Executor) {
  return db
    .select({ id: produtos.id, lucro: produtos.lucroSugerido })
    .from(produtos)
    .orderBy(asc(produtos.id));
}

/** id, nome and unidade of every product, as a subquery another module joins by id. */
export function produtosResumo(db: Executor) {
  return db
    .select({ id: produtos.id, nome: produtos.nome, unidadeMedida: produtos.unidadeMedida })
    .from(produtos)
    .as('produto');
}

export interface ProdutoEstoque {
  nome: string;
  estoque: number;
  unidade: string;
  movimentaEstoque: boolean;
}

/** A product's stock and whether it moves stock; `bloquear` locks the row (FOR UPDATE). */
export async function estoqueDoProduto(
  tx: Executor,
  produtoId: number,
  { bloquear = false }: { bloquear?: boolean } = {},
): Promise<ProdutoEstoque | undefined> {
  const query = tx
    .select({
      nome: produtos.nome,
      estoque: produtos.estoque,
      unidade: produtos.unidadeMedida,
      movimentaEstoque: produtos.movimentaEstoque,
    })
    .from(produtos)
    .where(eq(produtos.id, produtoId));
  const [row] = await (bloquear ? query.for('update') : query);
  return row;
}

export interface EstoqueAlterado {
  estoque: number;
  nome: string;
  unidade: string;
}

/**
 * One atomic UPDATE of the product's stock by `milesimos` thousandths, for the stock ledger
 * only (it writes the ledger row in the same transaction, or in the same statement: the update
 * is returned unrun). It returns the new stock (with the product's name and unit), or no row:
 * no such product, the product does not move stock (when `exigeMovimentar`), or it has less
 * than the change takes away.
 */
export function atualizacaoDeEstoque(
  produtoId: number,
  milesimos: number,
  { exigeMovimentar }: { exigeMovimentar: boolean },
): SQL<EstoqueAlterado> {
  // By hand: Drizzle's update builder took 60 µs a call, a counter sale's second largest cost.
  return sql`UPDATE ${produtos} SET estoque = estoque + ${milesimosToDecimal(milesimos)}::numeric
    WHERE id = ${produtoId}
      ${exigeMovimentar ? sql`AND movimenta_estoque` : sql``}
      ${milesimos < 0 ? sql`AND estoque >= ${milesimosToDecimal(-milesimos)}::numeric` : sql``}
    RETURNING estoque, nome, unidade_medida AS unidade`;
}

/** atualizacaoDeEstoque run on its own: the new stock, or undefined when nothing changed. */
export async function alterarEstoque(
  tx: Executor,
  produtoId: number,
  milesimos: number,
  options: { exigeMovimentar: boolean },
): Promise<EstoqueAlterado | undefined> {
  const [row] = await selectRows<EstoqueAlterado>(
    tx,
    atualizacaoDeEstoque(produtoId, milesimos, options),
  );
  return row;
}

/** A product's custo final, or undefined when there is no such product. */
export async function custoFinalDoProduto(db: Executor, produtoId: number) {
  const [row] = await db
    .select({ custoFinal: produtos.custoFinal })
    .from(produtos)
    .where(eq(produtos.id, produtoId));
  return row?.custoFinal;
}

/** The highest custo final among the products an id-array expression selects. */
export async function maiorCustoFinal(db: Executor, ids: SQL): Promise<number> {
  const [row] = await db
    .select({ custo: sql<number | null>`max(${produtos.custoFinal})` })
    .from(produtos)
    .where(sql`${produtos.id} = ANY(${ids})`);
  return row?.custo ?? 0;
}

/**
 * What price tables show and compute of every product, as a subquery joined by id: names and
 * codes, its group's name, whether it is active, custo final, its own price and the sort key.
 */
export function produtosParaPrecos(db: Executor) {
  const categoria = nomesDeCategorias(db);
  return db
    .select({
      id: produtos.id,
      nome: produtos.nome,
      codigoInterno: produtos.codigoInterno,
      codigoBarras: produtos.codigoBarras,
      categoriaId: produtos.categoriaId,
      categoriaNome: sql<string>`${categoria.nome}`.as('categoria_nome'),
      ativo: produtos.ativo,
      custoFinal: produtos.custoFinal,
      preco: produtos.preco,
      nomeBusca: produtos.nomeBusca,
    })
    .from(produtos)
    .innerJoin(categoria, eq(categoria.id, produtos.categoriaId))
    .as('produto');
}

export interface ProdutoParaVenda {
  id: number;
  nome: string;
  unidade: string;
  preco: number;
  custoFinal: number;
  ativo: boolean;
  comercializavelPdv: boolean;
}

/**
 * What a sale needs of its products (name, unit, price, custo final and whether it may be sold),
 * as one JSON value, to read alone or with other reads (lerJuntos).
 */
export function produtosParaVendaSql(ids: readonly number[]): SQL<ProdutoParaVenda[]> {
  const lista = ids.length
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`NULL`;
  return sql`SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'nome', p.nome, 'unidade', p.unidade_medida, 'preco', p.preco,
      'custoFinal', p.custo_final, 'ativo', p.ativo, 'comercializavelPdv', p.comercializavel_pdv
    )), '[]'::json) FROM produtos p WHERE p.id IN (${lista})`;
}

export async function produtosParaVenda(
  db: Executor,
  ids: readonly number[],
): Promise<ProdutoParaVenda[]> {
  if (ids.length === 0) return [];
  return (await lerJuntos(db, { produtos: produtosParaVendaSql(ids) })).produtos;
}
