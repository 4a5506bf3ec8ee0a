import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per create, update, delete or status change, written in the same
 * transaction as the change. Append-only: a trigger (migration 0005) refuses UPDATE and DELETE.
 * The user's name is copied so the trail reads the same after the user is renamed or removed.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: the trail outlives the user, and a cascade would have to rewrite it. */
    usuarioId: integer(),
    usuarioNome: varchar({ length: 120 }),
    /** criar, atualizar, excluir or status. */
    acao: varchar({ length: 20 }).notNull(),
    /** The API resource, as its path names it: cadastros, produtos, estoque-movimentacoes... */
    recurso: varchar({ length: 60 }).notNull(),
    registroId: varchar({ length: 60 }).notNull(),
    antes: jsonb(),
    depois: jsonb(),
  },
  (table) => [
    index('auditoria_recurso_registro_idx').on(table.recurso, table.registroId, table.id),
    index('auditoria_created_at_idx').on(table.createdAt),
    index('auditoria_usuario_id_idx').on(table.usuarioId),
  ],
);
