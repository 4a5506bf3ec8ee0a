import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const rootDir = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`O servidor terminou com código ${child.exitCode}.`);
    try {
      const response = await fetch(`${url}/api/auth/demo`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`O servidor não respondeu em ${timeoutMs} ms.`);
}

export default async function setup(project: TestProject) {
  const build = spawnSync('node', ['scripts/build-if-stale.mjs', 'web', 'server'], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (build.status !== 0)
    throw new Error('Falha ao compilar a aplicação para os testes de navegador.');

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prumo-e2e-'));
  const output: string[] = [];
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: rootDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: 'true',
      // Notes go only to the simulated SEFAZ; its queue looks every second.
      FISCAL_SOMENTE_SIMULACAO: 'true',
      FISCAL_FILA_INTERVALO_MS: '1000',
      // E-mails only to a local test server; the outbox looks every second.
      EMAIL_SOMENTE_LOCAL: 'true',
      EMAIL_FILA_INTERVALO_MS: '1000',
      // Many sign-ins from one address in a few minutes: the limits are tested by the API tests.
      LOGIN_MAX_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_EMAIL: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(baseURL, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.join('')}`, { cause: error });
  }
  project.provide('baseURL', baseURL);

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
