import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  LACUNAS_MAXIMO,
  type AmbienteFiscal,
  type EventoNfe,
  type Inutilizacao,
  type InutilizacoesQuery,
  type LacunasQuery,
  type LacunasSerie,
  type ModeloFiscal,
  type TipoEventoNfe,
} from '@prumo/shared/fiscal';
import type { Executor, Transaction } from '../../db/database';
import { isoUtc, selectRows } from '../../db/sql-helpers';
import type { NotaQueImpedeCancelar } from '../vendas/vendas.repository';
import { eventosNfe, inutilizacoes } from './eventos.table';
import { notasFiscais, numeracaoFiscal } from './fiscal.table';

const n = notasFiscais;
const e = eventosNfe;
const i = inutilizacoes;

/**
 * What a note has under way at SEFAZ: an event (110111, 110110) or the voiding of its number.
 * Taken with a conditional UPDATE before anything is sent, so a second request meanwhile is
 * refused instead of sent twice.
 */
export type EventoEmAndamento = TipoEventoNfe | 'inutil';

/**
 * A request to SEFAZ never lasts this long (its time limit is at most 60 s): a slot older than
 * this was left by a process that stopped mid-way, and is free again.
 */
const EVENTO_EXPIRA_MS = 5 * 60_000;

/** Whether the note's slot is held by a request under way (taken less than EVENTO_EXPIRA_MS ago). */
export function eventoEmCurso(
  nota: Pick<typeof notasFiscais.$inferSelect, 'eventoEmAndamento' | 'updatedAt'>,
  agora = new Date(),
): boolean {
  return (
    nota.eventoEmAndamento !== null && agora.getTime() - nota.updatedAt.getTime() < EVENTO_EXPIRA_MS
  );
}

/**
 * Takes the note's one slot for a request to SEFAZ (stamping updated_at, the slot's age); false
 * when another request holds it.
 */
export async function tomarEvento(
  tx: Transaction,
  notaId: number,
  evento: EventoEmAndamento,
): Promise<boolean> {
  const agora = new Date();
  const rows = await tx
    .update(n)
    .set({ eventoEmAndamento: evento, updatedAt: agora })
    .where(
      and(
        eq(n.id, notaId),
        or(
          isNull(n.eventoEmAndamento),
          lt(n.updatedAt, new Date(agora.getTime() - EVENTO_EXPIRA_MS)),
        ),
      ),
    )
    .returning({ id: n.id });
  return rows.length > 0;
}

export async function soltarEvento(tx: Executor, notaId: number): Promise<void> {
  await tx.update(n).set({ eventoEmAndamento: null }).where(eq(n.id, notaId));
}

export async function inserirEventoNfe(
  tx: Transaction,
  valores: typeof eventosNfe.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(e).values(valores).returning({ id: e.id });
  return row!.id;
}

const EVENTO_COLUNAS = sql`e.id, e.tipo_evento, e.sequencia, e.texto, e.protocolo, e.c_stat,
  e.x_motivo, ${isoUtc(sql`e.registrado_em`)} AS registrado_em, u.nome AS usuario_nome`;

/** The note's registered events, oldest first. */
export async function eventosDaNota(db: Executor, notaId: number): Promise<EventoNfe[]> {
  return selectRows<EventoNfe>(
    db,
    sql`SELECT ${EVENTO_COLUNAS} FROM eventos_nfe e LEFT JOIN usuarios u ON u.id = e.usuario_id
      WHERE e.nota_id = ${notaId} ORDER BY e.registrado_em, e.id`,
  );
}

/** One event of the note (null when the id is another note's). */
export async function eventoDaNota(
  db: Executor,
  notaId: number,
  eventoId: number,
): Promise<(EventoNfe & { xml: string }) | null> {
  const [row] = await selectRows<EventoNfe & { xml: string }>(
    db,
    sql`SELECT ${EVENTO_COLUNAS}, e.xml FROM eventos_nfe e
      LEFT JOIN usuarios u ON u.id = e.usuario_id
      WHERE e.nota_id = ${notaId} AND e.id = ${eventoId}`,
  );
  return row ?? null;
}

/** The last sequence of a type of event on the note (0 when none). */
export async function ultimaSequencia(
  db: Executor,
  notaId: number,
  tipo: TipoEventoNfe,
): Promise<number> {
  const [row] = await db
    .select({ ultima: sql<number>`coalesce(max(${e.sequencia}), 0)::int` })
    .from(e)
    .where(and(eq(e.notaId, notaId), eq(e.tipoEvento, tipo)));
  return Number(row?.ultima ?? 0);
}

interface Serie {
  ambiente: AmbienteFiscal;
  modelo: ModeloFiscal;
  serie: number;
}

/** Numbers of the range some note holds (any situação), at most `limite`, in order. */
export async function numerosUsados(
  db: Executor,
  { ambiente, modelo, serie }: Serie,
  inicio: number,
  fim: number,
  limite: number,
): Promise<number[]> {
  const rows = await db
    .select({ numero: n.numero })
    .from(n)
    .where(
      and(
        eq(n.modelo, modelo),
        eq(n.serie, serie),
        eq(n.ambiente, ambiente),
        sql`${n.numero} BETWEEN ${inicio} AND ${fim}`,
      ),
    )
    .orderBy(n.numero)
    .limit(limite);
  return rows.map((row) => row.numero);
}

/** The voided ranges that overlap [inicio, fim]. */
export async function inutilizacoesSobrepostas(
  db: Executor,
  { ambiente, modelo, serie }: Serie,
  inicio: number,
  fim: number,
): Promise<Array<{ inicio: number; fim: number }>> {
  return db
    .select({ inicio: i.numeroInicial, fim: i.numeroFinal })
    .from(i)
    .where(
      and(
        eq(i.ambiente, ambiente),
        eq(i.modelo, modelo),
        eq(i.serie, serie),
        sql`${i.numeroInicial} <= ${fim} AND ${i.numeroFinal} >= ${inicio}`,
      ),
    )
    .orderBy(i.numeroInicial);
}

/** The next number the série will take (1 while none was taken). */
export async function proximoNumero(
  db: Executor,
  modelo: ModeloFiscal,
  serie: number,
): Promise<number> {
  const [row] = await db
    .select({ proximo: numeracaoFiscal.proximo })
    .from(numeracaoFiscal)
    .where(and(eq(numeracaoFiscal.modelo, modelo), eq(numeracaoFiscal.serie, serie)));
  return row?.proximo ?? 1;
}

export async function inserirInutilizacao(
  tx: Transaction,
  valores: typeof inutilizacoes.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(i).values(valores).returning({ id: i.id });
  return row!.id;
}

const INUTILIZACAO_COLUNAS = sql`i.id, i.ambiente, i.modelo::int AS modelo, i.serie::int AS serie,
  i.numero_inicial, i.numero_final, i.justificativa, i.protocolo,
  ${isoUtc(sql`i.registrada_em`)} AS registrada_em, u.nome AS usuario_nome`;

/** `alias`'s rows of an ambiente, modelo and série, each left out when not given. */
function daSerie(alias: string, filtro: Partial<Serie>): SQL {
  const coluna = (nome: string) => sql.raw(`${alias}.${nome}`);
  const condicoes = [
    filtro.ambiente ? sql`${coluna('ambiente')} = ${filtro.ambiente}` : sql`TRUE`,
    filtro.modelo ? sql`${coluna('modelo')} = ${filtro.modelo}` : undefined,
    filtro.serie !== undefined ? sql`${coluna('serie')} = ${filtro.serie}` : undefined,
  ];
  return sql.join(
    condicoes.filter((condicao) => condicao !== undefined),
    sql` AND `,
  );
}

/** GET /api/fiscal/inutilizacoes: newest first, one page and the total. */
export async function listarInutilizacoes(
  db: Executor,
  query: InutilizacoesQuery,
): Promise<{ items: Inutilizacao[]; total: number }> {
  const filtro = daSerie('i', query);
  const [items, [total]] = await Promise.all([
    selectRows<Inutilizacao>(
      db,
      sql`SELECT ${INUTILIZACAO_COLUNAS} FROM inutilizacoes i
        LEFT JOIN usuarios u ON u.id = i.usuario_id WHERE ${filtro}
        ORDER BY i.registrada_em DESC, i.id DESC LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    selectRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM inutilizacoes i WHERE ${filtro}`,
    ),
  ]);
  return { items, total: Number(total?.total ?? 0) };
}

/** One voided range with its procInutNFe. */
export async function inutilizacao(
  db: Executor,
  id: number,
): Promise<(Inutilizacao & { xml: string }) | null> {
  const [row] = await selectRows<Inutilizacao & { xml: string }>(
    db,
    sql`SELECT ${INUTILIZACAO_COLUNAS}, i.xml FROM inutilizacoes i
      LEFT JOIN usuarios u ON u.id = i.usuario_id WHERE i.id = ${id}`,
  );
  return row ?? null;
}

/**
 * GET /api/fiscal/lacunas, one query: per modelo and série of the ambiente, the numbers from 1
 * to the largest used that no note holds and no inutilização covers, as ranges. The used
 * numbers (notes, and voided ranges) are ordered with the furthest number reached before each;
 * a range starts where that number + 1 falls short of the next one. Rows read: one per note and
 * one per voided range of the séries asked.
 */
export async function lacunas(
  db: Executor,
  ambiente: AmbienteFiscal,
  query: LacunasQuery,
): Promise<LacunasSerie[]> {
  const filtro = (alias: string) =>
    daSerie(alias, { ambiente, modelo: query.modelo, serie: query.serie });
  const rows = await selectRows<{ modelo: number; serie: number; inicio: number; fim: number }>(
    db,
    sql`WITH usados AS (
        SELECT nf.modelo, nf.serie, nf.numero AS inicio, nf.numero AS fim
          FROM notas_fiscais nf WHERE ${filtro('nf')}
        UNION ALL
        SELECT i.modelo, i.serie, i.numero_inicial, i.numero_final
          FROM inutilizacoes i WHERE ${filtro('i')}
      ), ordenados AS (
        SELECT modelo, serie, inicio,
          coalesce(max(fim) OVER (PARTITION BY modelo, serie ORDER BY inicio, fim
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS alcancado
        FROM usados
      )
      SELECT modelo::int AS modelo, serie::int AS serie, alcancado + 1 AS inicio, inicio - 1 AS fim
      FROM ordenados WHERE inicio > alcancado + 1
      ORDER BY modelo, serie, inicio LIMIT ${LACUNAS_MAXIMO}`,
  );
  const series = new Map<string, LacunasSerie>();
  for (const row of rows) {
    const chave = `${row.modelo}|${row.serie}`;
    let serie = series.get(chave);
    if (!serie) {
      serie = {
        modelo: Number(row.modelo) as ModeloFiscal,
        serie: Number(row.serie),
        faixas: [],
        total: 0,
      };
      series.set(chave, serie);
    }
    const faixa = { inicio: Number(row.inicio), fim: Number(row.fim) };
    serie.faixas.push(faixa);
    serie.total += faixa.fim - faixa.inicio + 1;
  }
  return [...series.values()];
}

/** notaVivaDaVendaHook: the sale's note authorized or issued in contingency, if any. */
export async function notaVivaDaVenda(
  tx: Executor,
  vendaId: number,
): Promise<NotaQueImpedeCancelar | null> {
  const [row] = await tx
    .select({ modelo: n.modelo, numero: n.numero, situacao: n.situacao })
    .from(n)
    .where(
      and(
        eq(n.vendaId, vendaId),
        isNull(n.substituidaPorId),
        sql`${n.situacao} IN ('Autorizada', 'Em contingência')`,
      ),
    )
    .orderBy(desc(n.modelo))
    .limit(1);
  return row ? { ...row, modelo: row.modelo as ModeloFiscal } : null;
}
