import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Role } from '@prumo/shared/auth';
import { timestamps } from '../../db/columns';

export const usuarios = pgTable(
  'usuarios',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 120 }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    role: text().$type<Role>().notNull(),
    /** argon2id hash; the password itself is never stored. */
    senhaHash: text().notNull(),
    /** When the password last changed: the audit trail shows this, never the hash. */
    senhaAlteradaEm: timestamp({ withTimezone: true }),
    ativo: boolean().notNull().default(true),
    /** Base32 TOTP secret (RFC 6238) while set up or pending; hidden from the audit trail. */
    totpSegredo: text(),
    /** When the second factor was confirmed; null means sign-in asks for the password only. */
    doisFatoresAtivadoEm: timestamp({ withTimezone: true }),
    /** The last TOTP time step accepted, so one code is never accepted twice. */
    totpUltimoPasso: bigint({ mode: 'number' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('usuarios_email_unique').on(sql`lower(${table.email})`),
    check('usuarios_role_check', sql`${table.role} IN ('admin', 'manager', 'user')`),
  ],
);

/** One-time recovery codes of a user's second factor; only their SHA-256 hashes are kept. */
export const codigosRecuperacao = pgTable(
  'codigos_recuperacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    codigoHash: varchar({ length: 64 }).notNull(),
    usadoEm: timestamp({ withTimezone: true }),
  },
  // Leads with usuario_id, so it also serves the foreign key.
  (table) => [
    uniqueIndex('codigos_recuperacao_codigo_unique').on(table.usuarioId, table.codigoHash),
  ],
);
