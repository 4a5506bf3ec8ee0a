import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { EntradaNfe, EntradaNfeResumo, EntradasNfeQuery } from '@prumo/shared/fiscal';
import type { Executor, Transaction } from '../../db/database';
import { containsSearch, inicioDoDia, isoUtc, selectRows } from '../../db/sql-helpers';
import { entradaNfeItens, entradasNfe, produtosFornecedores } from './entradas.table';

const e = entradasNfe;

/** A list of texts as one parameter (codes may hold commas): an array of the JSON's items. */
const textos = (valores: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(valores)}::jsonb))`;

/** A product as the preview shows it. */
export interface ProdutoCandidato {
  id: number;
  nome: string;
  unidade: string;
}

/** The supplier registered with this CNPJ (cadastros keeps CNPJs normalised). */
export async function fornecedorPorCnpj(
  db: Executor,
  cnpj: string,
): Promise<{ id: number; nome: string } | undefined> {
  const [row] = await selectRows<{ id: number; nome: string }>(
    db,
    sql`SELECT id, nome FROM cadastros WHERE tipo = 'fornecedor' AND cnpj = ${cnpj} LIMIT 1`,
  );
  return row;
}

/** When a key was entered, if it was. */
export async function entradaDaChave(
  db: Executor,
  chave: string,
): Promise<{ id: number; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ id: e.id, createdAt: e.createdAt })
    .from(e)
    .where(eq(e.chave, chave));
  return row;
}

/** The products a supplier's codes were entered as before, with the factor used. */
export async function codigosLembrados(
  db: Executor,
  fornecedorId: number,
  codigos: readonly string[],
): Promise<Map<string, { produto: ProdutoCandidato; fator: number }>> {
  const rows = await selectRows<ProdutoCandidato & { codigo: string; fator: number }>(
    db,
    sql`SELECT pf.codigo, pf.fator, p.id, p.nome, p.unidade_medida AS unidade
      FROM produtos_fornecedores pf JOIN produtos p ON p.id = pf.produto_id
      WHERE pf.fornecedor_id = ${fornecedorId} AND pf.codigo = ANY(${textos(codigos)})`,
  );
  return new Map(
    rows.map(({ codigo, fator, ...produto }) => [codigo, { produto, fator: Number(fator) }]),
  );
}

/** Products whose barcode is one of `codigos` (exact text; the caller spells each GTIN). */
export function produtosPorCodigoDeBarras(
  db: Executor,
  codigos: readonly string[],
): Promise<Array<ProdutoCandidato & { codigo_barras: string }>> {
  return selectRows(
    db,
    sql`SELECT id, nome, unidade_medida AS unidade, codigo_barras FROM produtos
      WHERE codigo_barras = ANY(${textos(codigos)}) ORDER BY id`,
  );
}

/** The products of `ids` that exist. */
export function produtosPorId(db: Executor, ids: readonly number[]): Promise<ProdutoCandidato[]> {
  return selectRows(
    db,
    sql`SELECT id, nome, unidade_medida AS unidade FROM produtos
      WHERE id = ANY(string_to_array(${ids.join(',')}, ',')::int[])`,
  );
}

/**
 * Serialises the entries of one supplier until the transaction ends: the same note confirmed
 * twice at once finds the first one's row, and a new supplier is registered once.
 */
export async function travarFornecedor(tx: Transaction, cnpj: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`entradas-nfe:${cnpj}`}))`);
}

/** The id of the system's "Compra de mercadorias" expense category. */
export async function categoriaDeCompras(db: Executor): Promise<number | null> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM categorias_financeiras WHERE slug = 'compra-mercadorias'`,
  );
  return row?.id ?? null;
}

export type EntradaInsert = typeof entradasNfe.$inferInsert;
export type EntradaItemInsert = Omit<typeof entradaNfeItens.$inferInsert, 'entradaId'>;

/** The entry and its items; answers the entry's id. */
export async function inserirEntrada(
  tx: Transaction,
  entrada: EntradaInsert,
  itens: EntradaItemInsert[],
): Promise<number> {
  const [row] = await tx.insert(e).values(entrada).returning({ id: e.id });
  const entradaId = row!.id;
  await tx.insert(entradaNfeItens).values(itens.map((item) => ({ ...item, entradaId })));
  return entradaId;
}

/** Remembers which product (and factor) each supplier code became; the latest entry wins. */
export async function lembrarCodigos(
  tx: Transaction,
  fornecedorId: number,
  codigos: ReadonlyMap<string, { produtoId: number; fator: number }>,
): Promise<void> {
  if (codigos.size === 0) return;
  await tx
    .insert(produtosFornecedores)
    .values(
      [...codigos].map(([codigo, { produtoId, fator }]) => ({
        fornecedorId,
        codigo,
        produtoId,
        fator,
      })),
    )
    .onConflictDoUpdate({
      target: [produtosFornecedores.fornecedorId, produtosFornecedores.codigo],
      set: { produtoId: sql`excluded.produto_id`, fator: sql`excluded.fator` },
      // Unchanged rows are not rewritten (nor audited again).
      setWhere: sql`(${produtosFornecedores.produtoId}, ${produtosFornecedores.fator}) IS DISTINCT FROM (excluded.produto_id, excluded.fator)`,
    });
}

const RESUMO = sql`${e.id} AS id, ${e.chave} AS chave, ${e.numero} AS numero, ${e.serie} AS serie,
  ${isoUtc(e.emitidaEm)} AS emitida_em, ${e.valorTotal} AS valor_total,
  ${e.fornecedorId} AS fornecedor_id, c.nome AS fornecedor_nome, c.cnpj AS fornecedor_cnpj,
  (SELECT count(*) FROM entrada_nfe_itens i WHERE i.entrada_id = ${e.id})::int AS total_itens,
  u.nome AS usuario_nome, ${isoUtc(e.createdAt)} AS created_at`;
const DE = sql`FROM ${e} JOIN cadastros c ON c.id = ${e.fornecedorId}
  LEFT JOIN usuarios u ON u.id = ${e.usuarioId}`;

/**
 * GET /api/entradas-nfe: newest first, one page and the total (two queries). `q` is a key (44
 * digits), a number, or part of the supplier's name or CNPJ.
 */
export async function listEntradas(
  db: Executor,
  query: EntradasNfeQuery,
  timeZone: string,
): Promise<{ items: EntradaNfeResumo[]; total: number }> {
  const q = query.q;
  const digitos = q?.replace(/[.\-/\s]/g, '') ?? '';
  let busca: SQL | undefined;
  if (q && /^\d{44}$/.test(digitos)) busca = eq(e.chave, digitos);
  else if (q) {
    busca = sql`(${containsSearch(q, sql`c.nome`)}
      ${/^\d{1,9}$/.test(q) ? sql`OR ${e.numero} = ${Number(q)}` : sql``}
      ${/^[0-9A-Za-z]{2,14}$/.test(digitos) ? sql`OR c.cnpj LIKE ${`${digitos.toUpperCase()}%`}` : sql``})`;
  }
  const where = and(
    query.de ? gte(e.createdAt, inicioDoDia(query.de, timeZone)) : undefined,
    query.ate
      ? lt(e.createdAt, sql`${inicioDoDia(query.ate, timeZone)} + interval '1 day'`)
      : undefined,
    busca,
  );
  const filtro = where ? sql`WHERE ${where}` : sql``;
  const [items, [total]] = await Promise.all([
    selectRows<EntradaNfeResumo>(
      db,
      sql`SELECT ${RESUMO} ${DE} ${filtro} ORDER BY ${e.createdAt} DESC, ${e.id} DESC
        LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    selectRows<{ total: number }>(db, sql`SELECT count(*) AS total ${DE} ${filtro}`),
  ]);
  return { items: items.map(numerosDoResumo), total: Number(total?.total ?? 0) };
}

function numerosDoResumo<T extends EntradaNfeResumo>(row: T): T {
  return { ...row, valor_total: Number(row.valor_total) };
}

/** GET /api/entradas-nfe/:id: one statement (the items, movements and titles as JSON). */
export async function getEntrada(db: Executor, id: number): Promise<EntradaNfe | undefined> {
  const [row] = await selectRows<EntradaNfe>(
    db,
    sql`SELECT ${RESUMO},
      coalesce((SELECT json_agg(json_build_object('ordem', i.ordem, 'produto_id', i.produto_id,
          'produto_nome', p.nome, 'unidade', p.unidade_medida,
          'codigo_fornecedor', i.codigo_fornecedor, 'descricao', i.descricao, 'gtin', i.gtin,
          'unidade_nota', i.unidade_nota, 'quantidade_nota', i.quantidade_nota,
          'fator', i.fator, 'quantidade', i.quantidade, 'custo_unitario', i.custo_unitario,
          'valor_total', i.valor_total) ORDER BY i.ordem)
        FROM entrada_nfe_itens i JOIN produtos p ON p.id = i.produto_id
        WHERE i.entrada_id = ${e.id}), '[]'::json) AS itens,
      coalesce((SELECT json_agg(json_build_object('id', m.id, 'produto_id', m.produto_id,
          'produto_nome', p.nome, 'quantidade', m.quantidade, 'data', m.data) ORDER BY m.id)
        FROM estoque_movimentacoes m JOIN produtos p ON p.id = m.produto_id
        WHERE m.entrada_nfe_id = ${e.id}), '[]'::json) AS movimentacoes,
      coalesce((SELECT json_agg(json_build_object('id', t.id, 'descricao', t.descricao,
          'valor', t.valor, 'cancelado', t.cancelado_em IS NOT NULL,
          'parcelas', (SELECT json_agg(json_build_object('numero', pa.numero,
              'vencimento', pa.vencimento, 'valor', pa.valor, 'valor_pago', pa.valor_pago,
              'status', pa.status) ORDER BY pa.numero)
            FROM parcelas pa WHERE pa.titulo_id = t.id)) ORDER BY t.id)
        FROM titulos t WHERE t.entrada_nfe_id = ${e.id}), '[]'::json) AS titulos
    ${DE} WHERE ${e.id} = ${id}`,
  );
  return row && numerosDoResumo(row);
}

/** The nfeProc as uploaded, and its key (the file's name). */
export async function xmlDaEntrada(
  db: Executor,
  id: number,
): Promise<{ chave: string; xml: string } | undefined> {
  const [row] = await db.select({ chave: e.chave, xml: e.xml }).from(e).where(eq(e.id, id));
  return row;
}
