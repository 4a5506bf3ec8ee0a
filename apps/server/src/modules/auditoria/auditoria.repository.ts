import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditoriaEntrada, AuditoriaListQuery } from '@prumo/shared/auditoria';
import type { Executor, Transaction } from '../../db/database';
import { containsSearch } from '../../db/sql-helpers';
import { settingsPending, withTransactionSettings } from '../../db/transaction-settings';
import type { AuthenticatedUser } from '../../http/authenticated-user';
import { auditoria } from './auditoria.table';

/** Who makes a change: the signed-in user; none for the system (seed, command line). */
export type Ator = Pick<AuthenticatedUser, 'id' | 'nome'> | null;

/**
 * Runs a write in one transaction that names its author for the audit trail. The trail itself
 * is written by the database (trigger "auditar", migration 0006) for every audited table, in
 * this same transaction, so every route that writes wraps its work here and only here.
 */
export async function comAuditoria<T>(
  db: Executor,
  ator: Ator,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (!ator) return db.transaction((tx) => work(tx as Transaction));
  const autor = { 'prumo.usuario_id': String(ator.id), 'prumo.usuario_nome': ator.nome };
  // On PostgreSQL the author goes with the BEGIN (db/transaction-settings.ts).
  return withTransactionSettings(autor, () =>
    db.transaction(async (tx) => {
      const faltam = Object.entries(settingsPending());
      if (faltam.length) {
        const chamadas = faltam.map(([nome, valor]) => sql`set_config(${nome}, ${valor}, true)`);
        await tx.execute(sql`SELECT ${sql.join(chamadas, sql`, `)}`);
      }
      return work(tx as Transaction);
    }),
  );
}

function toEntrada(row: typeof auditoria.$inferSelect): AuditoriaEntrada {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    usuario_id: row.usuarioId,
    usuario_nome: row.usuarioNome,
    acao: row.acao as AuditoriaEntrada['acao'],
    recurso: row.recurso,
    registro_id: row.registroId,
    antes: row.antes as AuditoriaEntrada['antes'],
    depois: row.depois as AuditoriaEntrada['depois'],
  };
}

/** Start of a calendar day in the company's time zone, as a timestamptz. */
const startOfDay = (day: string, timeZone: string) =>
  sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;

function listConditions(query: AuditoriaListQuery, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.recurso ? eq(auditoria.recurso, query.recurso) : undefined,
    query.registro_id ? eq(auditoria.registroId, query.registro_id) : undefined,
    query.usuario_id ? eq(auditoria.usuarioId, query.usuario_id) : undefined,
    query.acao ? eq(auditoria.acao, query.acao) : undefined,
    query.de ? gte(auditoria.createdAt, startOfDay(query.de, timeZone)) : undefined,
    query.ate
      ? lt(auditoria.createdAt, sql`${startOfDay(query.ate, timeZone)} + interval '1 day'`)
      : undefined,
    query.q
      ? sql`(${containsSearch(query.q, auditoria.usuarioNome, auditoria.recurso, auditoria.registroId)})`
      : undefined,
  ];
  return and(...conditions.filter((condition): condition is SQL => condition !== undefined));
}

/** GET /api/auditoria: newest first, one page, and how many entries the filter matches. */
export async function listAuditoria(
  db: Executor,
  query: AuditoriaListQuery,
  timeZone: string,
): Promise<{ items: AuditoriaEntrada[]; total: number }> {
  const where = listConditions(query, timeZone);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditoria)
      .where(where)
      .orderBy(desc(auditoria.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(auditoria).where(where),
  ]);
  return { items: rows.map(toEntrada), total: totals?.total ?? 0 };
}

/** GET /api/auditoria/{recurso}/{registro_id}: the whole history of one record, newest first. */
export async function historicoRegistro(
  db: Executor,
  recurso: string,
  registroId: string,
): Promise<AuditoriaEntrada[]> {
  const rows = await db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.recurso, recurso), eq(auditoria.registroId, registroId)))
    .orderBy(desc(auditoria.id));
  return rows.map(toEntrada);
}
