import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodosDevidos } from '@prumo/shared/contratos';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import {
  ApiClient,
  createPostgresDatabase,
  killServer,
  startServer,
  type ServerProcess,
} from './server-process';

/**
 * Two app instances on one PostgreSQL database behave as one: the sign-in limit, session
 * revocation, idempotency keys and contract billing live in the database, not in either process.
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

  // Each instance keeps the sessions it has checked in memory (issue 34): both have checked the
  // session before it ends, so only the database's notice can tell the other one.
  it('ends a session on both at once when it signs out on one', async () => {
    const onA = new ApiClient(a.url);
    expect((await onA.login()).status).toBe(200);
    const onB = new ApiClient(b.url, onA.token);
    expect((await onA.send('GET', '/api/auth/validate')).status).toBe(200);
    expect((await onB.send('GET', '/api/auth/validate')).status).toBe(200);
    expect((await onB.send('POST', '/api/auth/logout')).status).toBe(204);
    expect((await onA.send('GET', '/api/auth/validate')).status).toBe(401);
  });

  it('ends the sessions of a user disabled on one on both at once', async () => {
    const admin = new ApiClient(b.url);
    expect((await admin.login()).status).toBe(200);
    const usuario = { nome: 'Caixa Temporário', email: 'temporario@empresa.com.br', role: 'user' };
    const criado = await admin.send('POST', '/api/usuarios', {
      ...usuario,
      senha: 'senha-temporaria',
    });
    expect(criado.status).toBe(201);
    const onA = new ApiClient(a.url);
    expect((await onA.login(usuario.email, 'senha-temporaria')).status).toBe(200);
    const onB = new ApiClient(b.url, onA.token);
    expect((await onA.send('GET', '/api/auth/validate')).status).toBe(200);
    expect((await onB.send('GET', '/api/auth/validate')).status).toBe(200);
    const { id } = criado.body as { id: number };
    const desativar = await admin.send('PUT', `/api/usuarios/${id}`, { ...usuario, ativo: false });
    expect(desativar.status).toBe(200);
    expect((await onA.send('GET', '/api/auth/validate')).status).toBe(401);
    expect((await onB.send('GET', '/api/auth/validate')).status).toBe(401);
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

  it('bills each period of a contract once when "Faturar todos" runs on both at once', async () => {
    const onA = new ApiClient(a.url);
    expect((await onA.login()).status).toBe(200);
    const onB = new ApiClient(b.url, onA.token);
    const clientes = await onA.send('POST', '/api/cadastros', {
      tipo: 'cliente',
      tipo_cliente: 'pessoa-fisica',
      nome: 'Cliente do contrato',
    });
    expect(clientes.status, JSON.stringify(clientes.body)).toBe(201);
    const servico = await onA.send('POST', '/api/servicos', { nome: 'Manutenção', preco: 80 });
    const inicio = addDaysISO(todayISO(), -200);
    const ids: number[] = [];
    for (const dia of [1, 15, 29, 30, 31]) {
      const criado = await onA.send('POST', '/api/contratos', {
        cliente_id: (clientes.body as { id: number }).id,
        itens: [{ servico_id: (servico.body as { id: number }).id, valor: 80 }],
        inicio,
        periodicidade: 'mensal',
        dia_faturamento: dia,
        forma_pagamento: 'pix',
      });
      expect(criado.status, JSON.stringify(criado.body)).toBe(201);
      ids.push((criado.body as { id: number }).id);
    }
    const respostas = await Promise.all(
      [onA, onB, onA, onB].map((client) => client.send('POST', '/api/contratos/faturar', {})),
    );
    expect(respostas.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const [i, dia] of [1, 15, 29, 30, 31].entries()) {
      const lido = await onB.send('GET', `/api/contratos/${ids[i]}`);
      const faturas = (lido.body as { faturas: Array<{ periodo_inicio: string }> }).faturas;
      const devidos = periodosDevidos(
        { inicio, fim: null, periodicidade: 'mensal', dia_faturamento: dia },
        todayISO(),
      );
      expect(faturas.map((f) => f.periodo_inicio).sort()).toEqual(devidos.map((p) => p.inicio));
    }
  });
});
