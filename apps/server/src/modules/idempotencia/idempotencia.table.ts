import {
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
  jsonb,
  index,
} from 'drizzle-orm/pg-core';
import { usuarios } from '../usuarios/usuarios.table';

/**
 * Idempotency-Key answers, kept in the database so every app instance sees them: the same key
 * (per user) with the same request answers the first result again.
 */
export const idempotencia = pgTable(
  'idempotencia',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    chave: varchar({ length: 255 }).notNull(),
    /** METHOD and route, plus a SHA-256 of the body: a reused key with another request is refused. */
    requisicao: text().notNull(),
    corpoHash: varchar({ length: 64 }).notNull(),
    /** Null while the first request is still running. */
    status: integer(),
    resposta: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.usuarioId, table.chave] }),
    index('idempotencia_created_at_idx').on(table.createdAt),
  ],
);
