import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_LOGIN_MESSAGE, INVALID_LOGIN_MESSAGE } from '@prumo/shared/auth';
import { DEMO_PASSWORD } from '../../seed/demo-users';
import {
  ADMIN_EMAIL,
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';
import { createUsuario } from '../usuarios/usuarios.repository';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const login = (email: string, password: string, context = ctx) =>
  context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const validate = (token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/auth/validate',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('POST /api/auth/login', () => {
  it('answers token and user (nome, email, role) for the demo admin', async () => {
    const response = await login(ADMIN_EMAIL, DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user).toEqual({ nome: 'Ana Administradora', email: ADMIN_EMAIL, role: 'admin' });
    expect(response.body).not.toContain('senha');
  });

  it('signs in each demo role and ignores the e-mail case', async () => {
    expect((await login(MANAGER_EMAIL, DEMO_PASSWORD)).json().user.role).toBe('manager');
    expect((await login(USER_EMAIL.toUpperCase(), DEMO_PASSWORD)).json().user.role).toBe('user');
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login(USER_EMAIL, 'errada');
    const unknownEmail = await login('ninguem@empresa.com.br', 'errada');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'UNAUTHORIZED', message: INVALID_LOGIN_MESSAGE });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('refuses a disabled user with the same message', async () => {
    await createUsuario(ctx.database.db, {
      nome: 'Ex Funcionário',
      email: 'inativo@empresa.com.br',
      role: 'user',
      password: 'segredo123',
      ativo: false,
    });
    const response = await login('inativo@empresa.com.br', 'segredo123');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(INVALID_LOGIN_MESSAGE);
  });

  it('requires both fields with the spec message and rejects unknown fields', async () => {
    const empty = await login('', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: EMPTY_LOGIN_MESSAGE });
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: DEMO_PASSWORD, role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ role: 'Campo não permitido' });
  });

  it('answers 400, not 500, to malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('VALIDATION_ERROR');
  });
});

describe('sessions', () => {
  it('validates a token and answers 401 without one or with a bad one', async () => {
    const token = await ctx.login();
    expect((await validate(token)).statusCode).toBe(200);
    expect((await validate()).statusCode).toBe(401);
    expect((await validate('nao-e-um-token')).statusCode).toBe(401);
    expect((await validate()).json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it('keeps only a hash of the token in the database', async () => {
    const token = await ctx.login();
    const rows = await ctx.database.db.execute(sql`SELECT token_hash FROM sessoes`);
    const hashes = (rows as unknown as { rows: Array<{ token_hash: string }> }).rows.map(
      (row) => row.token_hash,
    );
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(token);
    expect(hashes.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
  });

  it('revokes the token on logout', async () => {
    const token = await ctx.login();
    const headers = { authorization: `Bearer ${token}` };
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(logout.statusCode).toBe(204);
    expect((await validate(token)).statusCode).toBe(401);
  });

  it('ends a session after the idle time and after the absolute expiry', async () => {
    const idle = await ctx.login();
    const old = await ctx.login();
    const { hashSessionToken } = await import('../../http/session-token');
    await ctx.database.db.execute(
      sql`UPDATE sessoes SET last_seen_at = now() - interval '9 hours' WHERE token_hash = ${hashSessionToken(idle)}`,
    );
    await ctx.database.db.execute(
      sql`UPDATE sessoes SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashSessionToken(old)}`,
    );
    expect((await validate(idle)).statusCode).toBe(401);
    expect((await validate(old)).statusCode).toBe(401);
  });

  it('does not let the background validation keep an idle session alive', async () => {
    const token = await ctx.login();
    const { hashSessionToken } = await import('../../http/session-token');
    const hash = hashSessionToken(token);
    await ctx.database.db.execute(
      sql`UPDATE sessoes SET last_seen_at = now() - interval '2 hours' WHERE token_hash = ${hash}`,
    );
    expect((await validate(token)).statusCode).toBe(200);
    const usersCall = await ctx.app.inject({
      method: 'GET',
      url: '/api/usuarios',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(usersCall.statusCode).toBe(200);
    const result = await ctx.database.db.execute(
      sql`SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM sessoes WHERE token_hash = ${hash}`,
    );
    expect((result as unknown as { rows: Array<{ fresh: boolean }> }).rows[0]?.fresh).toBe(true);
  });
});

describe('protection of /api', () => {
  it.each([
    ['GET', '/api/auth/validate'],
    ['POST', '/api/auth/logout'],
    ['GET', '/api/usuarios'],
    ['GET', '/api/rota-que-nao-existe'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const response = await ctx.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
  });

  it('enforces roles on the server (403 with a pt-BR message)', async () => {
    const asManager = await ctx.request({ method: 'GET', url: '/api/usuarios', as: MANAGER_EMAIL });
    const asUser = await ctx.request({ method: 'GET', url: '/api/usuarios', as: USER_EMAIL });
    const asAdmin = await ctx.request({ method: 'GET', url: '/api/usuarios' });
    expect(asManager.statusCode).toBe(403);
    expect(asUser.statusCode).toBe(403);
    expect(asManager.json()).toEqual({
      error: 'FORBIDDEN',
      message: 'Você não tem permissão para realizar esta ação.',
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().map((u: { email: string }) => u.email)).toContain(ADMIN_EMAIL);
  });

  it('answers 404 in JSON for an unknown route of a signed-in user', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/rota-que-nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('NOT_FOUND');
  });
});

describe('login rate limiting', () => {
  it('blocks an e-mail after repeated failures, even with the right password, with 429', async () => {
    const limited = await createTestContext({ loginRateLimit: { failuresPerEmail: 3 } });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await login(USER_EMAIL, 'errada', limited)).statusCode).toBe(401);
      }
      const blocked = await login(USER_EMAIL, DEMO_PASSWORD, limited);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        error: 'RATE_LIMITED',
        message: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
      });
      expect((await login(ADMIN_EMAIL, DEMO_PASSWORD, limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits attempts per IP address', async () => {
    const limited = await createTestContext({ loginRateLimit: { perIpPerMinute: 2 } });
    try {
      expect((await login(ADMIN_EMAIL, DEMO_PASSWORD, limited)).statusCode).toBe(200);
      expect((await login(MANAGER_EMAIL, DEMO_PASSWORD, limited)).statusCode).toBe(200);
      expect((await login(USER_EMAIL, DEMO_PASSWORD, limited)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('demo credentials', () => {
  it('are offered only in demo mode', async () => {
    const demo = await ctx.app.inject({ method: 'GET', url: '/api/auth/demo' });
    expect(demo.json()).toEqual({ demo: true, email: ADMIN_EMAIL, password: DEMO_PASSWORD });
    const production = await createTestContext({ demo: false });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/auth/demo' });
      expect(response.json()).toEqual({ demo: false });
    } finally {
      await production.close();
    }
  });
});
