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

/**
 * A question a lower module asks and a higher one answers (how many products use a group, which
 * quote a sale came from), so the lower never imports the higher: the layers of
 * eslint.config.js. The answering module sets it in its <name>.module.ts, which every entry
 * point loads through MODULES; the app refuses to start while a question has no answer.
 */
export interface Hook<F extends (...args: never[]) => unknown> {
  set(answer: F): void;
  readonly call: F;
}

const unanswered = new Set<string>();

export function hook<F extends (...args: never[]) => unknown>(question: string): Hook<F> {
  let answer: F | undefined;
  unanswered.add(question);
  return {
    set(fn) {
      answer = fn;
      unanswered.delete(question);
    },
    get call() {
      if (!answer) throw new Error(`Nenhum módulo responde: ${question}`);
      return answer;
    },
  };
}

/** The questions no module has answered yet (none once MODULES is loaded). */
export function unansweredHooks(): string[] {
  return [...unanswered];
}
