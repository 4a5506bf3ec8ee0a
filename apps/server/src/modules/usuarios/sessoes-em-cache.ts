import { randomUUID } from 'node:crypto';
import type { AuthenticatedUser } from '../../http/authenticated-user';
import type { Canal, Ouvinte } from '../../db/avisos';

/** The channel the database's triggers (migration 0035) tell of ended or changed sessions on. */
export const CANAL_SESSOES = 'prumo_sessoes';

/** A session as the database last answered for it, with the limits it has to keep. */
export interface SessaoConferida extends AuthenticatedUser {
  lastSeenAt: Date;
  expiresAt: Date;
  faltaDoisFatores: boolean;
}

/** Enough for a shop's users many times over; past it the oldest checked goes first. */
const MAXIMO = 10_000;
/** How long a request that ended sessions waits for each step of the news going round. */
const ESPERA_MS = 500;

/** Waits for `ouvido` to be called, or gives up after ESPERA_MS. */
function esperar(registrar: (ouvido: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const fim = setTimeout(resolve, ESPERA_MS);
    registrar(() => {
      clearTimeout(fim);
      resolve();
    });
  });
}

/**
 * The sessions this instance has checked, by token hash, so that a signed-in read is one round
 * trip (issue 34). Trusted only while the instance listens to the database's notices: every
 * sign-out, revoked session, disabled user, changed role or two-factor rule is told to every
 * instance when it commits (the triggers of migration 0035). The request that made the change
 * answers only once every instance has heard it (`esperarAviso`), so "at once" holds across
 * instances. Limits are checked here on every use: the absolute expiry, and the idle limit
 * against the last use this instance knows (another instance's later use only makes the
 * database's answer kinder, so a session idle here is looked up again, never refused from
 * memory).
 */
export class SessoesEmCache implements Ouvinte {
  private readonly porToken = new Map<string, SessaoConferida>();
  private canal: Canal | null = null;
  /** Bumped by every notice: a lookup that started before one is not kept (it may be stale). */
  private geracao = 0;
  /** Notices this instance caused and is waiting to hear (PostgreSQL delivers them later). */
  private readonly ecos = new Map<string, Array<() => void>>();
  /** Rounds this instance started (sync:<id>), each counting the instances that answered. */
  private readonly rodadas = new Map<string, () => void>();
  /** What answers wait for: each gone once done (or given up). */
  private readonly pendentes = new Set<Promise<void>>();

  constructor(private readonly avisosAssincronos: boolean) {}

  /** The session if it is known and still within its limits; undefined means ask the database. */
  buscar(tokenHash: string, idleMs: number): SessaoConferida | undefined {
    if (!this.canal) return undefined;
    const sessao = this.porToken.get(tokenHash);
    if (!sessao) return undefined;
    const agora = Date.now();
    if (sessao.expiresAt.getTime() <= agora || agora - sessao.lastSeenAt.getTime() >= idleMs) {
      this.porToken.delete(tokenHash);
      return undefined;
    }
    return sessao;
  }

  /** Where a lookup starts: pass it to `guardar` with what the database answered. */
  marca(): number {
    return this.geracao;
  }

  guardar(tokenHash: string, sessao: SessaoConferida, marca: number): void {
    if (!this.canal || marca !== this.geracao) return;
    if (this.porToken.size >= MAXIMO) this.porToken.delete(this.porToken.keys().next().value!);
    this.porToken.set(tokenHash, sessao);
  }

  /**
   * A notice: 's:<session>', 'u:<user>' or '*' from the triggers; 'sync:<id>', an instance
   * asking every instance to say it has heard all before it ('ok:<id>').
   */
  aviso(payload: string): void {
    if (payload.startsWith('sync:')) {
      void this.canal?.enviar(`ok:${payload.slice(5)}`).catch(() => {});
      return;
    }
    if (payload.startsWith('ok:')) return this.rodadas.get(payload.slice(3))?.();
    this.geracao++;
    const [tipo, id] = [payload.slice(0, 2), Number(payload.slice(2))];
    if (tipo === 's:' || tipo === 'u:') {
      for (const [token, sessao] of this.porToken) {
        if ((tipo === 's:' ? sessao.sessionId : sessao.id) === id) this.porToken.delete(token);
      }
    } else {
      this.porToken.clear();
    }
    for (const ouvido of this.ecos.get(payload) ?? []) ouvido();
    this.ecos.delete(payload);
  }

  ouvindo(canal: Canal | null): void {
    // Notices may have been missed while deaf: nothing known before is trusted after.
    this.porToken.clear();
    this.geracao++;
    this.canal = canal;
  }

  /**
   * A change of this instance, not yet committed, will send `payload`. Resolves once it is
   * heard here and every instance has answered a round sent after it (notices reach each
   * listener in commit order); at once on the embedded database, which is one instance and calls
   * its listeners inside the statement. Until then `ecosPendentes` holds the answers.
   */
  esperarAviso(payload: string): Promise<void> {
    if (!this.avisosAssincronos || !this.canal) return Promise.resolve();
    const ecos = this.ecos.get(payload) ?? [];
    this.ecos.set(payload, ecos);
    const pronto = esperar((ouvido) => ecos.push(ouvido))
      .then(() => this.rodada())
      .finally(() => this.pendentes.delete(pronto));
    this.pendentes.add(pronto);
    return pronto;
  }

  /** Every listening instance answers a round of this one's: they have heard all before it. */
  private async rodada(): Promise<void> {
    const canal = this.canal;
    if (!canal) return;
    const id = randomUUID();
    try {
      let faltam = await canal.ouvintes();
      const respondida = esperar((ouvido) =>
        this.rodadas.set(id, () => {
          if (--faltam <= 0) ouvido();
        }),
      );
      await canal.enviar(`sync:${id}`);
      await respondida;
    } catch {
      // The listening connection was lost: this instance trusts nothing until it is back.
    } finally {
      this.rodadas.delete(id);
    }
  }

  /** Before the answer of a request that ended sessions (the auth plugin's onSend). */
  ecosPendentes(): Promise<unknown> | undefined {
    return this.pendentes.size > 0 ? Promise.all(this.pendentes) : undefined;
  }
}

/** This process's caches (tests run several apps in one). */
const caches = new Set<SessoesEmCache>();

export function registrarCache(cache: SessoesEmCache): () => void {
  caches.add(cache);
  return () => caches.delete(cache);
}

/*
 * Called inside the transaction that ends sessions or changes what they carry, after its
 * statement and before its commit (so the notice cannot come first): the request answers once
 * this instance has heard the database's notice. Resolve then too (tests that change the
 * database behind the app's back wait on them).
 */
export const sessaoTerminou = (sessionId: number) => esperarAviso(`s:${sessionId}`);
/** A user's name, e-mail, role, active flag or second factor changed. */
export const sessoesDoUsuarioMudaram = (usuarioId: number) => esperarAviso(`u:${usuarioId}`);
/** The company's preferences changed (the two-factor rule every session is checked against). */
export const regraDasSessoesMudou = () => esperarAviso('*');

function esperarAviso(payload: string): Promise<unknown> {
  return Promise.all([...caches].map((cache) => cache.esperarAviso(payload)));
}
