import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { hashSessionToken } from '../../http/session-token';
import { DEMO_PASSWORD } from '../../seed/demo-users';
import { createTestContext, type TestContext } from '../../test/test-app';
import { testDatabaseKind } from '../../test/test-database';
import { CANAL_SESSOES } from './sessoes-em-cache';
import { createUsuario } from './usuarios.repository';

/*
 * Issue 34: a signed-in read is answered with the session from this instance's memory, and
 * whatever ends a session or changes its user ends it at once, here and on another instance on
 * the same database (a second app with its own cache and its own listening connection).
 */
let ctx: TestContext;
let outra: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  outra = await buildApp({
    db: ctx.database.db,
    avisos: ctx.database.avisos,
    config: ctx.config,
    logger: false,
  });
});
afterAll(async () => {
  await outra?.close();
  await ctx?.close();
});

let seq = 0;
/** A user of their own for each test, signed in: its id and token. */
async function novoUsuario(role: 'user' | 'admin' = 'user') {
  const email = `cache${++seq}@empresa.com.br`;
  const usuario = await createUsuario(ctx.database.db, {
    nome: `Cache ${seq}`,
    email,
    role,
    password: DEMO_PASSWORD,
  });
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  return { id: usuario.id, token: login.json<{ token: string }>().token };
}

const ler = (app: FastifyInstance, token: string, url = '/api/auth/validate') =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const comoAdmin = async (method: 'PUT' | 'POST', url: string, payload: object) =>
  ctx.request({ method, url, payload });

/** Deletes the session with its trigger off: no notice, only the database knows it is gone. */
const apagarSemAviso = (token: string) =>
  ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE sessoes DISABLE TRIGGER sessoes_avisar_fim`);
    await tx.execute(sql`DELETE FROM sessoes WHERE token_hash = ${hashSessionToken(token)}`);
    await tx.execute(sql`ALTER TABLE sessoes ENABLE TRIGGER sessoes_avisar_fim`);
  });

/** Both instances have checked the session (each holds it in memory). */
async function lidaNasDuas(token: string) {
  expect((await ler(ctx.app, token)).statusCode).toBe(200);
  expect((await ler(outra, token)).statusCode).toBe(200);
}

describe('session cache', () => {
  it('answers a known session without asking the database', async () => {
    const { token } = await novoUsuario();
    await lidaNasDuas(token);
    // Only memory can still know the session.
    await apagarSemAviso(token);
    expect((await ler(ctx.app, token)).statusCode).toBe(200);
    expect((await ler(outra, token)).statusCode).toBe(200);
  });

  it('ends a session signed out on one instance on both at once', async () => {
    const { token } = await novoUsuario();
    await lidaNasDuas(token);
    const sair = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sair.statusCode).toBe(204);
    expect((await ler(outra, token)).statusCode).toBe(401);
    expect((await ler(ctx.app, token)).statusCode).toBe(401);
  });

  it('ends a session revoked in Perfil on both at once', async () => {
    const { token } = await novoUsuario();
    const segunda = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `cache${seq}@empresa.com.br`, password: DEMO_PASSWORD },
    });
    const outraSessao = segunda.json<{ token: string }>().token;
    await lidaNasDuas(outraSessao);
    const sessoes = (await ler(ctx.app, token, '/api/perfil/sessoes')).json<
      Array<{ id: number; atual: boolean }>
    >();
    const alvo = sessoes.find((s) => !s.atual)!;
    const revogar = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/perfil/sessoes/${alvo.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revogar.statusCode).toBe(204);
    expect((await ler(outra, outraSessao)).statusCode).toBe(401);
    expect((await ler(ctx.app, outraSessao)).statusCode).toBe(401);
    expect((await ler(outra, token)).statusCode).toBe(200);
  });

  it('ends the sessions of a user disabled or given a new password on both at once', async () => {
    const desativado = await novoUsuario();
    const novaSenha = await novoUsuario();
    await lidaNasDuas(desativado.token);
    await lidaNasDuas(novaSenha.token);
    const desativar = await comoAdmin('PUT', `/api/usuarios/${desativado.id}`, {
      nome: `Cache desativado`,
      email: `desativado${seq}@empresa.com.br`,
      role: 'user',
      ativo: false,
    });
    expect(desativar.statusCode).toBe(200);
    const senha = await comoAdmin('POST', `/api/usuarios/${novaSenha.id}/senha`, {
      senha: 'outra-senha-123',
    });
    expect(senha.statusCode).toBe(204);
    for (const app of [outra, ctx.app]) {
      expect((await ler(app, desativado.token)).statusCode).toBe(401);
      expect((await ler(app, novaSenha.token)).statusCode).toBe(401);
    }
  });

  it("carries a changed role and name on both at once (the answer's user is the new one)", async () => {
    const { id, token } = await novoUsuario('admin');
    await lidaNasDuas(token);
    expect((await ler(outra, token, '/api/usuarios')).statusCode).toBe(200);
    const mudar = await comoAdmin('PUT', `/api/usuarios/${id}`, {
      nome: 'Rebaixado',
      email: `cache${seq}@empresa.com.br`,
      role: 'user',
      ativo: true,
    });
    expect(mudar.statusCode).toBe(200);
    for (const app of [outra, ctx.app]) {
      expect((await ler(app, token, '/api/usuarios')).statusCode).toBe(403);
      const { user } = (await ler(app, token)).json<{ user: object }>();
      expect(user).toMatchObject({ nome: 'Rebaixado', role: 'user' });
    }
  });

  // PostgreSQL only: the embedded database's listener is a callback in the same process.
  it.runIf(testDatabaseKind() === 'postgres')(
    'trusts nothing it knew once its listening connection is lost, and listens again',
    async () => {
      const { token } = await novoUsuario();
      await lidaNasDuas(token);
      const ouvintes = async () =>
        (
          (await ctx.database.db.execute(
            sql`SELECT pid FROM pg_stat_activity
                WHERE datname = current_database() AND application_name = ${CANAL_SESSOES}`,
          )) as unknown as { rows: Array<{ pid: number }> }
        ).rows.map((row) => row.pid);
      const antes = await ouvintes();
      expect(antes).toHaveLength(2);
      await ctx.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = ${CANAL_SESSOES}`,
      );
      // Both instances connect again (a second later): then each has dropped what it knew.
      for (let tentativa = 0; tentativa < 100; tentativa++) {
        const agora = await ouvintes();
        if (agora.length === 2 && agora.every((pid) => !antes.includes(pid))) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await ouvintes()).filter((pid) => !antes.includes(pid))).toHaveLength(2);
      await apagarSemAviso(token);
      expect((await ler(ctx.app, token)).statusCode).toBe(401);
      expect((await ler(outra, token)).statusCode).toBe(401);
    },
  );
});
