import { count, eq, sql, type SQL } from 'drizzle-orm';
import type {
  Categoria,
  CategoriaInput,
  CategoriaListQuery,
  CategoriaSort,
} from '@prumo/shared/produtos';
import { CATEGORIA_PADRAO_ID, CATEGORIA_PADRAO_NOME } from '@prumo/shared/produtos';
import type { Executor } from '../../db/database';
import { isStillReferenced, rethrowUnique } from '../../db/pg-errors';
import {
  containsSearch,
  pageOf,
  ptBrKey,
  sortOrder,
  juncao,
  type SortColumns,
} from '../../db/sql-helpers';
import { AppError, emUso, notFound } from '../../http/errors';
import { hook } from '../server-module';
import { categorias } from './categorias.table';

export const CATEGORIA_MESSAGES = {
  naoEncontrada: 'Grupo de produtos não encontrado.',
  nomeDuplicado: 'Já existe um grupo de produtos com este nome.',
  padraoNaoExclui: `O grupo "${CATEGORIA_PADRAO_NOME}" é o padrão dos produtos e não pode ser excluído.`,
  emUso: (total: number) =>
    `Este grupo possui ${total} ${total === 1 ? 'produto vinculado' : 'produtos vinculados'} ` +
    'e não pode ser excluído. Mova os produtos para outro grupo antes de excluí-lo.',
} as const;

/** How many products each group has: a SELECT of chave (the group's id) and total. */
export const produtosDoGrupoHook = hook<() => SQL>('quantos produtos tem cada grupo');

/** The products-per-group join and the count it gives a group (0 for none). */
function comProdutos() {
  const uso = juncao(produtosDoGrupoHook.call(), 'produtos_por_grupo');
  return { uso, total: sql<number>`coalesce(${uso.coluna('total')}, 0)::int` };
}

/**
 * id, nome, descricao, created_at and how many products use each group, in one query; and that
 * count's expression, which the list sorts by.
 */
function selectCategorias(db: Executor) {
  const { uso, total: totalProdutos } = comProdutos();
  const query = db
    .select({
      id: categorias.id,
      nome: categorias.nome,
      descricao: categorias.descricao,
      createdAt: categorias.createdAt,
      total_produtos: totalProdutos,
    })
    .from(categorias)
    .leftJoin(uso.tabela, eq(uso.coluna('chave'), categorias.id));
  return { query, totalProdutos };
}

function toCategoria({ createdAt, ...row }: { createdAt: Date } & Omit<Categoria, 'created_at'>) {
  return { ...row, created_at: createdAt.toISOString() } satisfies Categoria;
}

/**
 * GET /api/categorias: by name the pt-BR way unless `sort` says otherwise; `q` searches the name.
 * Without `limit`, every group (the spec's array); with it, one page and the filter's total.
 */
export async function listCategorias(
  db: Executor,
  query: CategoriaListQuery = {},
): Promise<{ items: Categoria[]; total: number | undefined }> {
  const where = query.q ? containsSearch(query.q, categorias.nome) : undefined;
  const select = selectCategorias(db);
  const sorts: SortColumns<CategoriaSort> = {
    nome: ptBrKey(categorias.nome),
    produtos: [select.totalProdutos],
  };
  const rows = select.query
    .where(where)
    .orderBy(...sortOrder(sorts, query, { sort: 'nome', order: 'asc', id: categorias.id }));
  const page = await pageOf(
    rows,
    () => db.select({ total: count() }).from(categorias).where(where),
    query,
  );
  return { items: page.items.map(toCategoria), total: page.total };
}

export async function getCategoria(db: Executor, id: number): Promise<Categoria | undefined> {
  const [row] = await selectCategorias(db).query.where(eq(categorias.id, id));
  return row && toCategoria(row);
}

export async function createCategoria(db: Executor, input: CategoriaInput) {
  try {
    const [row] = await db
      .insert(categorias)
      .values({ nome: input.nome, descricao: input.descricao ?? null })
      .returning({ id: categorias.id });
    return (await getCategoria(db, row!.id))!;
  } catch (error) {
    rethrowUnique(error, CATEGORIA_MESSAGES.nomeDuplicado, 'nome');
  }
}

export async function updateCategoria(db: Executor, id: number, input: CategoriaInput) {
  let rows: { id: number }[];
  try {
    rows = await db
      .update(categorias)
      .set({ nome: input.nome, descricao: input.descricao ?? null, updatedAt: sql`now()` })
      .where(eq(categorias.id, id))
      .returning({ id: categorias.id });
  } catch (error) {
    rethrowUnique(error, CATEGORIA_MESSAGES.nomeDuplicado, 'nome');
  }
  if (rows.length === 0) throw notFound(CATEGORIA_MESSAGES.naoEncontrada);
  return (await getCategoria(db, id))!;
}

/**
 * Deletes a group no product uses. 'Categoria Padrão' stays; a group in use answers 409 with
 * how many products use it (the foreign key also refuses it if a product arrives meanwhile).
 */
export async function deleteCategoria(db: Executor, id: number): Promise<void> {
  const emUsoPor = await contarProdutosDaCategoria(db, id);
  if (emUsoPor === undefined) throw notFound(CATEGORIA_MESSAGES.naoEncontrada);
  if (id === CATEGORIA_PADRAO_ID)
    throw new AppError('PROTEGIDO', CATEGORIA_MESSAGES.padraoNaoExclui);
  if (emUsoPor > 0) throw emUso(CATEGORIA_MESSAGES.emUso(emUsoPor));
  try {
    // A savepoint: if a product arrived meanwhile, the count below still runs in the caller's
    // transaction.
    await db.transaction((tx) => tx.delete(categorias).where(eq(categorias.id, id)));
  } catch (error) {
    if (isStillReferenced(error)) {
      const agora = (await contarProdutosDaCategoria(db, id)) ?? 0;
      throw emUso(CATEGORIA_MESSAGES.emUso(agora || 1));
    }
    throw error;
  }
}

/** How many products one group has; undefined when the group does not exist. */
async function contarProdutosDaCategoria(db: Executor, id: number): Promise<number | undefined> {
  const { uso, total } = comProdutos();
  const [row] = await db
    .select({ total })
    .from(categorias)
    .leftJoin(uso.tabela, eq(uso.coluna('chave'), categorias.id))
    .where(eq(categorias.id, id));
  return row?.total;
}

/** Every group's id and nome, as a subquery another module joins by id (one query per list). */
export function nomesDeCategorias(db: Executor) {
  return db.select({ id: categorias.id, nome: categorias.nome }).from(categorias).as('categoria');
}
