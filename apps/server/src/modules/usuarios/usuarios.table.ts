import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    ativo: boolean().notNull().default(true),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('usuarios_email_unique').on(sql`lower(${table.email})`),
    check('usuarios_role_check', sql`${table.role} IN ('admin', 'manager', 'user')`),
  ],
);
