import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/*
 * Settings a transaction opens with (the audit trail's author: auditoria.repository comAuditoria).
 * On PostgreSQL the pool's client (newPool) sends them in the same message as the BEGIN, as one
 * simple query, so every audited write saves a round trip: on a small machine each one costs
 * about as much CPU as the statement it carries. Transactions that do not pass through that
 * client (the embedded database's) set them with a statement of their own: see
 * `settingsPending`.
 */

interface Pending {
  settings: ReadonlyArray<readonly [name: string, value: string]>;
  sent: boolean;
}

const pending = new AsyncLocalStorage<Pending>();
const BEGIN = /^\s*(begin|start transaction)\s*;?\s*$/i;

/** Runs `open` (which opens one transaction) with these settings local to that transaction. */
export function withTransactionSettings<T>(
  settings: Record<string, string>,
  open: () => Promise<T>,
): Promise<T> {
  return pending.run({ settings: Object.entries(settings), sent: false }, open);
}

/**
 * Called first inside the transaction: the settings its BEGIN did not carry (and from then on
 * none), for the caller to set with set_config.
 */
export function settingsPending(): Record<string, string> {
  const store = pending.getStore();
  if (!store || store.sent) return {};
  store.sent = true;
  return Object.fromEntries(store.settings);
}

/**
 * The text a pool client sends for `text`: a bare BEGIN followed by the pending settings'
 * set_config, once; anything else unchanged. Values are quoted by the driver's escapeLiteral.
 */
export function withPendingSettings(text: string, client: pg.ClientBase): string {
  const store = pending.getStore();
  if (!store || store.sent || !BEGIN.test(text)) return text;
  store.sent = true;
  const calls = store.settings.map(
    ([name, value]) =>
      `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`,
  );
  return `${text.replace(/;?\s*$/, '')}; SELECT ${calls.join(', ')}`;
}
