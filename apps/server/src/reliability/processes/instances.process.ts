import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  createPostgresDatabase,
  killServer,
  startServer,
  type ServerProcess,
} from './server-process';

/**
 * Two app instances on one PostgreSQL database behave as one: the sign-in limit, session
 * revocation and idempotency keys live in the database, not in either process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.url, LOGIN_MAX_FAILURES_PER_EMAIL: '5' };
    // The first one migrates and seeds; the second starts on the ready database.
    a = await startServer(env);
    b = await startServer(env);
  });

  afterAll(async () => {
    if (a) await killServer(a, 'SIGTERM');
    if (b) await killServer(b, 'SIGTERM');
    await drop?.();
  });

  it('counts failed sign-ins of one e-mail across both and blocks it on both', async () => {
    const email = 'gerente@empresa.com.br';
    const onA = new ApiClient(a.url);
    const onB = new ApiClient(b.url);
    for (const [client, times] of [
      [onA, 3],
      [onB, 2],
    ] as const) {
      for (let i = 0; i < times; i++) {
        expect((await client.login(email, 'senha-errada')).status).toBe(401);
      }
    }
    expect((await onA.login(email)).status).toBe(429);
    expect((await onB.login(email)).status).toBe(429);
  });

  it('ends a session on both at once when it signs out on one', async () => {
    const onA = new ApiClient(a.url);
    expect((await onA.login()).status).toBe(200);
    const onB = new ApiClient(b.url, onA.token);
    expect((await onB.send('GET', '/api/auth/validate')).status).toBe(200);
    expect((await onB.send('POST', '/api/auth/logout')).status).toBe(204);
    expect((await onA.send('GET', '/api/auth/validate')).status).toBe(401);
  });

  it('answers an Idempotency-Key retried on the other instance without applying it twice', async () => {
    const onA = new ApiClient(a.url);
    expect((await onA.login()).status).toBe(200);
    const onB = new ApiClient(b.url, onA.token);
    const produto = await onA.send('POST', '/api/produtos', {
      nome: `Idempotente ${Date.now()}`,
      estoque: 10,
    });
    const { id } = produto.body as { id: number };
    const movimento = { tipo: 'saida', produto_id: id, quantidade: 4, motivo: 'Venda' };
    const key = { 'idempotency-key': `instancias-${Date.now()}` };
    const first = await onA.send('POST', '/api/estoque/movimentacoes', movimento, key);
    const retry = await onB.send('POST', '/api/estoque/movimentacoes', movimento, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const atual = await onB.send('GET', `/api/produtos/${id}`);
    expect((atual.body as { estoque: number }).estoque).toBe(6);
  });
});
