import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The real built server (apps/server/dist/main.js) as a child process, for the tests that kill
 * it or run two of it: the crash test and the many-instances test.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first answer of the probe (GET /api/auth/demo unless given). */
  startMs: number;
  output: string[];
}

/** The default probe: a public route that needs nothing but the app up. */
const demoAnswers = async (url: string) => (await fetch(`${url}/api/auth/demo`)).ok;

/**
 * Starts the server and waits for its first answer. `ready` may ask for more than the default
 * (the benchmark times a restart up to an authenticated read of the database).
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  ready: (url: string, output: readonly string[]) => Promise<boolean> = demoAnswers,
): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const started = performance.now();
  const output: string[] = [];
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: rootDir,
    env: {
      ...process.env,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DEMO: 'true',
      // Notes go only to the simulated SEFAZ; its queue looks every second.
      FISCAL_SOMENTE_SIMULACAO: 'true',
      FISCAL_FILA_INTERVALO_MS: '1000',
      // E-mails only to a local test server; the outbox looks every second.
      EMAIL_SOMENTE_LOCAL: 'true',
      EMAIL_FILA_INTERVALO_MS: '1000',
      LOGIN_MAX_PER_IP: '100000',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`O servidor terminou (código ${child.exitCode}):\n${output.join('')}`);
    }
    try {
      if (await ready(url, output))
        return { url, child, startMs: performance.now() - started, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGKILL');
  throw new Error(`O servidor não respondeu em 60 s:\n${output.join('')}`);
}

/** SIGKILL, as a crash or a power cut would stop it: no shutdown code runs. */
export async function killServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'prumo-processo-'));
}

/** A fresh PostgreSQL database next to TEST_DATABASE_URL's, dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `prumo_processo_${process.pid}_${Date.now()}`;
  const run = async (query: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A small JSON client of one server, signed in as a demo user. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    public token = '',
  ) {}

  async login(email = 'admin@empresa.com.br', password = 'demo@2026') {
    const response = await this.send('POST', '/api/auth/login', { email, password });
    if (response.status === 200) this.token = (response.body as { token: string }).token;
    return response;
  }

  send(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.enviar(
      method,
      pathname,
      body !== undefined ? JSON.stringify(body) : undefined,
      body !== undefined ? { 'content-type': 'application/json', ...headers } : headers,
    );
  }

  /** A multipart/form-data POST (an upload), its content type set by fetch. */
  sendForm(pathname: string, form: FormData, headers: Record<string, string> = {}) {
    return this.enviar('POST', pathname, form, headers);
  }

  private async enviar(
    method: string,
    pathname: string,
    body: string | FormData | undefined,
    headers: Record<string, string>,
  ) {
    const response = await fetch(`${this.baseUrl}${pathname}`, {
      method,
      headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
      body,
    });
    const text = await response.text();
    // JSON answers parsed; others (an XML download) as their text.
    const json = response.headers.get('content-type')?.includes('json');
    return {
      status: response.status,
      body: text ? (json ? (JSON.parse(text) as unknown) : text) : undefined,
      headers: response.headers,
    };
  }
}
