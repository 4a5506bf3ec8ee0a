import type { FastifyRequest } from 'fastify';
import type { Executor, Transaction } from '../db/database';

/**
 * How a route runs a write: in one transaction that names its author for the audit trail (the
 * auditoria module's comAuditoria, which the module passes in: http/ imports no module).
 */
export type Auditar = <T>(
  db: Executor,
  ator: FastifyRequest['user'],
  work: (tx: Transaction) => Promise<T>,
) => Promise<T>;
