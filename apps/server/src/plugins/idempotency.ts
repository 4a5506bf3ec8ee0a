import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { AppError } from '../http/errors';
import { idempotencia } from '../modules/idempotencia/idempotencia.table';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honours an Idempotency-Key header: the same key and body answer the first result again.
     * For POSTs that create documents and for status changes.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set while this request owns an Idempotency-Key, so its answer is stored at the end. */
    idempotencyKey?: string;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Answers are kept this long; after it the same key is a new request. */
const KEEP_MS = 24 * 60 * 60_000;

export const IDEMPOTENCY_MESSAGES = {
  chaveInvalida: 'A chave de idempotência deve ter de 1 a 255 caracteres visíveis.',
  outraRequisicao: 'Esta chave de idempotência já foi usada com outra requisição.',
  emAndamento:
    'Uma requisição com esta chave de idempotência ainda está em andamento. Aguarde e tente novamente.',
} as const;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Idempotency keys kept in the database, so a retry that reaches another app instance is
 * answered the same: the first request with a key claims it (one INSERT); its 2xx answer is
 * stored when it is sent; a repeat with the same body gets that answer again with
 * `Idempotent-Replayed: true`. A failed first request (4xx or 5xx) releases the key, so the
 * client may retry it.
 */
export const idempotencyPlugin = fp<{ db: Database }>(async (app, { db }) => {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const chave = Array.isArray(header) ? header[0]! : header;
    if (!/^[\x21-\x7e]{1,255}$/.test(chave)) {
      throw new AppError('VALIDATION_ERROR', IDEMPOTENCY_MESSAGES.chaveInvalida, {
        [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.chaveInvalida,
      });
    }
    const usuarioId = request.user.id;
    const requisicao = `${request.method} ${request.url}`;
    const corpoHash = hash(JSON.stringify(request.body ?? null));

    // Old answers go first, so an expired key is simply claimed again.
    await db
      .delete(idempotencia)
      .where(
        and(
          eq(idempotencia.usuarioId, usuarioId),
          eq(idempotencia.chave, chave),
          lt(idempotencia.createdAt, sql`now() - make_interval(secs => ${KEEP_MS / 1000})`),
        ),
      );
    const claimed = await db
      .insert(idempotencia)
      .values({ usuarioId, chave, requisicao, corpoHash })
      .onConflictDoNothing()
      .returning({ chave: idempotencia.chave });
    if (claimed.length > 0) {
      request.idempotencyKey = chave;
      return;
    }

    const [first] = await db
      .select()
      .from(idempotencia)
      .where(and(eq(idempotencia.usuarioId, usuarioId), eq(idempotencia.chave, chave)));
    if (!first) throw new AppError('IDEMPOTENCIA_EM_ANDAMENTO', IDEMPOTENCY_MESSAGES.emAndamento);
    if (first.requisicao !== requisicao || first.corpoHash !== corpoHash) {
      throw new AppError('IDEMPOTENCIA_CONFLITO', IDEMPOTENCY_MESSAGES.outraRequisicao, {
        [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.outraRequisicao,
      });
    }
    if (first.status === null)
      throw new AppError('IDEMPOTENCIA_EM_ANDAMENTO', IDEMPOTENCY_MESSAGES.emAndamento);
    reply.code(first.status).header('idempotent-replayed', 'true');
    if (first.resposta === null) return reply.send();
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(first.resposta));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const chave = request.idempotencyKey;
    if (chave === undefined) return payload;
    request.idempotencyKey = undefined;
    const where = and(
      eq(idempotencia.usuarioId, request.user.id),
      eq(idempotencia.chave, chave),
      isNull(idempotencia.status),
    );
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      // Registered before compression, so the payload is still the JSON text (or empty).
      const resposta = typeof payload === 'string' && payload !== '' ? JSON.parse(payload) : null;
      await db
        .update(idempotencia)
        .set({ status: reply.statusCode, resposta: resposta as unknown })
        .where(where);
    } else {
      await db.delete(idempotencia).where(where);
    }
    return payload;
  });
});
