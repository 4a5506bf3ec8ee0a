import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  SERVICO_MESSAGES,
  type Servico,
  type ServicoCreate,
  type ServicoListItem,
  type ServicoListQuery,
  type ServicoSort,
  type ServicoUpdate,
} from '@prumo/shared/servicos';
import { isCodigoServicoNacional } from '@prumo/shared/servicos-nacionais';
import type { Executor } from '../../db/database';
import { isStillReferenced, pgReferencingTable, rethrowUnique } from '../../db/pg-errors';
import {
  containsNormalizedSearch,
  pageOf,
  sortOrder,
  type SortColumns,
} from '../../db/sql-helpers';
import { badRequest, emUso, notFound } from '../../http/errors';
import { findCadastroResumo, nomesDeCadastros } from '../cadastros/cadastros.repository';
import { servicos } from './servicos.table';

/** What other data a service is used by, from the foreign key that blocked its deletion. */
const REFERENCING_TABLES: Record<string, string> = {
  ordem_servico_servicos: 'ordens de serviço',
  venda_itens: 'vendas',
  vendas: 'vendas',
  agendamentos: 'agendamentos',
  orcamento_servicos: 'orçamentos',
};

const listColumns = {
  id: servicos.id,
  nome: servicos.nome,
  codigoInterno: servicos.codigoInterno,
  categoria: servicos.categoria,
  preco: servicos.preco,
  duracao: servicos.duracao,
  ativo: servicos.ativo,
};

/** The list's filters on the stored normalized columns (the trigram indexes cover q). */
function listWhere(query: ServicoListQuery): SQL | undefined {
  return and(
    query.q
      ? containsNormalizedSearch(query.q, servicos.nomeBusca, servicos.categoriaBusca)
      : undefined,
    query.categoria
      ? eq(servicos.categoriaBusca, sql`normalize_search(${query.categoria})`)
      : undefined,
    query.ativo === undefined ? undefined : eq(servicos.ativo, query.ativo),
  );
}

/** What each sort key of the list orders by (the indexes of migration 0018 cover them). */
const SERVICO_SORT_COLUMNS: SortColumns<ServicoSort> = {
  nome: [servicos.nomeBusca, servicos.nome],
  categoria: [servicos.categoriaBusca, servicos.nomeBusca, servicos.nome],
  preco: [servicos.preco],
  duracao: [servicos.duracao],
};

/**
 * GET /api/servicos: sorted by name the pt-BR way unless `sort` says otherwise. Without limit,
 * every matching service (the spec's array); with it, one page and the total of the filter.
 */
export function listServicos(
  db: Executor,
  query: ServicoListQuery = {},
): Promise<{ items: ServicoListItem[]; total: number | undefined }> {
  const where = listWhere(query);
  const rows = db
    .select(listColumns)
    .from(servicos)
    .where(where)
    .orderBy(...listOrder(query));
  return pageOf(rows, () => db.select({ total: count() }).from(servicos).where(where), query);
}

const listOrder = (query: ServicoListQuery) =>
  sortOrder(SERVICO_SORT_COLUMNS, query, { sort: 'nome', order: 'asc', id: servicos.id });

/**
 * One page of GET /api/servicos/exportar: the list's filters and order, with the fields the
 * service import reads.
 */
export function exportServicos(
  db: Executor,
  query: ServicoListQuery,
  pagina: { limit: number; offset: number },
) {
  return db
    .select({
      codigoInterno: servicos.codigoInterno,
      nome: servicos.nome,
      categoria: servicos.categoria,
      descricao: servicos.descricao,
      preco: servicos.preco,
      valorCusto: servicos.valorCusto,
      comissao: servicos.comissao,
      duracao: servicos.duracao,
      codigoTributacaoNacional: servicos.codigoTributacaoNacional,
      codigoNbs: servicos.codigoNbs,
      aliquotaIss: servicos.aliquotaIss,
      ativo: servicos.ativo,
    })
    .from(servicos)
    .where(listWhere(query))
    .orderBy(...listOrder(query))
    .limit(pagina.limit)
    .offset(pagina.offset);
}

/** GET /api/servicos/{id}: every field of the form, the supplier's name joined in. */
export async function getServico(db: Executor, id: number): Promise<Servico | undefined> {
  const fornecedor = nomesDeCadastros(db, 'fornecedor');
  const [row] = await db
    .select({
      ...listColumns,
      valorCusto: servicos.valorCusto,
      comissao: servicos.comissao,
      descricao: servicos.descricao,
      ncm: servicos.ncm,
      cfop: servicos.cfop,
      aliquotaIcms: servicos.aliquotaIcms,
      aliquotaIpi: servicos.aliquotaIpi,
      codigoTributacaoNacional: servicos.codigoTributacaoNacional,
      codigoNbs: servicos.codigoNbs,
      aliquotaIss: servicos.aliquotaIss,
      localIncidenciaIss: servicos.localIncidenciaIss,
      issRetido: servicos.issRetido,
      fornecedorId: servicos.fornecedorId,
      fornecedorNome: fornecedor.nome,
      codigoFornecedor: servicos.codigoFornecedor,
      createdAt: servicos.createdAt,
      updatedAt: servicos.updatedAt,
    })
    .from(servicos)
    .leftJoin(fornecedor, eq(fornecedor.id, servicos.fornecedorId))
    .where(eq(servicos.id, id));
  if (!row) return undefined;
  return {
    ...row,
    valorVenda: row.preco,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The main supplier must be a registry record of tipo fornecedor. */
async function assertFornecedor(db: Executor, fornecedorId: number | null | undefined) {
  if (fornecedorId == null) return;
  const cadastro = await findCadastroResumo(db, fornecedorId);
  if (cadastro?.tipo !== 'fornecedor') {
    throw badRequest(SERVICO_MESSAGES.fornecedor, { fornecedorId: SERVICO_MESSAGES.fornecedor });
  }
}

/** cTribNac must be on the national service list that ships with the app. */
function assertCodigoTributacaoNacional(codigo: string | null | undefined) {
  if (codigo == null || isCodigoServicoNacional(codigo)) return;
  const mensagem = SERVICO_MESSAGES.codigoTributacaoNacional;
  throw badRequest(mensagem, { codigoTributacaoNacional: mensagem });
}

function rethrowDuplicate(error: unknown): never {
  rethrowUnique(error, SERVICO_MESSAGES.codigoInternoDuplicado, 'codigoInterno');
}

export async function createServico(db: Executor, input: ServicoCreate): Promise<Servico> {
  assertCodigoTributacaoNacional(input.codigoTributacaoNacional);
  await assertFornecedor(db, input.fornecedorId);
  let id: number;
  try {
    const [row] = await db.insert(servicos).values(input).returning({ id: servicos.id });
    id = row!.id;
  } catch (error) {
    rethrowDuplicate(error);
  }
  return (await getServico(db, id))!;
}

/** PUT /api/servicos/{id}: the fields sent replace the stored ones; the rest stay. */
export async function updateServico(
  db: Executor,
  id: number,
  input: ServicoUpdate,
): Promise<Servico> {
  assertCodigoTributacaoNacional(input.codigoTributacaoNacional);
  await assertFornecedor(db, input.fornecedorId);
  let updated: { id: number }[];
  try {
    updated = await db
      .update(servicos)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(servicos.id, id))
      .returning({ id: servicos.id });
  } catch (error) {
    rethrowDuplicate(error);
  }
  if (updated.length === 0) throw notFound(SERVICO_MESSAGES.naoEncontrado);
  return (await getServico(db, id))!;
}

/**
 * DELETE /api/servicos/{id}. A service still referenced (an order's line, a sale) is refused
 * with 409 EM_USO saying where; it can be deactivated instead. Runs in the caller's transaction,
 * so the refused delete leaves nothing behind.
 */
export async function deleteServico(db: Executor, id: number): Promise<void> {
  let deleted: { id: number }[];
  try {
    deleted = await db.delete(servicos).where(eq(servicos.id, id)).returning({ id: servicos.id });
  } catch (error) {
    if (isStillReferenced(error)) {
      const table = pgReferencingTable(error, 'servicos');
      const onde = table
        ? (REFERENCING_TABLES[table] ?? table.replace(/_/g, ' '))
        : 'outros registros';
      throw emUso(SERVICO_MESSAGES.emUso(onde));
    }
    throw error;
  }
  if (deleted.length === 0) throw notFound(SERVICO_MESSAGES.naoEncontrado);
}

/** What a service order line or an appointment needs of a service, taken at that moment. */
export interface ServicoParaOrdem {
  id: number;
  nome: string;
  preco: number;
  /** The service's valorCusto. */
  custo: number;
  ativo: boolean;
  /** Minutes. */
  duracao: number;
}

/**
 * The given services (id, nome, preco, custo, ativo, duracao), for the service orders' lines and
 * the appointments. Ids that do not exist are simply absent from the answer; one query whatever
 * the number of ids.
 */
export async function servicosParaOrdem(
  db: Executor,
  ids: readonly number[],
): Promise<ServicoParaOrdem[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: servicos.id,
      nome: servicos.nome,
      preco: servicos.preco,
      custo: servicos.valorCusto,
      ativo: servicos.ativo,
      duracao: servicos.duracao,
    })
    .from(servicos)
    .where(inArray(servicos.id, [...new Set(ids)]))
    .orderBy(asc(servicos.id));
}
