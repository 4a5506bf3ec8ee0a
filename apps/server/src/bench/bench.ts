import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteOptions } from '../db/database';
import {
  ApiClient,
  createPostgresDatabase,
  killServer,
  startServer,
  tempDataDir,
} from '../reliability/processes/server-process';
import { datasetSize, generateDataset, type Dataset, type SqlTarget } from './dataset';
import {
  medirDashboard,
  medirDocumentos,
  medirReinicios,
  SENHA_DEMO,
  VENDEDOR,
  type LinhaDocumento,
} from './documentos';
import { medirFiscal } from './fiscal';
import { medirFaturamento } from './contratos';
import { medirImportacao } from './importacao';
import { medirRelatorios } from './relatorios';
import { openPgliteFloor } from './floor-pglite';
import { startPostgresFloor } from './floor-postgres';
import { CONNECTIONS, loadHttp } from './measure';
import { printDocumentos, printTable, type Linha } from './report';
import { ROTAS, scenarios } from './scenarios';
import { medirTelas } from './telas';

/*
 * npm run bench: the real built server under load on a shop-sized dataset, next to two floors
 * measured in the same run (floor-queries.ts: the real floor, the least the database must do for
 * each request in the fewest round trips; and the old one, the API's own statements, kept for
 * one release), on the embedded database and on PostgreSQL (when TEST_DATABASE_URL names a
 * server it may create databases on). It prints; it never fails. BENCH_SECONDS sets each run's
 * length, BENCH_SCALE scales the dataset down for a quick look (0.05 → 1,000 products),
 * BENCH_ONLY narrows the run to one database and/or scenarios while working on them
 * (BENCH_ONLY="postgres,venda rápida").
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const BANCOS = ['pglite', 'postgres'];
const bancoEscolhido = (banco: string) =>
  !ONLY.some((part) => BANCOS.includes(part)) || ONLY.includes(banco);
/** The scenarios to measure: all, or those BENCH_ONLY names. */
const cenarios = (dataset: Dataset) => {
  const nomes = ONLY.filter((part) => !BANCOS.includes(part));
  return scenarios(dataset).filter((cenario) => nomes.length === 0 || nomes.includes(cenario.nome));
};

const log = (message: string) => console.log(`[bench] ${message}`);

/**
 * The scheduled jobs stay off: at start the daily billing would bill the dataset's contracts
 * (all due today) before "Faturar todos" is measured on them.
 */
const SEM_TAREFAS = { TAREFAS_INTERVALO_MS: '0' };

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** A started server, signed in as the demo admin with a caixa open (the quick sale needs one). */
async function startSignedIn(env: Record<string, string>) {
  const server = await startServer({ ...env, LOG_LEVEL: 'error' });
  const client = new ApiClient(server.url);
  const login = await client.login();
  if (login.status !== 200) throw new Error(`Login falhou: ${JSON.stringify(login.body)}`);
  await client.send('POST', '/api/caixas', { valor_inicial: 100 }); // 409 when already open
  return { server, token: client.token };
}

/**
 * A session of the demo's seller (role 'user'), for the dashboard without finance. Demo mode
 * seeds the user; without it (PostgreSQL) the admin creates it first.
 */
async function tokenDoVendedor(url: string, adminToken: string): Promise<string> {
  const client = new ApiClient(url);
  let login = await client.login(VENDEDOR.email, SENHA_DEMO);
  if (login.status !== 200) {
    const created = await new ApiClient(url, adminToken).send('POST', '/api/usuarios', {
      ...VENDEDOR,
      role: 'user',
      senha: SENHA_DEMO,
    });
    if (created.status !== 201) throw new Error(`Usuário: ${JSON.stringify(created.body)}`);
    login = await client.login(VENDEDOR.email, SENHA_DEMO);
  }
  if (login.status !== 200) throw new Error(`Login do vendedor: ${JSON.stringify(login.body)}`);
  return client.token;
}

/** First start: migrations and the demo users; the dataset goes in with the server stopped. */
async function migrate(env: Record<string, string>) {
  await killServer(await startServer({ ...env, LOG_LEVEL: 'error' }), 'SIGTERM');
}

async function benchPostgres(): Promise<{ linhas: Linha[]; dashboard: LinhaDocumento[] }> {
  const database = await createPostgresDatabase();
  try {
    const env = { DATABASE_URL: database.url, ...SEM_TAREFAS };
    await migrate(env);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const target: SqlTarget = {
      exec: (script) => client.query(script),
      rows: async (query) => (await client.query(query)).rows,
    };
    const dataset = await timed('PostgreSQL: dados gerados', () => generateDataset(target, SCALE));
    log(`PostgreSQL: ${dataset.tempos.join(', ')}`);
    await client.end();

    const { server, token } = await startSignedIn(env);
    const real = await startPostgresFloor(database.url, 'real');
    const antigo = await startPostgresFloor(database.url, 'antigo');
    try {
      const linhas: Linha[] = [];
      for (const cenario of cenarios(dataset)) {
        const api = await loadHttp(server.url, cenario, token, SECONDS);
        const piso = await loadHttp(real.url, cenario, token, SECONDS);
        const pisoAntigo = await loadHttp(antigo.url, cenario, token, SECONDS);
        linhas.push({ cenario, api, piso, pisoAntigo });
      }
      const usuario = await tokenDoVendedor(server.url, token);
      const dashboard = await medirDashboard(server.url, { admin: token, usuario });
      dashboard.push(await medirFaturamento(server.url, token, dataset.contratos, 'postgres'));
      dashboard.push(...(await medirRelatorios(server, token, 'postgres')));
      dashboard.push(...(await medirImportacao(server, token, 'postgres')));
      return { linhas, dashboard };
    } finally {
      await real.stop();
      await antigo.stop();
      await killServer(server, 'SIGTERM');
    }
  } finally {
    await database.drop();
  }
}

/** On PGlite the server runs ANALYZE 3 s after start (db/database.ts): measure after it ends. */
const PGLITE_ANALYZE_WAIT_MS = 12_000;

async function benchPglite(): Promise<{ linhas: Linha[]; documentos: LinhaDocumento[] }> {
  const dataDir = tempDataDir();
  const pgdata = path.join(dataDir, 'pgdata');
  const pisoDir = tempDataDir();
  const pisoPgdata = path.join(pisoDir, 'pgdata');
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', ...SEM_TAREFAS };
    await migrate(env);
    const dataset: Dataset = await timed('PGlite: dados gerados', async () => {
      const db = new PGlite(pgdata, pgliteOptions);
      const target: SqlTarget = {
        exec: (script) => db.exec(script),
        rows: async (query) => (await db.query<never>(query)).rows,
      };
      const generated = await generateDataset(target, SCALE);
      await db.close();
      return generated;
    });
    log(`PGlite: ${dataset.tempos.join(', ')}`);

    // The floors run on a copy of the data taken after signing in (the session and the open
    // caixa are in it), so each scenario's floors are measured right after its API run: minutes
    // apart, this VM's speed drifts more than the ratio's margin.
    const { server: primeiro, token } = await startSignedIn(env);
    await killServer(primeiro, 'SIGTERM'); // checkpoints: the copy is whole
    fs.cpSync(pgdata, pisoPgdata, { recursive: true });
    const server = await startServer({ ...env, LOG_LEVEL: 'error' });
    const linhas: Linha[] = [];
    let documentos: LinhaDocumento[];
    try {
      await new Promise((resolve) => setTimeout(resolve, PGLITE_ANALYZE_WAIT_MS));
      const floor = await openPgliteFloor(pisoPgdata);
      try {
        for (const cenario of cenarios(dataset)) {
          const api = await loadHttp(server.url, cenario, token, SECONDS);
          const piso = await floor.measure(cenario, token, SECONDS, 'real');
          const pisoAntigo = await floor.measure(cenario, token, SECONDS, 'antigo');
          linhas.push({ cenario, api, piso, pisoAntigo });
        }
      } finally {
        await floor.close();
      }
      documentos = await medirDocumentos(server.url, token, dataset);
      documentos.push(...(await medirFiscal(server.url, token)));
      const usuario = await tokenDoVendedor(server.url, token);
      documentos.push(...(await medirDashboard(server.url, { admin: token, usuario })));
      documentos.push(...(await medirTelas(server.url, dataset)));
      documentos.push(await medirFaturamento(server.url, token, dataset.contratos, 'pglite'));
      documentos.push(...(await medirRelatorios(server, token, 'pglite')));
      documentos.push(...(await medirImportacao(server, token, 'pglite')));
    } finally {
      await killServer(server, 'SIGTERM');
    }
    // Last: it stops and starts the server.
    documentos.unshift(...(await medirReinicios(env, token, dataset)));
    return { linhas, documentos };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(pisoDir, { recursive: true, force: true });
  }
}

const size = datasetSize(SCALE);
log(
  `${size.produtos} produtos, ${size.clientes} clientes, ${size.vendas} vendas; ` +
    `${CONNECTIONS} conexões, ${SECONDS} s por medição`,
);
const tabelas: Array<[banco: string, linhas: Linha[], comAlvoP99: boolean]> = [];
const pglite = bancoEscolhido('pglite') ? await benchPglite() : null;
if (pglite) tabelas.push(['PGlite (embutido)', pglite.linhas, false]);
let dashboardPostgres: LinhaDocumento[] = [];
if (bancoEscolhido('postgres') && process.env.TEST_DATABASE_URL) {
  const postgres = await benchPostgres();
  tabelas.push(['PostgreSQL', postgres.linhas, true]);
  dashboardPostgres = postgres.dashboard;
} else if (bancoEscolhido('postgres')) {
  log('PostgreSQL: defina TEST_DATABASE_URL para medir também.');
}
for (const [banco, linhas, comAlvoP99] of tabelas) printTable(banco, linhas, comAlvoP99);
if (pglite) {
  printDocumentos(
    'PGlite (embutido)',
    pglite.documentos,
    'início, documentos, dashboard, telas e relatórios',
  );
}
if (dashboardPostgres.length > 0) {
  printDocumentos(
    'PostgreSQL',
    dashboardPostgres,
    'dashboard, faturamento de contratos e relatórios',
  );
}
console.log('\nCenários:');
for (const [nome, rota] of Object.entries(ROTAS)) console.log(`  ${nome.padEnd(19)} ${rota}`);
console.log(
  '\nPiso real: o mínimo que o banco precisa fazer por requisição, em uma ida ao banco: cada ' +
    'leitura é uma só instrução preparada que confere a sessão e lê (a venda rápida segue com ' +
    'as instruções de hoje: sessão, depois a transação).\n' +
    'Piso antigo (mantido por uma versão): as instruções da própria API, sessão incluída.\n' +
    'No PostgreSQL cada piso é um servidor node:http mínimo com o mesmo pool (max 10), sob a ' +
    'mesma carga; no PGlite, as instruções em sequência no próprio PGlite, sem HTTP ' +
    '(sequências/s; p50/p99 de uma sequência, sem fila).',
);
