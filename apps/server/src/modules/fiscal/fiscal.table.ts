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
import type {
  AcertoDevolucao,
  AmbienteFiscal,
  Csosn,
  NfseOpSimplesNacional,
  NfseRegimeApuracaoSn,
  NfseRegimeEspecial,
  SituacaoNota,
  TipoDevolucao,
} from '@prumo/shared/fiscal';
import { money, percent, quantity, timestamps } from '../../db/columns';
import { usuarios } from '../usuarios/usuarios.table';
import { vendas } from '../vendas/vendas.table';
import { cadastros } from '../cadastros/cadastros.table';
import { produtos } from '../produtos/produtos.table';
import { entradasNfe } from './entradas.table';

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
    // NFS-e (issue 30)
    inscricaoMunicipal: varchar({ length: 15 }),
    /** opSimpNac; null follows the CRT (MEI → 2, Simples Nacional → 3). */
    nfseOpSimplesNacional: smallint().$type<NfseOpSimplesNacional>(),
    /** regApTribSN, written in the DPS only for an ME/EPP (opSimpNac 3). */
    nfseRegimeApuracaoSn: smallint().$type<NfseRegimeApuracaoSn>().notNull().default(1),
    /** regEspTrib; 0 none. */
    nfseRegimeEspecial: smallint().$type<NfseRegimeEspecial>().notNull().default(0),
    /** The company's município issues through Sefin Nacional (else the NFS-e is not Prumo's). */
    nfseEmissorNacional: boolean().notNull().default(true),
    nfseAtiva: boolean().notNull().default(false),
    /** "Emitir NFS-e ao concluir" on since then (the queue issues what is concluded after); null off. */
    nfseAutomaticaDesde: timestamp({ withTimezone: true }),
    /** The DPS série (1 to 99999); its numbers are in numeracao_dps. */
    nfseSerie: integer().notNull().default(1),
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
    check(
      'configuracao_fiscal_nfse',
      sql`coalesce(${t.nfseOpSimplesNacional}, 1) BETWEEN 1 AND 3
        AND ${t.nfseRegimeApuracaoSn} BETWEEN 1 AND 3
        AND ${t.nfseRegimeEspecial} BETWEEN 0 AND 6
        AND ${t.nfseSerie} BETWEEN 1 AND 99999
        AND NOT (${t.nfseAtiva} AND NOT ${t.nfseEmissorNacional})`,
    ),
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
 * The next DPS number (the NFS-e's) of each série, in each ambiente: simulação, produção
 * restrita (homologação) and produção are apart, so a produção série starts at 1 whatever the
 * demo used. The DPS série (1 to 99999) and nDPS (up to 15 digits) do not fit numeracao_fiscal's
 * modelo and série, and the DPS are not notas_fiscais rows, so the row keeps `maiorUsado`, the
 * largest number taken, written by the same UPDATE that takes it: the next number may move back
 * only above it (the NF-e's rule), and a rolled-back issue gives both back.
 */
export const numeracaoDps = pgTable(
  'numeracao_dps',
  {
    ambiente: varchar({ length: 12 }).$type<AmbienteFiscal>().notNull(),
    serie: integer().notNull(),
    proximo: integer().notNull().default(1),
    maiorUsado: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ambiente, t.serie] }),
    check('numeracao_dps_ambiente', sql`${t.ambiente} IN ('simulacao', 'homologacao', 'producao')`),
    check('numeracao_dps_serie', sql`${t.serie} BETWEEN 1 AND 99999`),
    check(
      'numeracao_dps_proximo',
      sql`${t.proximo} BETWEEN 1 AND 1000000000 AND ${t.maiorUsado} BETWEEN 0 AND ${t.proximo} - 1`,
    ),
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
    /** The sale the note is of; null on a return's note (devolucaoId). */
    vendaId: integer().references(() => vendas.id, { onDelete: 'restrict' }),
    /** finNFe: 1 normal, 4 devolução. */
    finalidade: smallint().notNull().default(1),
    /** The return (finalidade 4) whose note this is. */
    devolucaoId: integer().references((): AnyPgColumn => devolucoes.id, {
      onDelete: 'no action',
    }),
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
    // A note is of a sale or of a return, never both; a return's note is an NF-e.
    check(
      'notas_fiscais_origem',
      sql`(${t.finalidade} = 1 AND ${t.vendaId} IS NOT NULL AND ${t.devolucaoId} IS NULL)
        OR (${t.finalidade} = 4 AND ${t.modelo} = 55 AND ${t.devolucaoId} IS NOT NULL AND ${t.vendaId} IS NULL)`,
    ),
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
    // One live note per return (a rejected one is fixed and sent again under its number).
    uniqueIndex('notas_fiscais_devolucao_unique').on(t.devolucaoId),
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

/**
 * Returns (issue 29, item 4): a customer's, referencing the sale's note, or ours to a supplier,
 * referencing the purchase entered by XML. Its own NF-e (finalidade 4) points here
 * (notas_fiscais.devolucao_id), and so do the stock movements and the title it wrote in the same
 * transaction. Never deleted.
 */
export const devolucoes = pgTable(
  'devolucoes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tipo: varchar({ length: 10 }).$type<TipoDevolucao>().notNull(),
    /** tipo cliente: the sale's note (NF-e or NFC-e) the goods came with. */
    notaOrigemId: integer().references((): AnyPgColumn => notasFiscais.id, {
      onDelete: 'no action',
    }),
    /** tipo fornecedor: the purchase entered from the supplier's NF-e. */
    entradaNfeId: integer().references((): AnyPgColumn => entradasNfe.id, {
      onDelete: 'no action',
    }),
    /** refNFe: the original note's access key. */
    chaveReferenciada: varchar({ length: 44 }).notNull(),
    /** The customer who returns or the supplier who takes back. */
    pessoaId: integer()
      .notNull()
      .references(() => cadastros.id, { onDelete: 'restrict' }),
    motivo: text().notNull(),
    acerto: varchar({ length: 10 }).$type<AcertoDevolucao>().notNull(),
    valorTotal: money().notNull(),
    /** When its note was cancelled: the stock and the title were reversed with it. */
    canceladaEm: timestamp({ withTimezone: true }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'devolucoes_origem',
      sql`(${t.tipo} = 'cliente' AND ${t.notaOrigemId} IS NOT NULL AND ${t.entradaNfeId} IS NULL)
        OR (${t.tipo} = 'fornecedor' AND ${t.entradaNfeId} IS NOT NULL AND ${t.notaOrigemId} IS NULL)`,
    ),
    check('devolucoes_acerto', sql`${t.acerto} IN ('reembolso', 'credito')`),
    index('devolucoes_nota_origem_id_idx').on(t.notaOrigemId),
    index('devolucoes_entrada_nfe_id_idx').on(t.entradaNfeId),
    index('devolucoes_pessoa_id_idx').on(t.pessoaId),
    index('devolucoes_usuario_id_idx').on(t.usuarioId),
    index('devolucoes_created_at_idx').on(t.createdAt, t.id),
  ],
);

/** The items returned: the original note's item, in its unit, and what moved in the stock. */
export const devolucaoItens = pgTable(
  'devolucao_itens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    devolucaoId: integer()
      .notNull()
      .references(() => devolucoes.id, { onDelete: 'cascade' }),
    /** nItem of the original note. */
    nItem: smallint().notNull(),
    produtoId: integer()
      .notNull()
      .references(() => produtos.id, { onDelete: 'restrict' }),
    descricao: varchar({ length: 200 }).notNull(),
    unidade: varchar({ length: 10 }).notNull(),
    /** In the original note's unit. */
    quantidade: quantity().notNull(),
    /** In the product's unit (quantidade × the entry's factor for a supplier's note). */
    quantidadeEstoque: quantity().notNull(),
    valorUnitario: money().notNull(),
    /** The returned share of the item's value net of discount (what the note and money carry). */
    valorTotal: money().notNull(),
  },
  (t) => [
    check('devolucao_itens_quantidade', sql`${t.quantidade} > 0`),
    uniqueIndex('devolucao_itens_item_unique').on(t.devolucaoId, t.nItem),
    index('devolucao_itens_produto_id_idx').on(t.produtoId),
  ],
);
