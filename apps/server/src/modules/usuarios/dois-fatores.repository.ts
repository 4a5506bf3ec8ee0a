import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  CODIGOS_RECUPERACAO_QTD,
  DOIS_FATORES_MESSAGES,
  normalizarCodigoRecuperacao,
  type DoisFatoresStatus,
} from '@prumo/shared/auth';
import type { Executor, Transaction } from '../../db/database';
import { AppError } from '../../http/errors';
import { sessoesDoUsuarioMudaram } from './sessoes-em-cache';
import { codigosRecuperacao, usuarios } from './usuarios.table';

/*
 * The second factor of a user (issue 16 item 7): a TOTP secret (RFC 6238: SHA-1, 6 digits,
 * 30-second steps, one step of tolerance either side) and ten one-time recovery codes.
 * A TOTP code is accepted once: the last accepted step is kept and only a later one passes.
 */

const EMISSOR = 'Prumo ERP';
const PERIODO_S = 30;
const JANELA = 1;

function totp(segredo: string, rotulo = 'Prumo') {
  return new TOTP({
    issuer: EMISSOR,
    label: rotulo,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIODO_S,
    secret: Secret.fromBase32(segredo),
  });
}

/**
 * The time step a code belongs to when it is right for `segredo` at `agora` (within the window),
 * otherwise null. Reading the clock through Date.now() lets tests fix it.
 */
export function passoDoCodigo(segredo: string, codigo: string, agora = Date.now()): number | null {
  const delta = totp(segredo).validate({ token: codigo, timestamp: agora, window: JANELA });
  if (delta === null) return null;
  return Math.floor(agora / 1000 / PERIODO_S) + delta;
}

/** A recovery code as stored: SHA-256 of its normalised text. */
export function hashCodigoRecuperacao(codigo: string): string {
  return createHash('sha256').update(normalizarCodigoRecuperacao(codigo)).digest('hex');
}

// No 0/o, 1/l/i: easy to copy by hand from paper.
const ALFABETO = 'abcdefghjkmnpqrstuvwxyz23456789';

function novoCodigoRecuperacao(): string {
  let codigo = '';
  for (let i = 0; i < 10; i += 1) codigo += ALFABETO[randomInt(ALFABETO.length)];
  return `${codigo.slice(0, 5)}-${codigo.slice(5)}`;
}

/**
 * The company's switch (Configurações → Preferências, column preferencias.dois_fatores_obrigatorio)
 * as an SQL expression: read in the same query as the rest, by name, so this module does not
 * reach into the configuracoes module's tables.
 */
export const SQL_DOIS_FATORES_OBRIGATORIO = sql<boolean>`coalesce((SELECT p.dois_fatores_obrigatorio FROM preferencias p WHERE p.id = 1), false)`;

/** Whether the company requires every user to have two factors. */
export async function doisFatoresObrigatorio(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ obrigatorio: SQL_DOIS_FATORES_OBRIGATORIO })
    .from(usuarios)
    .limit(1);
  return row?.obrigatorio === true;
}

export async function statusDoisFatores(
  db: Executor,
  usuarioId: number,
): Promise<DoisFatoresStatus> {
  const [[usuario], [codigos], obrigatorio] = await Promise.all([
    db
      .select({ ativadoEm: usuarios.doisFatoresAtivadoEm })
      .from(usuarios)
      .where(eq(usuarios.id, usuarioId)),
    db
      .select({ restantes: count() })
      .from(codigosRecuperacao)
      .where(and(eq(codigosRecuperacao.usuarioId, usuarioId), isNull(codigosRecuperacao.usadoEm))),
    doisFatoresObrigatorio(db),
  ]);
  const ativadoEm = usuario?.ativadoEm ?? null;
  return {
    ativado: ativadoEm !== null,
    ativado_em: ativadoEm?.toISOString() ?? null,
    codigos_restantes: ativadoEm ? Number(codigos?.restantes ?? 0) : 0,
    obrigatorio,
  };
}

/**
 * A new secret, pending until a code confirms it (a new setup replaces a pending one). Refused
 * while the second factor is on: turning it off first needs the password.
 */
export async function configurarDoisFatores(
  tx: Transaction,
  usuarioId: number,
  email: string,
): Promise<{ segredo: string; otpauth_url: string }> {
  const segredo = new Secret({ size: 20 }).base32;
  const rows = await tx
    .update(usuarios)
    .set({ totpSegredo: segredo, totpUltimoPasso: null })
    .where(and(eq(usuarios.id, usuarioId), isNull(usuarios.doisFatoresAtivadoEm)))
    .returning({ id: usuarios.id });
  if (rows.length === 0) throw new AppError('REGRA_VIOLADA', DOIS_FATORES_MESSAGES.jaAtivado);
  return { segredo, otpauth_url: totp(segredo, email).toString() };
}

/**
 * Confirms the pending secret with a code from the app: the second factor is on from now, and
 * ten new recovery codes replace any old ones (answered this once; only hashes are kept).
 */
export async function ativarDoisFatores(
  tx: Transaction,
  usuarioId: number,
  codigo: string,
): Promise<string[]> {
  const [usuario] = await tx
    .select({ segredo: usuarios.totpSegredo, ativadoEm: usuarios.doisFatoresAtivadoEm })
    .from(usuarios)
    .where(eq(usuarios.id, usuarioId))
    .for('update');
  if (usuario?.ativadoEm) throw new AppError('REGRA_VIOLADA', DOIS_FATORES_MESSAGES.jaAtivado);
  if (!usuario?.segredo) throw new AppError('REGRA_VIOLADA', DOIS_FATORES_MESSAGES.semConfiguracao);
  const passo = passoDoCodigo(usuario.segredo, codigo);
  if (passo === null) {
    const message = DOIS_FATORES_MESSAGES.codigoInvalido;
    throw new AppError('VALIDATION_ERROR', message, { codigo: message });
  }
  await tx
    .update(usuarios)
    .set({ doisFatoresAtivadoEm: sql`now()`, totpUltimoPasso: passo, updatedAt: sql`now()` })
    .where(eq(usuarios.id, usuarioId));
  void sessoesDoUsuarioMudaram(usuarioId);
  const codigos = Array.from({ length: CODIGOS_RECUPERACAO_QTD }, novoCodigoRecuperacao);
  await tx.delete(codigosRecuperacao).where(eq(codigosRecuperacao.usuarioId, usuarioId));
  await tx
    .insert(codigosRecuperacao)
    .values(codigos.map((c) => ({ usuarioId, codigoHash: hashCodigoRecuperacao(c) })));
  return codigos;
}

/** Turns the second factor off (own request with the password, or an admin's reset). */
export async function removerDoisFatores(tx: Executor, usuarioId: number): Promise<boolean> {
  const rows = await tx
    .update(usuarios)
    .set({
      totpSegredo: null,
      totpUltimoPasso: null,
      doisFatoresAtivadoEm: null,
      updatedAt: sql`now()`,
    })
    .where(eq(usuarios.id, usuarioId))
    .returning({ id: usuarios.id });
  if (rows.length > 0) void sessoesDoUsuarioMudaram(usuarioId);
  await tx.delete(codigosRecuperacao).where(eq(codigosRecuperacao.usuarioId, usuarioId));
  return rows.length > 0;
}

/**
 * Checks a second-factor code at sign-in and spends it: a 6-digit TOTP code whose step is later
 * than the last accepted one (one atomic update, so two requests cannot both use it), or an
 * unused recovery code (marked used in the same statement).
 */
export async function consumirCodigo(
  db: Executor,
  usuarioId: number,
  codigo: string,
): Promise<boolean> {
  const digitos = codigo.replace(/\s+/g, '');
  if (/^\d{6}$/.test(digitos)) {
    const [usuario] = await db
      .select({ segredo: usuarios.totpSegredo, ativadoEm: usuarios.doisFatoresAtivadoEm })
      .from(usuarios)
      .where(eq(usuarios.id, usuarioId));
    if (!usuario?.segredo || !usuario.ativadoEm) return false;
    const passo = passoDoCodigo(usuario.segredo, digitos);
    if (passo === null) return false;
    const aceitos = await db
      .update(usuarios)
      .set({ totpUltimoPasso: passo })
      .where(
        and(
          eq(usuarios.id, usuarioId),
          or(isNull(usuarios.totpUltimoPasso), lt(usuarios.totpUltimoPasso, passo)),
        ),
      )
      .returning({ id: usuarios.id });
    return aceitos.length > 0;
  }
  const usados = await db
    .update(codigosRecuperacao)
    .set({ usadoEm: sql`now()` })
    .where(
      and(
        eq(codigosRecuperacao.usuarioId, usuarioId),
        eq(codigosRecuperacao.codigoHash, hashCodigoRecuperacao(codigo)),
        isNull(codigosRecuperacao.usadoEm),
      ),
    )
    .returning({ id: codigosRecuperacao.id });
  return usados.length > 0;
}
