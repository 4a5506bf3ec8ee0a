import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { arquivos } from '../arquivos/arquivos.table';
import { usuarios } from '../usuarios/usuarios.table';

/**
 * The company's outgoing mail server (Configurações → E-mail, issue 29, item 6): one row (id 1).
 * The password is stored encrypted (apps/server/src/seguranca/cofre.ts), never answered.
 */
export const configuracaoSmtp = pgTable(
  'configuracao_smtp',
  {
    id: integer().primaryKey().default(1),
    host: varchar({ length: 255 }).notNull(),
    porta: integer().notNull().default(587),
    /** 'tls' (implicit, port 465), 'starttls' (587) or 'nenhuma' (tests, local relays). */
    seguranca: varchar({ length: 10 }).notNull().default('starttls'),
    usuario: varchar({ length: 255 }),
    senhaCifrada: text(),
    remetenteNome: varchar({ length: 120 }).notNull(),
    remetenteEmail: varchar({ length: 254 }).notNull(),
    /** After authorization, the note's XML and DANFE go to the customer's e-mail. */
    enviarNotaAutomaticamente: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('configuracao_smtp_unica', sql`${t.id} = 1`),
    check('configuracao_smtp_porta', sql`${t.porta} BETWEEN 1 AND 65535`),
    check('configuracao_smtp_seguranca', sql`${t.seguranca} IN ('tls', 'starttls', 'nenhuma')`),
  ],
);

/**
 * The outbox: an e-mail is written here in the transaction of what causes it and sent after
 * commit by a worker, with retries and back-off, surviving restarts (ARCHITECTURE.md, "Outside
 * services"). `referencia` names the document it carries ("nota-fiscal:12", "orcamento:7").
 */
export const emails = pgTable(
  'emails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    para: varchar({ length: 254 }).notNull(),
    assunto: varchar({ length: 200 }).notNull(),
    corpo: text().notNull(),
    referencia: varchar({ length: 60 }),
    /** pendente → enviado, or falhou after the last attempt (and again pendente on a retry). */
    situacao: varchar({ length: 10 }).notNull().default('pendente'),
    tentativas: smallint().notNull().default(0),
    proximaTentativa: timestamp({ withTimezone: true }),
    ultimoErro: text(),
    enviadoEm: timestamp({ withTimezone: true }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    ...timestamps,
  },
  (t) => [
    check('emails_situacao', sql`${t.situacao} IN ('pendente', 'enviado', 'falhou')`),
    index('emails_fila_idx')
      .on(t.proximaTentativa)
      .where(sql`${t.situacao} = 'pendente'`),
    index('emails_referencia_idx').on(t.referencia),
    index('emails_created_at_idx').on(t.createdAt, t.id),
    index('emails_usuario_id_idx').on(t.usuarioId),
  ],
);

/** An e-mail's attachments (the XML, the PDF), stored files, so a restart loses nothing. */
export const emailAnexos = pgTable(
  'email_anexos',
  {
    emailId: integer()
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    arquivoId: integer()
      .notNull()
      .references(() => arquivos.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.emailId, t.arquivoId] }),
    index('email_anexos_arquivo_id_idx').on(t.arquivoId),
  ],
);
