import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import type { Database, Transaction } from '../db/database';

export interface ModuleContext {
  db: Database;
  config: Config;
}

/**
 * What a server module declares in its own folder (<name>/<name>.module.ts): its route plugins
 * and the demo data of a fresh demo database. Its tables need no declaration: they live in its
 * *.table.ts files, where drizzle-kit finds them.
 */
export interface ServerModule {
  /** Route plugins, each answering under /api<prefix>. */
  routes: Array<{ prefix: string; plugin: FastifyPluginAsync<ModuleContext> }>;
  /** Seeds its demo data; runs in the order of MODULES, after the demo users. */
  seedDemo?: (tx: Transaction) => Promise<void>;
}
