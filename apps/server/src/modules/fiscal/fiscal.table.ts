import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AmbienteFiscal, Csosn, SituacaoNota } from '@prumo/shared/fiscal';
import { money, percent, timestamps } from '../../db/columns';
import { usuarios } from '../usuarios/usuarios.table';
import { vendas } from '../vendas/vendas.table';

/**
 * The company's fiscal settings (Configurações → Fiscal): one row (id 1). Secrets (the A1
 * certificate, its password, the CSC and the simulation's CA key) are stored encrypted by
 * apps/server/src/seguranca/cofre.ts with a key that is not in the database.
 */
export const configuracaoFiscal = pgTable(
  'configuracao_fiscal',
  {
    id: integer().primaryKey().default(1),
    crt: smallint().notNull().default(1),
    cnae: varchar({ length: 7 }),
    codigoMunicipio: integer(),
    ambiente: varchar({ length: 12 }).$type<AmbienteFiscal>().notNull().default('homologacao'),
    nfeAtiva: boolean().notNull().default(true),
    nfeSerie: smallint().notNull().default(1),
    nfceAtiva: boolean().notNull().default(false),
    nfceSerie: smallint().notNull().default(1),
    cscId: varchar({ length: 6 }),
    cscTokenCifrado: text(),
    csosnPadrao: varchar({ length: 3 }).$type<Csosn>().notNull().default('102'),
    aliquotaCreditoSn: percent(5),
    cfopDentroUf: varchar({ length: 4 }).notNull().default('5102'),
    cfopForaUf: varchar({ length: 4 }).notNull().default('6102'),
    tempoLimiteSegundos: smallint().notNull().default(5),
    informacoesComplementares: text(),
    /** The .pfx, base64, encrypted; its password encrypted apart. */
    certificadoCifrado: text(),
    certificadoSenhaCifrada: text(),
    certificadoTitular: varchar({ length: 200 }),
    certificadoCnpj: varchar({ length: 14 }),
    certificadoEmitidoPor: varchar({ length: 200 }),
    certificadoValidoDe: timestamp({ withTimezone: true }),
    certificadoValidoAte: timestamp({ withTimezone: true }),
    certificadoSimulacao: boolean().notNull().default(false),
    /** The simulation's CA (demo): its certificate, and its key encrypted. */
    simulacaoCaCertificado: text(),
    simulacaoCaChaveCifrada: text(),
    /** SEFAZ's status as last asked (NFeStatusServico4). */
    sefazOnline: boolean(),
    sefazCStat: integer(),
    sefazXMotivo: text(),
    sefazConsultadoEm: timestamp({ withTimezone: true }),
    /**
     * The fiscal queue's lease: one app instance runs it at a time (several may share a
     * PostgreSQL database); its last run and what it did, shown on the status strip.
     */
    filaTravadaAte: timestamp({ withTimezone: true }),
    filaExecutadaEm: timestamp({ withTimezone: true }),
    filaResultado: text(),
    ...timestamps,
  },
  (t) => [
    check('configuracao_fiscal_unica', sql`${t.id} = 1`),
    check('configuracao_fiscal_crt', sql`${t.crt} IN (1, 4)`),
    check(
      'configuracao_fiscal_ambiente',
      sql`${t.ambiente} IN ('simulacao', 'homologacao', 'producao')`,
    ),
    check(
      'configuracao_fiscal_series',
      sql`${t.nfeSerie} BETWEEN 0 AND 999 AND ${t.nfceSerie} BETWEEN 0 AND 999`,
    ),
    check('configuracao_fiscal_tempo', sql`${t.tempoLimiteSegundos} BETWEEN 1 AND 60`),
  ],
);

/**
 * The next number of each modelo and série. Taken with UPDATE … RETURNING in the transaction
 * that inserts the note: concurrent emissions queue on the row, a rolled-back one gives its
 * number back, so numbers have no gaps and never repeat.
 */
export const numeracaoFiscal = pgTable(
  'numeracao_fiscal',
  {
    modelo: smallint().notNull(),
    serie: smallint().notNull(),
    proximo: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.modelo, t.serie] }),
    check('numeracao_fiscal_modelo', sql`${t.modelo} IN (55, 65)`),
    check('numeracao_fiscal_proximo', sql`${t.proximo} BETWEEN 1 AND 1000000000`),
  ],
);

/**
 * NF-e and NFC-e. The signed XML is stored before it is sent; the authorized nfeProc (the note
 * with its protocol) is stored in the transaction that records the authorization, before the
 * answer is acknowledged. A note is never deleted.
 */
export const notasFiscais = pgTable(
  'notas_fiscais',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    modelo: smallint().notNull(),
    serie: smallint().notNull(),
    numero: integer().notNull(),
    chave: varchar({ length: 44 }).notNull().unique(),
    codigoNumerico: varchar({ length: 8 }).notNull(),
    /** 1 normal, 9 NFC-e contingência offline. */
    tpEmis: smallint().notNull().default(1),
    ambiente: varchar({ length: 12 }).$type<AmbienteFiscal>().notNull(),
    situacao: varchar({ length: 20 }).$type<SituacaoNota>().notNull().default('Rascunho'),
    vendaId: integer()
      .notNull()
      .references(() => vendas.id, { onDelete: 'restrict' }),
    cpfConsumidor: varchar({ length: 11 }),
    destinatarioNome: varchar({ length: 200 }),
    destinatarioDocumento: varchar({ length: 14 }),
    valorTotal: money().notNull(),
    emitidaEm: timestamp({ withTimezone: true }).notNull(),
    autorizadaEm: timestamp({ withTimezone: true }),
    protocolo: varchar({ length: 20 }),
    cStat: integer(),
    xMotivo: text(),
    /** The signed NFe as sent (byte for byte: reformatting breaks the signature). */
    xml: text(),
    /** The authorized nfeProc (NFe + protNFe). */
    xmlAutorizado: text(),
    qrcodeUrl: text(),
    /** What stopped the note before SEFAZ (business check or schema), shown to fix it. */
    pendencias: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contingenciaInicio: timestamp({ withTimezone: true }),
    contingenciaJustificativa: text(),
    /** The last send got no answer: consult the key before sending again (never a 204). */
    envioIncerto: boolean().notNull().default(false),
    /**
     * The event being sent to SEFAZ for this note (110111, 110110), taken with a conditional
     * UPDATE: a second request while one is under way is refused, never sent twice.
     */
    eventoEmAndamento: varchar({ length: 6 }),
    /** An attempt left for the contingency note that replaced it: the queue settles it. */
    substituidaPorId: integer().references((): AnyPgColumn => notasFiscais.id, {
      onDelete: 'no action',
    }),
    tentativas: integer().notNull().default(0),
    proximaTentativa: timestamp({ withTimezone: true }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    ...timestamps,
  },
  (t) => [
    check('notas_fiscais_modelo', sql`${t.modelo} IN (55, 65)`),
    check('notas_fiscais_tp_emis', sql`${t.tpEmis} IN (1, 9)`),
    check(
      'notas_fiscais_situacao',
      sql`${t.situacao} IN ('Rascunho', 'Autorizada', 'Rejeitada', 'Em contingência', 'Cancelada', 'Denegada', 'Inutilizada')`,
    ),
    // A number is used once per modelo, série and ambiente (homologação numbers are apart).
    // Its leading columns serve the list's search by number within a modelo.
    uniqueIndex('notas_fiscais_numero_unique').on(t.modelo, t.numero, t.serie, t.ambiente),
    // Never two live notes of one modelo for one sale (a replaced attempt stays, pointing on).
    uniqueIndex('notas_fiscais_venda_unique')
      .on(t.vendaId, t.modelo)
      .where(sql`${t.substituidaPorId} IS NULL`),
    index('notas_fiscais_venda_id_idx').on(t.vendaId),
    index('notas_fiscais_lista_idx').on(t.modelo, t.emitidaEm, t.id),
    index('notas_fiscais_situacao_idx').on(t.modelo, t.situacao),
    index('notas_fiscais_usuario_id_idx').on(t.usuarioId),
    index('notas_fiscais_substituida_idx').on(t.substituidaPorId),
    // The queue: what waits for SEFAZ, by its next attempt.
    index('notas_fiscais_fila_idx')
      .on(t.proximaTentativa)
      .where(
        sql`${t.situacao} = 'Em contingência' OR ${t.envioIncerto} OR (${t.substituidaPorId} IS NOT NULL AND ${t.situacao} IN ('Rascunho', 'Autorizada'))`,
      ),
    index('notas_fiscais_destinatario_documento_idx').on(t.destinatarioDocumento),
    index('notas_fiscais_destinatario_trgm_idx').using(
      'gin',
      sql`normalize_search(${t.destinatarioNome}) gin_trgm_ops`,
    ),
  ],
);

/** A note's timeline: each thing sent to SEFAZ and what it answered, and who did it. */
export const notaFiscalEventos = pgTable(
  'nota_fiscal_eventos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    notaId: integer()
      .notNull()
      .references(() => notasFiscais.id, { onDelete: 'cascade' }),
    tipo: varchar({ length: 20 }).notNull(),
    descricao: text().notNull(),
    cStat: integer(),
    xMotivo: text(),
    /** The XML answered (protocol, event), kept as it came. */
    xml: text(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nota_fiscal_eventos_nota_id_idx').on(t.notaId, t.id),
    index('nota_fiscal_eventos_usuario_id_idx').on(t.usuarioId),
  ],
);
