import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AmbienteFiscal, SituacaoNfse } from '@prumo/shared/fiscal';
import { money, timestamps } from '../../db/columns';
import { contratoFaturas } from '../contratos/contratos.table';
import { ordensServico } from '../ordens-servico/ordens-servico.table';
import { usuarios } from '../usuarios/usuarios.table';
import { vendas } from '../vendas/vendas.table';

/**
 * National NFS-e (issue 30): one per service order (or appointment) and service code. The signed
 * DPS is stored before it is sent; the NFS-e the issuer answers (its XML and key) is stored in the
 * transaction that records it, before anything is acknowledged. Never deleted: cancelled.
 */
export const nfses = pgTable(
  'nfses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ambiente: varchar({ length: 12 }).$type<AmbienteFiscal>().notNull(),
    situacao: varchar({ length: 12 }).$type<SituacaoNfse>().notNull().default('Rascunho'),
    /** The DPS's série and number (numeracao_dps) and its 45-character Id. */
    serie: integer().notNull(),
    numeroDps: integer().notNull(),
    idDps: varchar({ length: 45 }).notNull().unique('nfses_id_dps_unique'),
    /** The NFS-e's key and number, once the issuer generated it. */
    chave: varchar({ length: 50 }).unique(),
    numeroNfse: integer(),
    ordemServicoId: integer().references(() => ordensServico.id, { onDelete: 'restrict' }),
    /** An appointment (a sale of a service). */
    vendaId: integer().references(() => vendas.id, { onDelete: 'restrict' }),
    /** A service contract's bill (one period). */
    contratoFaturaId: integer().references(() => contratoFaturas.id, { onDelete: 'restrict' }),
    codigoTributacaoNacional: varchar({ length: 6 }).notNull(),
    descricao: text().notNull(),
    tomadorNome: varchar({ length: 200 }),
    tomadorDocumento: varchar({ length: 14 }),
    competencia: date({ mode: 'string' }).notNull(),
    valorServicos: money().notNull(),
    valorDesconto: money().notNull().default(0),
    valorIss: money().notNull().default(0),
    issRetido: boolean().notNull().default(false),
    valorLiquido: money().notNull(),
    emitidaEm: timestamp({ withTimezone: true }).notNull(),
    autorizadaEm: timestamp({ withTimezone: true }),
    /** The signed DPS as sent (byte for byte). */
    xmlDps: text(),
    /** The NFS-e as the issuer answered it (signed by it). */
    xmlNfse: text(),
    codigoErro: varchar({ length: 10 }),
    mensagemErro: text(),
    /** What stopped the DPS before the issuer (settings, catalogue, schema), to fix it. */
    pendencias: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last send got no answer: the DPS's id is queried before it is sent again. */
    envioIncerto: boolean().notNull().default(false),
    cancelamentoMotivo: smallint(),
    cancelamentoJustificativa: text(),
    canceladaEm: timestamp({ withTimezone: true }),
    /** The registered cancellation event (the issuer's XML). */
    xmlCancelamento: text(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    ...timestamps,
  },
  (t) => [
    check(
      'nfses_situacao',
      sql`${t.situacao} IN ('Rascunho', 'Autorizada', 'Rejeitada', 'Cancelada')`,
    ),
    check(
      'nfses_origem',
      sql`num_nonnulls(${t.ordemServicoId}, ${t.vendaId}, ${t.contratoFaturaId}) = 1`,
    ),
    check('nfses_valores', sql`${t.valorServicos} > 0 AND ${t.valorLiquido} >= 0`),
    // A DPS number is used once per ambiente and série.
    uniqueIndex('nfses_numero_unique').on(t.ambiente, t.serie, t.numeroDps),
    // One live NFS-e per order (or appointment) and service code: a cancelled one may be issued again.
    uniqueIndex('nfses_ordem_codigo_unique')
      .on(t.ordemServicoId, t.codigoTributacaoNacional)
      .where(sql`${t.situacao} <> 'Cancelada' AND ${t.ordemServicoId} IS NOT NULL`),
    uniqueIndex('nfses_venda_codigo_unique')
      .on(t.vendaId, t.codigoTributacaoNacional)
      .where(sql`${t.situacao} <> 'Cancelada' AND ${t.vendaId} IS NOT NULL`),
    uniqueIndex('nfses_contrato_fatura_codigo_unique')
      .on(t.contratoFaturaId, t.codigoTributacaoNacional)
      .where(sql`${t.situacao} <> 'Cancelada' AND ${t.contratoFaturaId} IS NOT NULL`),
    index('nfses_ordem_servico_id_idx').on(t.ordemServicoId),
    index('nfses_contrato_fatura_id_idx').on(t.contratoFaturaId),
    index('nfses_venda_id_idx').on(t.vendaId),
    index('nfses_lista_idx').on(t.emitidaEm, t.id),
    index('nfses_situacao_idx').on(t.situacao),
    index('nfses_usuario_id_idx').on(t.usuarioId),
    index('nfses_tomador_documento_idx').on(t.tomadorDocumento),
    index('nfses_tomador_trgm_idx').using(
      'gin',
      sql`normalize_search(${t.tomadorNome}) gin_trgm_ops`,
    ),
  ],
);

/** An NFS-e's timeline: what was sent to the issuer, what it answered, who did it. */
export const nfseEventos = pgTable(
  'nfse_eventos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nfseId: integer()
      .notNull()
      .references(() => nfses.id, { onDelete: 'cascade' }),
    tipo: varchar({ length: 20 }).notNull(),
    descricao: text().notNull(),
    codigo: varchar({ length: 10 }),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'no action' }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nfse_eventos_nfse_id_idx').on(t.nfseId, t.id),
    index('nfse_eventos_usuario_id_idx').on(t.usuarioId),
  ],
);
