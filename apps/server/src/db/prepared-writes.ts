import { createHash } from 'node:crypto';
import type pg from 'pg';
import { withPendingSettings } from './transaction-settings';

/*
 * PostgreSQL parses and plans every unnamed statement anew. Inside a write transaction that is
 * most of the database's work: a counter sale runs about fifteen short statements, and planning
 * them (the sale's read-back above all) took 40 % of its time. A named statement is parsed once
 * per connection and its plan is cached, so every parameterised statement inside BEGIN … COMMIT
 * is named by a hash of its text. Reads outside transactions stay unnamed: lists and searches
 * keep a plan made for their actual search terms. Each connection names at most
 * MAX_PER_CONNECTION texts (statements whose text varies, like IN lists, stop being named once
 * it is reached), which bounds the memory the server keeps per connection.
 */

const MAX_PER_CONNECTION = 200;
const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback|end)\b/i;

interface QueryConfig {
  text: string;
  name?: string;
  values?: unknown[];
}

const isQueryConfig = (config: unknown): config is QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as QueryConfig).text === 'string' &&
  typeof (config as { submit?: unknown }).submit !== 'function';

export const statementName = (text: string) => `w_${createHash('sha1').update(text).digest('hex')}`;

/**
 * Names the parameterised statements a pool's client runs inside its transactions, and sends a
 * transaction's pending settings with its BEGIN (transaction-settings.ts). Also hands pg one
 * query at a time (inOrder).
 */
export function prepareWritesOn(client: pg.Client | pg.PoolClient): void {
  const query = inOrder(client.query.bind(client) as (...args: unknown[]) => unknown);
  // Text → name: hashing a long text on every run would cost more than the lookup.
  const names = new Map<string, string>();
  let inTransaction = false;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const text = typeof config === 'string' ? config : isQueryConfig(config) ? config.text : '';
    if (BEGIN.test(text)) {
      inTransaction = true;
      const opening = withPendingSettings(text, client);
      if (opening !== text) {
        config =
          typeof config === 'string' ? opening : { ...(config as QueryConfig), text: opening };
      }
    } else if (END.test(text)) inTransaction = false;
    if (!isQueryConfig(config)) return query(config, ...rest);
    const values = config.values ?? rest[0];
    if (!inTransaction || config.name || !Array.isArray(values) || values.length === 0) {
      return query(config, ...rest);
    }
    let name = names.get(config.text);
    if (name === undefined) {
      if (names.size >= MAX_PER_CONNECTION) return query(config, ...rest);
      name = statementName(config.text);
      names.set(config.text, name);
    }
    return query({ ...config, name }, ...rest);
  }) as typeof client.query;
}

/**
 * A connection runs one query at a time. A transaction may start several together (a detail's
 * parts read with Promise.all on the transaction), and pg keeps the waiting ones in a queue that
 * it deprecates (a warning today, gone in pg 9), so they wait here instead, in the order they
 * came. A query that fails does not hold up the next. Callback and submittable calls (none in
 * the app) go straight to pg.
 */
function inOrder(query: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  let running = 0;
  let last: Promise<unknown> = Promise.resolve();
  const settled = () => {
    running--;
  };
  return (config, ...rest) => {
    const promised =
      typeof (config as { submit?: unknown } | null)?.submit !== 'function' &&
      !rest.some((arg) => typeof arg === 'function');
    if (!promised) return query(config, ...rest);
    const run = () => query(config, ...rest) as Promise<unknown>;
    const result = running === 0 ? run() : last.then(run, run);
    running++;
    last = result.then(settled, settled);
    return result;
  };
}
