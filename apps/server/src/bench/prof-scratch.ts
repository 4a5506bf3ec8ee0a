// SCRATCH (not committed)
import pg from 'pg';
import { ApiClient, createPostgresDatabase, killServer, startServer } from '../reliability/processes/server-process';
import { generateDataset } from './dataset';
import { loadHttp } from './measure';
import { scenarios } from './scenarios';
const database = await createPostgresDatabase();
const env = { DATABASE_URL: database.url, LOG_LEVEL: 'error' };
await killServer(await startServer(env), 'SIGTERM');
const c = new pg.Client({ connectionString: database.url });
await c.connect();
const dataset = await generateDataset({ exec: (s) => c.query(s), rows: async (q) => (await c.query(q)).rows }, 0.05);
await c.end();
import { spawn } from 'node:child_process';
const child = spawn(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '/work/main/apps/server/dist/main.js'], { cwd: '/work/main', env: { ...process.env, ...env, PORT: '3999', HOST: '127.0.0.1', DEMO: 'true', LOGIN_MAX_PER_IP: '100000' }, stdio: 'inherit' });
const server = { url: 'http://127.0.0.1:3999' };
for (let i = 0; i < 100; i++) { try { if ((await fetch(server.url + '/api/health')).status < 500) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
const client = new ApiClient(server.url);
await client.login();
await client.send('POST', '/api/caixas', { valor_inicial: 100 });
const venda = scenarios(dataset).find((s) => s.method === 'POST')!;
for (let i = 0; i < Number(process.env.ROUNDS ?? 1); i++) {
  const m = await loadHttp(server.url, venda, client.token, 10);
  console.log(JSON.stringify(m));
}
child.kill('SIGINT'); await new Promise((r) => child.once('exit', r));
await database.drop();
