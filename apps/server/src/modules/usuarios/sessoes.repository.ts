import { and, asc, eq, gt, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Sessao } from '@prumo/shared/auth';
import type { Database, Executor } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { usuariosAtivos } from './usuarios.repository';
import { SQL_DOIS_FATORES_OBRIGATORIO } from './dois-fatores.repository';
import { desafiosLogin, loginLimites, sessoes } from './sessoes.table';
import { hashSessionToken, newSessionToken } from '../../http/session-token';
import { sessaoTerminou, type SessaoConferida, type SessoesEmCache } from './sessoes-em-cache';

// For other modules, which reach this one through its repositories only.
export { regraDasSessoesMudou } from './sessoes-em-cache';

/** Where a session is opened from: the browser's User-Agent and the client's IP. */
export interface OrigemSessao {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(
  db: Executor,
  usuarioId: number,
  maxAgeMs: number,
  origem: OrigemSessao = {},
): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessoes).values({
    usuarioId,
    tokenHash: hashSessionToken(token),
    userAgent: origem.userAgent?.trim().slice(0, 300) || null,
    ip: origem.ip?.slice(0, 64) || null,
    expiresAt: sql`now() + make_interval(secs => ${maxAgeMs / 1000})`,
  });
  return token;
}

// The lookup every signed-in request makes: prepared once.
const sessaoUsuario = preparedPerDatabase((db) => {
  const usuario = usuariosAtivos(db);
  return db
    .select({
      id: usuario.id,
      nome: usuario.nome,
      email: usuario.email,
      role: usuario.role,
      sessionId: sessoes.id,
      lastSeenAt: sessoes.lastSeenAt,
      expiresAt: sessoes.expiresAt,
      faltaDoisFatores: sql<boolean>`(${usuario.doisFatores} = false AND ${SQL_DOIS_FATORES_OBRIGATORIO})`,
    })
    .from(sessoes)
    .innerJoin(usuario, eq(usuario.id, sessoes.usuarioId))
    .where(
      and(
        eq(sessoes.tokenHash, sql.placeholder('tokenHash')),
        gt(sessoes.expiresAt, sql`now()`),
        gt(
          sessoes.lastSeenAt,
          sql`now() - make_interval(secs => ${sql.placeholder('idleSeconds')}::double precision)`,
        ),
      ),
    )
    .limit(1)
    .prepare('sessao_usuario');
});

/**
 * The active user behind a token, or undefined when the token is unknown, revoked, past its
 * absolute expiry, idle for longer than idleMs, or its user was disabled. `faltaDoisFatores`
 * tells that the company requires two factors and this user has not set them up (same query).
 * Answered from this instance's cache when it knows the session, else from the database.
 */
export async function findSessionUser(
  db: Database,
  cache: SessoesEmCache,
  token: string,
  idleMs: number,
): Promise<SessaoConferida | undefined> {
  const tokenHash = hashSessionToken(token);
  const conhecida = cache.buscar(tokenHash, idleMs);
  if (conhecida) return conhecida;
  const marca = cache.marca();
  const [row] = await sessaoUsuario(db).execute({ tokenHash, idleSeconds: idleMs / 1000 });
  if (row) cache.guardar(tokenHash, row, marca);
  return row;
}

/** Marks the session as used now (idle expiry counts from here). */
export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(sessoes)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessoes.id, sessionId));
}

/**
 * Ends the sessions `onde` picks, in a transaction of its own (a savepoint inside a caller's), so
 * that each one's notice is awaited before it commits (sessoes-em-cache.ts). Their ids.
 */
async function encerrarSessoes(db: Executor, onde: SQL | undefined): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(sessoes).where(onde).returning({ id: sessoes.id });
    for (const { id } of rows) void sessaoTerminou(id);
    return rows.map(({ id }) => id);
  });
}

export async function deleteSession(db: Executor, sessionId: number): Promise<void> {
  await encerrarSessoes(db, eq(sessoes.id, sessionId));
}

/**
 * Ends every session of a user (disabled, or given a new password), or every one but `keep`
 * (the user changed their own password in the session `keep`).
 */
export async function deleteSessionsOfUsuario(
  db: Executor,
  usuarioId: number,
  keep?: number,
): Promise<void> {
  await encerrarSessoes(
    db,
    and(eq(sessoes.usuarioId, usuarioId), keep === undefined ? undefined : ne(sessoes.id, keep)),
  );
}

/** A user's sessions that can still be used, oldest first; `atual` marks `current`. */
export async function listSessionsOfUsuario(
  db: Executor,
  usuarioId: number,
  current: number,
  idleMs: number,
): Promise<Sessao[]> {
  const rows = await db
    .select()
    .from(sessoes)
    .where(
      and(
        eq(sessoes.usuarioId, usuarioId),
        gt(sessoes.expiresAt, sql`now()`),
        gt(sessoes.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
      ),
    )
    .orderBy(asc(sessoes.createdAt), asc(sessoes.id));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    user_agent: row.userAgent,
    ip: row.ip,
    atual: row.id === current,
  }));
}

/** Ends one session of this user; false when it is not theirs (or no longer exists). */
export async function deleteSessionOfUsuario(
  db: Executor,
  usuarioId: number,
  sessionId: number,
): Promise<boolean> {
  const ids = await encerrarSessoes(
    db,
    and(eq(sessoes.id, sessionId), eq(sessoes.usuarioId, usuarioId)),
  );
  return ids.length > 0;
}

/** Housekeeping on sign-in: drops sessions that can no longer be used. */
export async function deleteExpiredSessions(db: Executor, idleMs: number): Promise<void> {
  await db
    .delete(sessoes)
    .where(
      or(
        lt(sessoes.expiresAt, sql`now()`),
        lt(sessoes.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
      ),
    );
}

/**
 * Counts one sign-in attempt against `chave` (an IP or an e-mail) in a window of `windowMs` and
 * answers the attempts in the current window, this one included. One atomic statement on the
 * shared database, so every app instance counts the same attempts.
 */
export async function contarTentativaLogin(
  db: Executor,
  chave: string,
  windowMs: number,
): Promise<number> {
  const janela = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(loginLimites)
    .values({ chave, tentativas: 1, janelaFimEm: janela })
    .onConflictDoUpdate({
      target: loginLimites.chave,
      set: {
        tentativas: sql`CASE WHEN ${loginLimites.janelaFimEm} <= now() THEN 1 ELSE ${loginLimites.tentativas} + 1 END`,
        janelaFimEm: sql`CASE WHEN ${loginLimites.janelaFimEm} <= now() THEN ${janela} ELSE ${loginLimites.janelaFimEm} END`,
      },
    })
    .returning({ tentativas: loginLimites.tentativas });
  return row!.tentativas;
}

/** The attempts counted against `chave` in its current window (0 when none or over). */
export async function tentativasLogin(db: Executor, chave: string): Promise<number> {
  const [row] = await db
    .select({ tentativas: loginLimites.tentativas })
    .from(loginLimites)
    .where(and(eq(loginLimites.chave, chave), gt(loginLimites.janelaFimEm, sql`now()`)));
  return row?.tentativas ?? 0;
}

/** Housekeeping on sign-in: drops counters whose window is over. */
export async function deleteExpiredLoginLimites(db: Executor): Promise<void> {
  await db.delete(loginLimites).where(lt(loginLimites.janelaFimEm, sql`now()`));
}

/** A sign-in challenge's lifetime and the wrong codes it takes. */
export interface LimitesDesafio {
  validadeMs: number;
  tentativas: number;
}

/** The password was right and the user has two factors: a challenge the code completes. */
export async function criarDesafioLogin(
  db: Executor,
  usuarioId: number,
  validadeMs: number,
): Promise<string> {
  await db.delete(desafiosLogin).where(lt(desafiosLogin.expiresAt, sql`now()`));
  const token = newSessionToken();
  await db.insert(desafiosLogin).values({
    tokenHash: hashSessionToken(token),
    usuarioId,
    expiresAt: sql`now() + make_interval(secs => ${validadeMs / 1000})`,
  });
  return token;
}

/**
 * Counts one attempt on a challenge still valid and with attempts left (one atomic statement,
 * so parallel guesses each count) and answers its user and the attempts so far; undefined when
 * the challenge is unknown, expired or used up.
 */
export async function tentarDesafioLogin(
  db: Executor,
  token: string,
  maxTentativas: number,
): Promise<{ usuarioId: number; tentativas: number } | undefined> {
  const [row] = await db
    .update(desafiosLogin)
    .set({ tentativas: sql`${desafiosLogin.tentativas} + 1` })
    .where(
      and(
        eq(desafiosLogin.tokenHash, hashSessionToken(token)),
        gt(desafiosLogin.expiresAt, sql`now()`),
        lt(desafiosLogin.tentativas, maxTentativas),
      ),
    )
    .returning({ usuarioId: desafiosLogin.usuarioId, tentativas: desafiosLogin.tentativas });
  return row;
}

/** Ends a challenge; false when it was already gone (completed by a parallel request). */
export async function encerrarDesafioLogin(db: Executor, token: string): Promise<boolean> {
  const rows = await db
    .delete(desafiosLogin)
    .where(eq(desafiosLogin.tokenHash, hashSessionToken(token)))
    .returning({ usuarioId: desafiosLogin.usuarioId });
  return rows.length > 0;
}

/** Ends every pending challenge of a user (their second factor was reset). */
export async function encerrarDesafiosDoUsuario(db: Executor, usuarioId: number): Promise<void> {
  await db.delete(desafiosLogin).where(eq(desafiosLogin.usuarioId, usuarioId));
}
