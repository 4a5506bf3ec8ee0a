import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AmbienteFiscal } from '@prumo/shared/fiscal';
import { usuarios } from '../usuarios/usuarios.table';
import { notasFiscais } from './fiscal.table';

/**
 * The events SEFAZ registered on a note (issue 29): cancellation (110111) and correction letters
 * (110110, sequence 1 to 20). Each keeps its procEventoNFe (the signed event with SEFAZ's
 * answer), downloadable; a note's events are never deleted.
 */
export const eventosNfe = pgTable(
  'eventos_nfe',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    notaId: integer()
      .notNull()
      .references(() => notasFiscais.id, { onDelete: 'no action' }),
    /** 110111 cancelamento; 110110 carta de correção. */
    tipoEvento: varchar({ length: 6 }).notNull(),
    sequencia: smallint().notNull(),
    /** The cancellation's justification or the correction's text. */
    texto: text().notNull(),
    protocolo: varchar({ length: 20 }),
    cStat: integer().notNull(),
    xMotivo: text().notNull(),
    registradoEm: timestamp({ withTimezone: true }).notNull(),
    /** procEventoNFe: the event with its registration. */
    xml: text().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('eventos_nfe_tipo', sql`${t.tipoEvento} IN ('110111', '110110')`),
    check('eventos_nfe_sequencia', sql`${t.sequencia} BETWEEN 1 AND 20`),
    // One registered event per note, type and sequence: the last guard against a double send.
    uniqueIndex('eventos_nfe_unico').on(t.notaId, t.tipoEvento, t.sequencia),
    index('eventos_nfe_usuario_id_idx').on(t.usuarioId),
  ],
);

/**
 * Numbers voided with SEFAZ (inutilização, issue 29): a range of a modelo and série that will
 * never be a note, with SEFAZ's protocol (procInutNFe kept).
 */
export const inutilizacoes = pgTable(
  'inutilizacoes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ambiente: varchar({ length: 12 }).$type<AmbienteFiscal>().notNull(),
    modelo: smallint().notNull(),
    serie: smallint().notNull(),
    numeroInicial: integer().notNull(),
    numeroFinal: integer().notNull(),
    justificativa: text().notNull(),
    protocolo: varchar({ length: 20 }).notNull(),
    registradaEm: timestamp({ withTimezone: true }).notNull(),
    /** procInutNFe: the request and SEFAZ's answer. */
    xml: text().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inutilizacoes_modelo', sql`${t.modelo} IN (55, 65)`),
    check(
      'inutilizacoes_faixa',
      sql`${t.numeroInicial} >= 1 AND ${t.numeroFinal} >= ${t.numeroInicial}`,
    ),
    index('inutilizacoes_serie_idx').on(t.modelo, t.serie, t.numeroInicial),
    index('inutilizacoes_usuario_id_idx').on(t.usuarioId),
  ],
);
