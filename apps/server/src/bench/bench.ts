import fs from 'node:fs';
import autocannon from 'autocannon';
import {
  ApiClient,
  createPostgresDatabase,
  killServer,
  startServer,
  tempDataDir,
} from '../reliability/processes/server-process';

/*
 * npm run bench: load on the real built server, printed, never a pass/fail test. Today it has
 * the counter quick sale (POST /api/vendas, finalized at once: the sale, its lines, its payment,
 * the stock ledger and the audit trail in one transaction) with 20 connections, on the embedded
 * database and on PostgreSQL (when TEST_DATABASE_URL names a server it may create databases on).
 * BENCH_SECONDS sets each run's length.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

interface Resultado {
  banco: string;
  cenario: string;
  reqPorS: number;
  p50: number;
  p99: number;
  erros: number;
}

async function vendaRapida(banco: string, env: Record<string, string>): Promise<Resultado> {
  const server = await startServer({ ...env, LOG_LEVEL: 'error' });
  try {
    const client = new ApiClient(server.url);
    await client.login();
    await client.send('POST', '/api/caixas', { valor_inicial: 100 });
    const produto = await client.send('POST', '/api/produtos', {
      nome: `Produto do benchmark ${Date.now()}`,
      preco: 4.5,
      estoque: 10_000_000,
    });
    const body = JSON.stringify({
      tipo: 'balcao',
      atendimento_rapido: true,
      forma_pagamento: 'dinheiro',
      itens: [{ produto_id: (produto.body as { id: number }).id, quantidade: 1 }],
    });
    const result = await autocannon({
      url: `${server.url}/api/vendas`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
      body,
    });
    return {
      banco,
      cenario: 'venda rápida (POST /api/vendas)',
      reqPorS: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      erros: result.non2xx + result.errors,
    };
  } finally {
    await killServer(server, 'SIGTERM');
  }
}

const resultados: Resultado[] = [];
const dataDir = tempDataDir();
try {
  resultados.push(await vendaRapida('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.TEST_DATABASE_URL) {
  const database = await createPostgresDatabase();
  try {
    resultados.push(await vendaRapida('PostgreSQL', { DATABASE_URL: database.url }));
  } finally {
    await database.drop();
  }
} else {
  console.log('PostgreSQL: defina TEST_DATABASE_URL para medir também.');
}
console.log(`\n${CONNECTIONS} conexões, ${SECONDS} s por medição`);
console.table(
  resultados.map((r) => ({
    banco: r.banco,
    cenário: r.cenario,
    'req/s': r.reqPorS,
    'p50 (ms)': r.p50,
    'p99 (ms)': r.p99,
    'não 2xx': r.erros,
  })),
);
