import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Devolucao, DevolucaoResumo, DevolucoesQuery } from '@prumo/shared/fiscal';
import type { Executor, Transaction } from '../../db/database';
import { containsSearch, inicioDoDia, isoUtc, selectRows } from '../../db/sql-helpers';
import { cadastroFiscal, type CadastroFiscal } from './fiscal.repository';
import { devolucaoItens, devolucoes } from './fiscal.table';

const d = devolucoes;

export type DevolucaoRow = typeof devolucoes.$inferSelect;
export type DevolucaoItemRow = typeof devolucaoItens.$inferSelect;

/** What the returns so far took of each item of one original note, in milésimos of its unit. */
export async function devolvidasPorItem(
  db: Executor,
  origem: { notaOrigemId: number } | { entradaNfeId: number },
): Promise<Map<number, number>> {
  const daOrigem =
    'notaOrigemId' in origem
      ? eq(d.notaOrigemId, origem.notaOrigemId)
      : eq(d.entradaNfeId, origem.entradaNfeId);
  const rows = await db
    .select({
      nItem: devolucaoItens.nItem,
      milesimos: sql<string>`sum(${devolucaoItens.quantidade} * 1000)`,
    })
    .from(devolucaoItens)
    .innerJoin(d, eq(d.id, devolucaoItens.devolucaoId))
    .where(and(daOrigem, isNull(d.canceladaEm)))
    .groupBy(devolucaoItens.nItem);
  return new Map(rows.map((row) => [row.nItem, Math.round(Number(row.milesimos))]));
}

/** How many live returns reference a note (a referenced note is not cancelled). */
export async function devolucoesDaNota(db: Executor, notaId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(d)
    .where(and(eq(d.notaOrigemId, notaId), isNull(d.canceladaEm)));
  return Number(row?.total ?? 0);
}

/** Serialises the returns of one original document: its row is locked for the transaction. */
export async function travarOrigem(
  tx: Transaction,
  origem: { notaOrigemId: number } | { entradaNfeId: number },
): Promise<void> {
  await tx.execute(
    'notaOrigemId' in origem
      ? sql`SELECT 1 FROM notas_fiscais WHERE id = ${origem.notaOrigemId} FOR UPDATE`
      : sql`SELECT 1 FROM entradas_nfe WHERE id = ${origem.entradaNfeId} FOR UPDATE`,
  );
}

export async function inserirDevolucao(
  tx: Transaction,
  devolucao: typeof devolucoes.$inferInsert,
  itens: Array<Omit<typeof devolucaoItens.$inferInsert, 'devolucaoId'>>,
): Promise<DevolucaoRow> {
  const [row] = await tx.insert(d).values(devolucao).returning();
  await tx.insert(devolucaoItens).values(itens.map((item) => ({ ...item, devolucaoId: row!.id })));
  return row!;
}

export async function marcarCancelada(tx: Transaction, id: number): Promise<boolean> {
  const rows = await tx
    .update(d)
    .set({ canceladaEm: sql`now()` })
    .where(and(eq(d.id, id), isNull(d.canceladaEm)))
    .returning({ id: d.id });
  return rows.length > 0;
}

/** A return as its NF-e needs it: the row, its items, the other party and the original XML. */
export interface DevolucaoFiscal {
  devolucao: DevolucaoRow;
  itens: DevolucaoItemRow[];
  pessoa: CadastroFiscal;
  /** The original note's authorized XML (ours, or the supplier's as entered). */
  xmlOrigem: string;
}

export async function devolucaoFiscal(db: Executor, id: number): Promise<DevolucaoFiscal | null> {
  const [devolucao] = await db.select().from(d).where(eq(d.id, id));
  if (!devolucao) return null;
  const [itens, pessoa, [origem]] = await Promise.all([
    db
      .select()
      .from(devolucaoItens)
      .where(eq(devolucaoItens.devolucaoId, id))
      .orderBy(devolucaoItens.nItem),
    cadastroFiscal(db, devolucao.pessoaId),
    selectRows<{ xml: string }>(
      db,
      devolucao.notaOrigemId
        ? sql`SELECT xml_autorizado AS xml FROM notas_fiscais WHERE id = ${devolucao.notaOrigemId}`
        : sql`SELECT xml FROM entradas_nfe WHERE id = ${devolucao.entradaNfeId}`,
    ),
  ]);
  if (!pessoa || !origem?.xml) return null;
  return { devolucao, itens, pessoa, xmlOrigem: origem.xml };
}

const RESUMO = sql`${d.id} AS id, ${d.tipo} AS tipo, ${d.chaveReferenciada} AS chave_referenciada,
  coalesce(o.numero, en.numero) AS numero_origem, ${d.pessoaId} AS pessoa_id,
  c.nome AS pessoa_nome, ${d.motivo} AS motivo, ${d.acerto} AS acerto,
  ${d.valorTotal} AS valor_total, n.id AS nota_id, n.numero AS nota_numero,
  n.situacao AS nota_situacao, u.nome AS usuario_nome, ${isoUtc(d.createdAt)} AS created_at`;
const DE = sql`FROM ${d} JOIN cadastros c ON c.id = ${d.pessoaId}
  LEFT JOIN notas_fiscais o ON o.id = ${d.notaOrigemId}
  LEFT JOIN entradas_nfe en ON en.id = ${d.entradaNfeId}
  LEFT JOIN notas_fiscais n ON n.devolucao_id = ${d.id}
  LEFT JOIN usuarios u ON u.id = ${d.usuarioId}`;

function numerosDoResumo<T extends DevolucaoResumo>(row: T): T {
  return { ...row, valor_total: Number(row.valor_total) };
}

/**
 * GET /api/devolucoes: newest first, one page and the total. `q` is a key (44 digits), a number
 * (of the original note or of the return's) or part of the other party's name.
 */
export async function listDevolucoes(
  db: Executor,
  query: DevolucoesQuery,
  timeZone: string,
): Promise<{ items: DevolucaoResumo[]; total: number }> {
  const q = query.q;
  const digitos = q?.replace(/[.\-/\s]/g, '') ?? '';
  let busca: SQL | undefined;
  if (q && /^\d{44}$/.test(digitos)) busca = eq(d.chaveReferenciada, digitos);
  else if (q) {
    busca = sql`(${containsSearch(q, sql`c.nome`)}
      ${/^\d{1,9}$/.test(q) ? sql`OR o.numero = ${Number(q)} OR en.numero = ${Number(q)} OR n.numero = ${Number(q)}` : sql``})`;
  }
  const where = and(
    query.tipo ? eq(d.tipo, query.tipo) : undefined,
    query.de ? gte(d.createdAt, inicioDoDia(query.de, timeZone)) : undefined,
    query.ate
      ? lt(d.createdAt, sql`${inicioDoDia(query.ate, timeZone)} + interval '1 day'`)
      : undefined,
    busca,
  );
  const filtro = where ? sql`WHERE ${where}` : sql``;
  const [items, [total]] = await Promise.all([
    selectRows<DevolucaoResumo>(
      db,
      sql`SELECT ${RESUMO} ${DE} ${filtro} ORDER BY ${d.createdAt} DESC, ${d.id} DESC
        LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    selectRows<{ total: number }>(db, sql`SELECT count(*) AS total ${DE} ${filtro}`),
  ]);
  return { items: items.map(numerosDoResumo), total: Number(total?.total ?? 0) };
}

/** GET /api/devolucoes/:id: one statement (items, movements and titles as JSON). */
export async function getDevolucao(db: Executor, id: number): Promise<Devolucao | undefined> {
  const [row] = await selectRows<Devolucao>(
    db,
    sql`SELECT ${RESUMO}, ${d.notaOrigemId} AS nota_origem_id, ${d.entradaNfeId} AS entrada_id,
      o.venda_id AS venda_id, ${isoUtc(d.canceladaEm)} AS cancelada_em,
      coalesce((SELECT json_agg(json_build_object('n_item', i.n_item, 'produto_id', i.produto_id,
          'produto_nome', p.nome, 'descricao', i.descricao, 'unidade', i.unidade,
          'quantidade', i.quantidade, 'quantidade_estoque', i.quantidade_estoque,
          'valor_unitario', i.valor_unitario, 'valor_total', i.valor_total) ORDER BY i.n_item)
        FROM devolucao_itens i JOIN produtos p ON p.id = i.produto_id
        WHERE i.devolucao_id = ${d.id}), '[]'::json) AS itens,
      coalesce((SELECT json_agg(json_build_object('id', m.id, 'produto_id', m.produto_id,
          'produto_nome', p.nome, 'tipo', m.tipo, 'quantidade', m.quantidade, 'data', m.data)
          ORDER BY m.id)
        FROM estoque_movimentacoes m JOIN produtos p ON p.id = m.produto_id
        WHERE m.devolucao_id = ${d.id}), '[]'::json) AS movimentacoes,
      coalesce((SELECT json_agg(json_build_object('id', t.id, 'natureza', t.natureza,
          'descricao', t.descricao, 'valor', t.valor,
          'status', CASE WHEN t.cancelado_em IS NOT NULL THEN 'cancelado'
            WHEN NOT EXISTS (SELECT 1 FROM parcelas pa WHERE pa.titulo_id = t.id
              AND pa.status <> 'pago') THEN 'pago' ELSE 'aberto' END) ORDER BY t.id)
        FROM titulos t WHERE t.devolucao_id = ${d.id}), '[]'::json) AS titulos
    ${DE} WHERE ${d.id} = ${id}`,
  );
  return row && numerosDoResumo(row);
}
