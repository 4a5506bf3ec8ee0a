import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import type { PixTipo, Tema } from '@prumo/shared/configuracoes';
import { timestamps } from '../../db/columns';
import { arquivos } from '../arquivos/arquivos.table';
import { usuarios } from '../usuarios/usuarios.table';

/** The company printed on documents and its PIX key: one row (id 1) once it is saved. */
export const empresa = pgTable(
  'empresa',
  {
    id: integer().primaryKey().default(1),
    razaoSocial: varchar({ length: 150 }).notNull(),
    nomeFantasia: varchar({ length: 150 }),
    /** CNPJ (14 characters, maybe alphanumeric) or CPF (11 digits), without punctuation. */
    documento: varchar({ length: 14 }),
    inscricaoEstadual: varchar({ length: 20 }),
    cep: varchar({ length: 8 }),
    logradouro: varchar({ length: 150 }),
    numero: varchar({ length: 20 }),
    complemento: varchar({ length: 100 }),
    bairro: varchar({ length: 100 }),
    cidade: varchar({ length: 100 }),
    uf: varchar({ length: 2 }),
    telefone: varchar({ length: 20 }),
    email: varchar({ length: 254 }),
    pixTipo: varchar({ length: 10 }).$type<PixTipo>(),
    pixChave: varchar({ length: 77 }),
    pixNome: varchar({ length: 25 }),
    pixCidade: varchar({ length: 15 }),
    logoId: integer().references(() => arquivos.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  () => [check('empresa_unica', sql`id = 1`)],
);

/** The company's switches (spec part 2, section 2.14) and idle logout: one row (id 1). */
export const preferencias = pgTable(
  'preferencias',
  {
    id: integer().primaryKey().default(1),
    notificacoesEmail: boolean().notNull().default(true),
    alertasVencimento: boolean().notNull().default(true),
    relatoriosAutomaticos: boolean().notNull().default(false),
    /** Minutes a session may stay unused; null follows SESSION_IDLE_MINUTES. */
    inatividadeMinutos: integer(),
    /** Daily copy of the embedded database into DATA_DIR/backups (PGlite only). */
    backupAutomatico: boolean().notNull().default(true),
    /** Hour of the day (company time zone) the daily backup runs. */
    backupHora: integer().notNull().default(2),
    /** Every user must set up an authenticator app before using the system. */
    doisFatoresObrigatorio: boolean().notNull().default(false),
    ...timestamps,
  },
  () => [
    check('preferencias_unica', sql`id = 1`),
    check('preferencias_inatividade', sql`inatividade_minutos > 0`),
    check('preferencias_backup_hora', sql`backup_hora BETWEEN 0 AND 23`),
  ],
);

/** Each user's own colour scheme, remembered across devices. */
export const preferenciasUsuarios = pgTable(
  'preferencias_usuarios',
  {
    usuarioId: integer()
      .primaryKey()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tema: text().$type<Tema>().notNull().default('light'),
    ...timestamps,
  },
  (table) => [check('preferencias_usuarios_tema', sql`${table.tema} IN ('light', 'dark')`)],
);
