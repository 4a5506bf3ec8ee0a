import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  ImportacaoExistentes,
  ImportacaoModo,
  ImportacaoOpcoes,
  ImportacaoStatus,
  TipoImportacao,
} from '@prumo/shared/importacao';
import { timestamps } from '../../db/columns';
import { usuarios } from '../usuarios/usuarios.table';

/** bytea as a Buffer on both drivers (PGlite answers Uint8Array, node-postgres Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A refused row of a finished import: its number in the sheet and why. */
export interface LinhaRecusada {
  linha: number;
  motivo: string;
}

/**
 * The spreadsheet imports (issue 33): the uploaded file itself (so the dry run, the run and the
 * refused rows' CSV read the very same bytes), the options last simulated or run, the outcome
 * and who ran it. The audit trail gets one entry per finished import (migration 0034).
 */
export const importacoes = pgTable(
  'importacoes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tipo: varchar({ length: 20 }).$type<TipoImportacao>().notNull(),
    arquivoNome: varchar({ length: 255 }).notNull(),
    arquivo: bytea().notNull(),
    /** The XLSX sheet read; null for CSV. */
    folha: varchar({ length: 200 }),
    status: varchar({ length: 20 }).$type<ImportacaoStatus>().notNull().default('Enviada'),
    opcoes: jsonb().$type<ImportacaoOpcoes>(),
    modo: varchar({ length: 10 }).$type<ImportacaoModo>(),
    existentes: varchar({ length: 10 }).$type<ImportacaoExistentes>(),
    chave: varchar({ length: 100 }),
    totalLinhas: integer().notNull().default(0),
    processadas: integer().notNull().default(0),
    criados: integer().notNull().default(0),
    atualizados: integer().notNull().default(0),
    ignorados: integer().notNull().default(0),
    recusados: integer().notNull().default(0),
    erro: text(),
    recusadas: jsonb().$type<LinhaRecusada[]>(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    /** Copied, so the history reads the same after the user is renamed or removed. */
    usuarioNome: varchar({ length: 120 }),
    ...timestamps,
    concluidaEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('importacoes_tipo_idx').on(t.tipo, t.id),
    index('importacoes_usuario_id_idx').on(t.usuarioId),
  ],
);

/** Column mappings a user saved to reuse with the next file from the same system. */
export const importacaoMapeamentos = pgTable(
  'importacao_mapeamentos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 120 }).notNull(),
    tipo: varchar({ length: 20 }).$type<TipoImportacao>().notNull(),
    mapeamento: jsonb().$type<Record<string, string>>().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('importacao_mapeamentos_tipo_nome_unique').on(
      t.tipo,
      sql`normalize_search(${t.nome})`,
    ),
  ],
);

/**
 * The import that created a record (cadastros, categorias, produtos, servicos, stock movements).
 * The database fills it from the import transaction's setting prumo.importacao_id, so the
 * modules' own write functions set it without knowing about imports; any other write leaves it
 * null.
 */
export const importacaoId = () =>
  integer()
    .references((): AnyPgColumn => importacoes.id, { onDelete: 'set null' })
    .default(sql`nullif(current_setting('prumo.importacao_id', true), '')::integer`);
