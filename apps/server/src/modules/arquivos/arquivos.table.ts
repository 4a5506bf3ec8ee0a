import { customType, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** bytea as a Buffer on both drivers (PGlite answers Uint8Array, node-postgres Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files (photos, attachments). Kept in the database so that backups, transactions and
 * several app instances need nothing else; each module links files to its records.
 */
export const arquivos = pgTable('arquivos', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  nome: varchar({ length: 255 }).notNull(),
  tipoMime: varchar({ length: 100 }).notNull(),
  tamanho: integer().notNull(),
  conteudo: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
