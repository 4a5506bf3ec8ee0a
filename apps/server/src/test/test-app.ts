import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { DEMO_PASSWORD } from '../seed/demo-users';
import { openTestDatabase, testDatabaseKind } from './test-database';

export const ADMIN_EMAIL = 'admin@empresa.com.br';
export const MANAGER_EMAIL = 'gerente@empresa.com.br';
export const USER_EMAIL = 'vendedor@empresa.com.br';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Signs in a demo user and returns the token. */
  login(email?: string): Promise<string>;
  /** app.inject with the token of the given demo user (admin by default). */
  request(options: InjectOptions & { as?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

type ConfigOverrides = {
  [K in keyof Config]?: Config[K] extends object ? Partial<Config[K]> : Config[K];
};

/** A server on a fresh database (demo users already in it), for one test file. */
export async function createTestContext(overrides: ConfigOverrides = {}): Promise<TestContext> {
  const base = loadConfig({ DEMO: 'true', WEB_DIST_DIR: '/nonexistent' });
  // A data directory of its own (backups are written there), never the developer's ./data.
  const dataDir = overrides.dataDir
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), 'prumo-dados-'));
  const config: Config = {
    ...base,
    ...(dataDir ? { dataDir } : {}),
    ...overrides,
    session: { ...base.session, ...overrides.session },
    loginRateLimit: { ...base.loginRateLimit, perIpPerMinute: 10_000, ...overrides.loginRateLimit },
    // The fiscal queue runs when a test says so (ServicoFiscal.processarFila), not on a timer,
    // and only the simulated SEFAZ is ever reached.
    fiscal: { ...base.fiscal, filaIntervaloMs: 0, somenteSimulacao: true, ...overrides.fiscal },
    // Likewise the e-mail outbox (ServicoEmail.processarFila), to a mail server on this machine.
    email: { ...base.email, filaIntervaloMs: 0, somenteLocal: true, ...overrides.email },
    tarefas: { intervaloMs: 0, ...overrides.tarefas },
  } as Config;
  const database = await openTestDatabase(testDatabaseKind(), inject('databaseTemplate'));
  // TEST_LOG=error shows the server's own log of unexpected errors while debugging a test.
  const logLevel = process.env.TEST_LOG;
  const app = await buildApp({
    db: database.db,
    avisos: database.avisos,
    config,
    logger: logLevel ? { level: logLevel } : false,
  });
  const tokens = new Map<string, string>();

  async function login(email = ADMIN_EMAIL): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    if (response.statusCode !== 200) {
      throw new Error(`login ${email} falhou: ${response.statusCode} ${response.body}`);
    }
    return response.json<{ token: string }>().token;
  }

  return {
    app,
    database,
    config,
    login,
    async request({ as = ADMIN_EMAIL, headers, ...options }) {
      let token = tokens.get(as);
      if (!token) {
        token = await login(as);
        tokens.set(as, token);
      }
      return app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...headers } });
    },
    async close() {
      await app.close();
      await database.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
