import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  createPostgresDatabase,
  killServer,
  startServer,
  tempDataDir,
  type ServerProcess,
} from './server-process';

/**
 * Crash and restart: the real server takes concurrent writes (new products, stock entradas and
 * saídas, counter quick sales, service orders concluded with a part), is killed with SIGKILL in the middle of them, and restarts. Every write it had
 * acknowledged (answered 2xx) must be there, every product's stock must equal its ledger, and
 * the restart must answer within RESTART_LIMIT_MS. CRASH_ROUNDS raises the rounds for a heavy run.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const WORKERS = 8;
/**
 * Restart to first answer, on a 2-core machine: PostgreSQL about 0.5–1.6 s; the embedded database
 * about 1.3–3.3 s, of which PGlite itself (compiling its WebAssembly, replaying its log after the
 * kill) takes 1.0–1.7 s, varying with the machine's speed from day to day. So PostgreSQL is held
 * to RESTART_LIMIT_MS and the embedded database to it or to the engine's own restart on a copy of
 * the same data plus ENGINE_MARGIN_MS, whichever is larger. These are bounds against a restart
 * that hangs or replays far too much, not the benchmark's target (npm run bench: ≤ 2 s with the
 * shop-sized dataset): on a slow day (26 November 2026) the server added 1.5–1.6 s to the engine
 * (loading the API's modules, checking migrations) and PostgreSQL's restart took up to 1.6 s.
 */
const RESTART_LIMIT_MS = 3_000;
const ENGINE_MARGIN_MS = 2_500;

/**
 * The engine's own restart after the kill: a fresh process that opens a copy of the data
 * directory with PGlite (the server's extensions) and answers one query.
 */
async function pgliteRestartMs(dataDir: string): Promise<number> {
  const copia = tempDataDir();
  fs.cpSync(dataDir, copia, { recursive: true });
  const script = `
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const db = await PGlite.create(${JSON.stringify(path.join(copia, 'pgdata'))}, { extensions: { pg_trgm, unaccent } });
    await db.query('SELECT count(*) FROM usuarios');
    process.exit(0);`;
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  const ms = performance.now() - started;
  fs.rmSync(copia, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`PGlite não abriu a cópia: ${result.stderr}`);
  return Math.round(ms);
}

interface Movimento {
  produto_id: number;
  tipo: 'entrada' | 'saida';
  quantidade: number;
}

interface VendaRapida {
  produto_id: number;
  valor_final: number;
}

interface Acked {
  produtos: Map<number, string>;
  movimentos: Map<number, Movimento>;
  vendas: Map<number, VendaRapida>;
  /** Service orders whose conclusion (parts out of stock) was acknowledged. */
  ordens: Set<number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Acknowledged writes a round needs before its kill, a sale among them. */
const MIN_ACKED = 12;

const contar = (acked: Acked) =>
  acked.produtos.size + acked.movimentos.size + acked.vendas.size + acked.ordens.size;

/** Waits until `minimo` writes (a sale among them) were acknowledged, or `prazoMs` passed. */
async function acknowledged(acked: Acked, minimo: number, prazoMs: number) {
  const prazo = Date.now() + prazoMs;
  while (Date.now() < prazo && (contar(acked) < minimo || acked.vendas.size === 0)) {
    await sleep(50);
  }
}

/** Opens a service order with one part and concludes it; its id when the conclusion was answered 200. */
async function concluirOrdem(client: ApiClient, clienteId: number, produtoId: number) {
  const aberta = await client.send('POST', '/api/ordens-servico', {
    cliente_id: clienteId,
    equipamento: 'Teste de queda',
    produtos: [{ produto_id: produtoId, quantidade: 1 }],
  });
  if (aberta.status !== 201) return undefined;
  const id = (aberta.body as { id: number }).id;
  await client.send('PATCH', `/api/ordens-servico/${id}/status`, { situacao: 'em-andamento' });
  const concluida = await client.send('PATCH', `/api/ordens-servico/${id}/status`, {
    situacao: 'concluida',
  });
  return concluida.status === 200 ? id : undefined;
}

/** Writes until told to stop, remembering what the server acknowledged. */
async function writeUntil(
  client: ApiClient,
  round: number,
  worker: number,
  acked: Acked,
  stopped: () => boolean,
  clienteId: number,
) {
  for (let n = 0; !stopped(); n++) {
    try {
      const produtos = [...acked.produtos.keys()];
      if (produtos.length < 4 || n % 4 === 0) {
        const nome = `Crash ${round}-${worker}-${n}`;
        const response = await client.send('POST', '/api/produtos', { nome, estoque: 5 });
        if (response.status === 201) acked.produtos.set((response.body as { id: number }).id, nome);
      } else if (n % 8 === 2) {
        const id = await concluirOrdem(
          client,
          clienteId,
          produtos[(worker + n) % produtos.length]!,
        );
        if (id !== undefined) acked.ordens.add(id);
      } else if (n % 4 === 1) {
        // A counter quick sale of one unit: a document that moves stock and money.
        const produtoId = produtos[(worker * 5 + n) % produtos.length]!;
        const response = await client.send(
          'POST',
          '/api/vendas',
          {
            tipo: 'balcao',
            atendimento_rapido: true,
            forma_pagamento: 'dinheiro',
            itens: [{ produto_id: produtoId, quantidade: 1 }],
          },
          { 'idempotency-key': `queda-${round}-${worker}-${n}` },
        );
        if (response.status === 201) {
          const venda = response.body as { id: number; valor_final: number };
          acked.vendas.set(venda.id, { produto_id: produtoId, valor_final: venda.valor_final });
        }
      } else {
        const movimento: Movimento = {
          produto_id: produtos[(worker * 7 + n) % produtos.length]!,
          tipo: n % 3 === 0 ? 'saida' : 'entrada',
          quantidade: 1 + (n % 3),
        };
        const response = await client.send('POST', '/api/estoque/movimentacoes', {
          ...movimento,
          motivo: 'Teste de queda',
        });
        if (response.status === 201) {
          acked.movimentos.set((response.body as { id: number }).id, movimento);
        }
      }
    } catch {
      // the server went down mid-request: not acknowledged, nothing to check
    }
  }
}

async function verify(client: ApiClient, acked: Acked) {
  const missing: string[] = [];
  for (const [id, nome] of acked.produtos) {
    const response = await client.send('GET', `/api/produtos/${id}`);
    if (response.status !== 200 || (response.body as { nome: string }).nome !== nome) {
      missing.push(`produto ${id}: ${response.status}`);
    }
  }
  for (const [id, movimento] of acked.movimentos) {
    const response = await client.send('GET', `/api/estoque/movimentacoes/${id}`);
    if (response.status !== 200) missing.push(`movimentação ${id}: ${response.status}`);
    else expect(response.body).toMatchObject(movimento);
  }
  for (const [id, venda] of acked.vendas) {
    const response = await client.send('GET', `/api/vendas/${id}`);
    const body = response.body as { status: string; valor_final: number; itens: unknown[] };
    if (response.status !== 200 || body.status !== 'Finalizada' || body.itens.length !== 1) {
      missing.push(`venda ${id}: ${response.status} ${body?.status}`);
    } else expect(body.valor_final).toBe(venda.valor_final);
  }
  // The money side of each acknowledged sale: its receivable, settled at once (cash), is there.
  const recebiveis = await client.send('GET', '/api/financeiro/titulos?origem=venda&limit=500');
  const porVenda = new Map(
    (recebiveis.body as Array<{ venda_id: number; valor: number; status: string }>).map((t) => [
      t.venda_id,
      t,
    ]),
  );
  for (const [id, venda] of acked.vendas) {
    const titulo = porVenda.get(id);
    if (!titulo || titulo.valor !== venda.valor_final || titulo.status !== 'pago') {
      missing.push(
        `recebível da venda ${id}: ${titulo ? `${titulo.valor} ${titulo.status}` : '—'}`,
      );
    }
  }
  for (const id of acked.ordens) {
    const response = await client.send('GET', `/api/ordens-servico/${id}`);
    const situacao = (response.body as { situacao?: string } | undefined)?.situacao;
    if (response.status !== 200 || situacao !== 'concluida') {
      missing.push(`ordem de serviço ${id}: ${response.status} ${situacao}`);
    }
  }
  const unbalanced: string[] = [];
  for (const id of acked.produtos.keys()) {
    const produto = await client.send('GET', `/api/produtos/${id}`);
    const ledger = await client.send(
      'GET',
      `/api/estoque/movimentacoes?produto_id=${id}&limit=500`,
    );
    const saldo = (ledger.body as Movimento[]).reduce(
      (total, m) => total + (m.tipo === 'entrada' ? m.quantidade : -m.quantidade),
      0,
    );
    const estoque = (produto.body as { estoque: number }).estoque;
    if (Math.abs(saldo - estoque) > 1e-9)
      unbalanced.push(`produto ${id}: estoque ${estoque}, razão ${saldo}`);
  }
  return { missing, unbalanced };
}

async function crashRounds(env: Record<string, string>) {
  let server: ServerProcess = await startServer(env);
  const restarts: number[] = [];
  const motor: number[] = [];
  let checked = 0;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const client = new ApiClient(server.url);
      expect((await client.login()).status).toBe(200);
      // The quick sales need the operator's open caixa (409 when the last round left it open).
      await client.send('POST', '/api/caixas', { valor_inicial: 100 });
      const acked: Acked = {
        produtos: new Map(),
        movimentos: new Map(),
        vendas: new Map(),
        ordens: new Set(),
      };
      const clientes = await client.send('GET', '/api/cadastros?tipo=cliente&limit=1');
      const clienteId = (clientes.body as Array<{ id: number }>)[0]!.id;
      let stop = false;
      const workers = Array.from({ length: WORKERS }, (_, worker) =>
        writeUntil(client, round, worker, acked, () => stop, clienteId),
      );
      // The kill lands mid-writes, once enough have been acknowledged to check (a slow day's
      // machine needs longer than a fast one's for the same count).
      await acknowledged(acked, MIN_ACKED, 15_000);
      await sleep(round * 250);
      await killServer(server);
      stop = true;
      await Promise.all(workers);

      if (env.DATA_DIR) motor.push(await pgliteRestartMs(env.DATA_DIR));
      server = await startServer(env);
      restarts.push(Math.round(server.startMs));
      const after = new ApiClient(server.url);
      expect((await after.login()).status).toBe(200);
      const { missing, unbalanced } = await verify(after, acked);
      expect(missing, `rodada ${round}`).toEqual([]);
      expect(unbalanced, `rodada ${round}`).toEqual([]);
      const confirmadas = contar(acked);
      expect(confirmadas).toBeGreaterThanOrEqual(MIN_ACKED);
      expect(acked.vendas.size, `rodada ${round}: vendas`).toBeGreaterThan(0);
      checked += confirmadas;
    }
  } finally {
    await killServer(server, 'SIGTERM');
  }
  console.info(
    `queda: ${ROUNDS} rodadas, ${checked} gravações confirmadas conferidas, reinício em ${restarts.join(', ')} ms` +
      (motor.length ? ` (o PGlite sozinho: ${motor.join(', ')} ms)` : ''),
  );
  restarts.forEach((ms, i) => {
    const limite = Math.max(RESTART_LIMIT_MS, (motor[i] ?? 0) + ENGINE_MARGIN_MS);
    expect(ms, `rodada ${i + 1}`).toBeLessThanOrEqual(limite);
  });
}

describe('crash and restart', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps every acknowledged write and every ledger on the embedded database', async () => {
    const dataDir = tempDataDir();
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    await crashRounds({ DATA_DIR: dataDir, DATABASE_URL: '' });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'keeps every acknowledged write and every ledger on PostgreSQL',
    async () => {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      await crashRounds({ DATABASE_URL: database.url });
    },
  );
});
