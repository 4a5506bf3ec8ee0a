import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from '../usuarios/usuarios.table';

/** Sign-in sessions. Only a SHA-256 hash of each token is kept, never the token itself. */
export const sessoes = pgTable(
  'sessoes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sessoes_token_hash_unique').on(table.tokenHash),
    index('sessoes_usuario_id_idx').on(table.usuarioId),
    index('sessoes_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Login rate-limit counters, shared by every app instance on the same database: one row per key
 * (an IP or an e-mail) with its count in the current window.
 */
export const loginLimites = pgTable('login_limites', {
  chave: varchar({ length: 300 }).primaryKey(),
  tentativas: integer().notNull(),
  janelaFimEm: timestamp({ withTimezone: true }).notNull(),
});
