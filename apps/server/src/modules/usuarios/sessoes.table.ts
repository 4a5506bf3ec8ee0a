import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from './usuarios.table';

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
    /** Where the session was opened, shown in Perfil → Sessões. */
    userAgent: varchar({ length: 300 }),
    ip: varchar({ length: 64 }),
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

/**
 * The second step of a sign-in with two factors: after the password, a short-lived challenge
 * (only its hash kept) that the authenticator code or a recovery code completes. In the database
 * so that any app instance can finish it; attempts are counted to stop guessing.
 */
export const desafiosLogin = pgTable(
  'desafios_login',
  {
    tokenHash: varchar({ length: 64 }).primaryKey(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tentativas: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('desafios_login_usuario_id_idx').on(table.usuarioId),
    index('desafios_login_expires_at_idx').on(table.expiresAt),
  ],
);
