import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { newPool } from '../db/database';
import { freePort } from '../reliability/processes/server-process';
import { answerFloor, toObjects, type Piso, type Runner } from './floor-queries';

/*
 * The PostgreSQL floor: a bare node:http server, in its own process as the API is, with the
 * app's pool (db/database.ts newPool: max 10, statements in transactions prepared; numeric and
 * bigint read as numbers), that answers each scenario's request with one floor's statements
 * (floor-queries.ts: the real floor or the old one, FLOOR_PISO) and writes the JSON. No
 * framework, validation, serialiser or ORM: what is left is the database, the driver and HTTP, so
 * API req/s over floor req/s says how much of the time the app itself takes.
 */

function poolRunner(pool: pg.Pool | pg.PoolClient): Runner {
  return {
    async query(text, values, name) {
      const result = await pool.query({ name, text, values, rowMode: 'array' });
      return toObjects(result.fields, result.rows as unknown[][]);
    },
    // As drizzle's node-postgres transaction: one client of the pool, BEGIN … COMMIT.
    async transaction(work) {
      const client = await (pool as pg.Pool).connect();
      try {
        await client.query('begin');
        const result = await work(poolRunner(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

function serve(databaseUrl: string, port: number, piso: Piso) {
  const db = poolRunner(newPool(databaseUrl));
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const asked = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        body: Buffer.concat(chunks).toString(),
        token,
      };
      answerFloor(db, asked, piso)
        .then(({ status, json, text, headers }) => {
          response.writeHead(status, { 'content-type': 'application/json', ...headers });
          response.end(text ?? JSON.stringify(json));
        })
        .catch((error: unknown) => {
          console.error(error);
          response.writeHead(500).end();
        });
    });
  });
  server.listen(port, '127.0.0.1', () => console.log('ouvindo'));
}

/** Starts one floor as a child process on a free port; stop() ends it. */
export async function startPostgresFloor(databaseUrl: string, piso: Piso) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: {
      ...process.env,
      FLOOR_DATABASE_URL: databaseUrl,
      FLOOR_PORT: String(port),
      FLOOR_PISO: piso,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`O piso terminou (código ${code}).`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.env.FLOOR_DATABASE_URL && process.argv[1] === fileURLToPath(import.meta.url)) {
  const piso = process.env.FLOOR_PISO === 'antigo' ? 'antigo' : 'real';
  serve(process.env.FLOOR_DATABASE_URL, Number(process.env.FLOOR_PORT), piso);
}
