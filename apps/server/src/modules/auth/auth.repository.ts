import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Role } from '@prumo/shared/auth';
import type { Executor } from '../../db/database';
import { usuariosAtivos } from '../usuarios/usuarios.repository';
import { loginLimites, sessoes } from './auth.table';
import { hashSessionToken, newSessionToken } from './session-token';

export interface AuthenticatedUser {
  id: number;
  nome: string;
  email: string;
  role: Role;
  sessionId: number;
}

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(
  db: Executor,
  usuarioId: number,
  maxAgeMs: number,
): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessoes).values({
    usuarioId,
    tokenHash: hashSessionToken(token),
    expiresAt: sql`now() + make_interval(secs => ${maxAgeMs / 1000})`,
  });
  return token;
}

/**
 * The active user behind a token, or undefined when the token is unknown, revoked, past its
 * absolute expiry, idle for longer than idleMs, or its user was disabled.
 */
export async function findSessionUser(
  db: Executor,
  token: string,
  idleMs: number,
): Promise<(AuthenticatedUser & { lastSeenAt: Date }) | undefined> {
  const usuario = usuariosAtivos(db);
  const [row] = await db
    .select({
      id: usuario.id,
      nome: usuario.nome,
      email: usuario.email,
      role: usuario.role,
      sessionId: sessoes.id,
      lastSeenAt: sessoes.lastSeenAt,
    })
    .from(sessoes)
    .innerJoin(usuario, eq(usuario.id, sessoes.usuarioId))
    .where(
      and(
        eq(sessoes.tokenHash, hashSessionToken(token)),
        gt(sessoes.expiresAt, sql`now()`),
        gt(sessoes.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the session as used now (idle expiry counts from here). */
export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(sessoes)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessoes.id, sessionId));
}

export async function deleteSession(db: Executor, sessionId: number): Promise<void> {
  await db.delete(sessoes).where(eq(sessoes.id, sessionId));
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
