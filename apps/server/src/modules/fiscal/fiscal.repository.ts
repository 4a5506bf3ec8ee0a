import { and, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  CertificadoInfo,
  ConfiguracaoFiscal,
  ConfiguracaoFiscalInput,
  ModeloFiscal,
  NotaFiscal,
  NotaFiscalResumo,
  NotasFiscaisQuery,
  SituacaoNota,
} from '@prumo/shared/fiscal';
import {
  FISCAL_MENSAGENS,
  NFSE_MENSAGENS,
  opSimplesNacionalDoCrt,
  type AmbienteFiscal,
} from '@prumo/shared/fiscal';
import type { FormaPagamento } from '@prumo/shared/vendas';
import type { Executor, Transaction } from '../../db/database';
import {
  containsSearch,
  inicioDoDia,
  isoUtc,
  selectRows,
  sortOrder,
  type SortColumns,
} from '../../db/sql-helpers';
import { AppError } from '../../http/errors';
import type { CertificadoInfoA1 } from './certificado/certificado';
import {
  configuracaoFiscal,
  notaFiscalEventos,
  notasFiscais,
  numeracaoDps,
  numeracaoFiscal,
} from './fiscal.table';

type ConfigRow = typeof configuracaoFiscal.$inferSelect;
export type NotaRow = typeof notasFiscais.$inferSelect;
type Atualizar<T> = Partial<Omit<T, 'id'>>;

const DIA_MS = 24 * 3_600_000;

/** The settings row, or the defaults of the table while nothing is saved. */
export async function configuracaoRow(db: Executor): Promise<ConfigRow | null> {
  const [row] = await db.select().from(configuracaoFiscal).where(eq(configuracaoFiscal.id, 1));
  return row ?? null;
}

/** The next number of each modelo at its série (1 while none was taken). */
async function proximosNumeros(db: Executor, nfeSerie: number, nfceSerie: number) {
  const rows = await db
    .select()
    .from(numeracaoFiscal)
    .where(
      or(
        and(eq(numeracaoFiscal.modelo, 55), eq(numeracaoFiscal.serie, nfeSerie)),
        and(eq(numeracaoFiscal.modelo, 65), eq(numeracaoFiscal.serie, nfceSerie)),
      ),
    );
  const de = (modelo: number) => rows.find((row) => row.modelo === modelo)?.proximo ?? 1;
  return { nfe: de(55), nfce: de(65) };
}

/** The next DPS number of a série in an ambiente (1 while none was taken). */
export async function proximoNumeroDps(db: Executor, ambiente: AmbienteFiscal, serie: number) {
  const [row] = await db
    .select({ proximo: numeracaoDps.proximo })
    .from(numeracaoDps)
    .where(and(eq(numeracaoDps.ambiente, ambiente), eq(numeracaoDps.serie, serie)));
  return row?.proximo ?? 1;
}

export function certificadoInfo(row: ConfigRow | null, agora = new Date()): CertificadoInfo | null {
  if (!row?.certificadoCifrado || !row.certificadoValidoAte || !row.certificadoValidoDe)
    return null;
  return {
    titular: row.certificadoTitular ?? '',
    cnpj: row.certificadoCnpj,
    emitido_por: row.certificadoEmitidoPor ?? '',
    valido_de: row.certificadoValidoDe.toISOString(),
    valido_ate: row.certificadoValidoAte.toISOString(),
    dias_para_vencer: Math.floor((row.certificadoValidoAte.getTime() - agora.getTime()) / DIA_MS),
    simulacao: row.certificadoSimulacao,
  };
}

/** GET /api/fiscal/configuracao. */
export async function getConfiguracaoFiscal(db: Executor): Promise<ConfiguracaoFiscal> {
  const row = await configuracaoRow(db);
  const nfeSerie = row?.nfeSerie ?? 1;
  const nfceSerie = row?.nfceSerie ?? 1;
  const proximos = await proximosNumeros(db, nfeSerie, nfceSerie);
  const crt = (row?.crt ?? 1) as 1 | 4;
  const ambiente = row?.ambiente ?? 'homologacao';
  const nfseSerie = row?.nfseSerie ?? 1;
  return {
    crt,
    cnae: row?.cnae ?? null,
    codigo_municipio: row?.codigoMunicipio ?? null,
    ambiente,
    nfe_ativa: row?.nfeAtiva ?? true,
    nfe_serie: nfeSerie,
    nfe_proximo_numero: proximos.nfe,
    nfce_ativa: row?.nfceAtiva ?? false,
    nfce_serie: nfceSerie,
    nfce_proximo_numero: proximos.nfce,
    csc_id: row?.cscId ?? null,
    csc_token_definido: Boolean(row?.cscTokenCifrado),
    csosn_padrao: row?.csosnPadrao ?? '102',
    aliquota_credito_sn: row?.aliquotaCreditoSn ?? null,
    cfop_dentro_uf: row?.cfopDentroUf ?? '5102',
    cfop_fora_uf: row?.cfopForaUf ?? '6102',
    tempo_limite_segundos: row?.tempoLimiteSegundos ?? 5,
    informacoes_complementares: row?.informacoesComplementares ?? null,
    inscricao_municipal: row?.inscricaoMunicipal ?? null,
    nfse_op_simples_nacional: row?.nfseOpSimplesNacional ?? opSimplesNacionalDoCrt(crt),
    nfse_regime_apuracao_sn: row?.nfseRegimeApuracaoSn ?? 1,
    nfse_regime_especial: row?.nfseRegimeEspecial ?? 0,
    nfse_emissor_nacional: row?.nfseEmissorNacional ?? true,
    nfse_ativa: row?.nfseAtiva ?? false,
    nfse_emitir_ao_concluir: Boolean(row?.nfseAutomaticaDesde),
    nfse_serie: nfseSerie,
    nfse_proximo_numero: await proximoNumeroDps(db, ambiente, nfseSerie),
    certificado: certificadoInfo(row),
  };
}

/** The largest number used at a modelo and série in an ambiente (0 when none). */
async function maiorNumeroUsado(tx: Executor, ambiente: string, modelo: number, serie: number) {
  const [row] = await selectRows<{ maior: number | null }>(
    tx,
    sql`SELECT max(numero) AS maior FROM notas_fiscais
      WHERE ambiente = ${ambiente} AND modelo = ${modelo} AND serie = ${serie}`,
  );
  return Number(row?.maior ?? 0);
}

/**
 * PUT /api/fiscal/configuracao. The next number of a série can move forward, or back only
 * above the numbers already used there (a number is never reused).
 */
export async function saveConfiguracaoFiscal(
  tx: Transaction,
  dados: Omit<ConfiguracaoFiscalInput, 'csc_token' | 'confirmar_producao'> & {
    cscTokenCifrado?: string;
  },
): Promise<void> {
  const colunas = {
    crt: dados.crt,
    cnae: dados.cnae ?? null,
    codigoMunicipio: dados.codigo_municipio ?? null,
    ambiente: dados.ambiente,
    nfeAtiva: dados.nfe_ativa,
    nfeSerie: dados.nfe_serie,
    nfceAtiva: dados.nfce_ativa,
    nfceSerie: dados.nfce_serie,
    cscId: dados.csc_id ?? null,
    ...(dados.cscTokenCifrado ? { cscTokenCifrado: dados.cscTokenCifrado } : {}),
    csosnPadrao: dados.csosn_padrao,
    aliquotaCreditoSn: dados.aliquota_credito_sn ?? null,
    cfopDentroUf: dados.cfop_dentro_uf,
    cfopForaUf: dados.cfop_fora_uf,
    tempoLimiteSegundos: dados.tempo_limite_segundos,
    informacoesComplementares: dados.informacoes_complementares ?? null,
    inscricaoMunicipal: dados.inscricao_municipal ?? null,
    nfseOpSimplesNacional: dados.nfse_op_simples_nacional ?? null,
    nfseRegimeApuracaoSn: dados.nfse_regime_apuracao_sn,
    nfseRegimeEspecial: dados.nfse_regime_especial,
    nfseEmissorNacional: dados.nfse_emissor_nacional,
    nfseAtiva: dados.nfse_ativa,
    nfseSerie: dados.nfse_serie,
    updatedAt: new Date(),
  };
  await tx
    .insert(configuracaoFiscal)
    .values({
      id: 1,
      ...colunas,
      nfseAutomaticaDesde: dados.nfse_emitir_ao_concluir ? new Date() : null,
    })
    .onConflictDoUpdate({
      target: configuracaoFiscal.id,
      set: {
        ...colunas,
        // Turned on, it keeps the moment it was first turned on; only what is concluded after.
        nfseAutomaticaDesde: dados.nfse_emitir_ao_concluir
          ? sql`coalesce(${configuracaoFiscal.nfseAutomaticaDesde}, now())`
          : null,
      },
    });
  await moverNumeracaoDps(tx, dados.ambiente, dados.nfse_serie, dados.nfse_proximo_numero);
  const numeracoes = [
    { modelo: 55, serie: dados.nfe_serie, proximo: dados.nfe_proximo_numero, campo: 'nfe' },
    { modelo: 65, serie: dados.nfce_serie, proximo: dados.nfce_proximo_numero, campo: 'nfce' },
  ] as const;
  for (const { modelo, serie, proximo, campo } of numeracoes) {
    const maior = await maiorNumeroUsado(tx, dados.ambiente, modelo, serie);
    if (proximo <= maior) {
      const mensagem = `O número ${maior} já foi usado nesta série: o próximo deve ser maior que ${maior}`;
      throw new AppError('DUPLICADO', mensagem, { [`${campo}_proximo_numero`]: mensagem });
    }
    await tx
      .insert(numeracaoFiscal)
      .values({ modelo, serie, proximo })
      .onConflictDoUpdate({
        target: [numeracaoFiscal.modelo, numeracaoFiscal.serie],
        set: { proximo },
      });
  }
}

/**
 * Sets the next DPS number of a série in an ambiente, in one statement: it moves forward, or back
 * only above the largest number taken there (409 DUPLICADO otherwise, as the NF-e's série).
 */
async function moverNumeracaoDps(
  tx: Transaction,
  ambiente: AmbienteFiscal,
  serie: number,
  proximo: number,
): Promise<void> {
  const movida = await selectRows<{ proximo: number }>(
    tx,
    sql`INSERT INTO numeracao_dps (ambiente, serie, proximo) VALUES (${ambiente}, ${serie}, ${proximo})
      ON CONFLICT (ambiente, serie) DO UPDATE SET proximo = excluded.proximo
        WHERE numeracao_dps.maior_usado < excluded.proximo
      RETURNING proximo`,
  );
  if (movida.length > 0) return;
  const [row] = await tx
    .select({ maior: numeracaoDps.maiorUsado })
    .from(numeracaoDps)
    .where(and(eq(numeracaoDps.ambiente, ambiente), eq(numeracaoDps.serie, serie)));
  const mensagem = NFSE_MENSAGENS.numeroUsado(row?.maior ?? proximo);
  throw new AppError('DUPLICADO', mensagem, { nfse_proximo_numero: mensagem });
}

/**
 * Takes the next DPS number of a série in an ambiente (the NFS-e's), like reservarNumero: the row
 * stays locked until the transaction ends, so concurrent issues take consecutive numbers, and a
 * rollback gives the number back. The number taken is kept as the série's largest used.
 */
export async function reservarNumeroDps(
  tx: Transaction,
  ambiente: AmbienteFiscal,
  serie: number,
): Promise<number> {
  const [row] = await selectRows<{ numero: number }>(
    tx,
    sql`INSERT INTO numeracao_dps (ambiente, serie, proximo, maior_usado)
      VALUES (${ambiente}, ${serie}, 2, 1)
      ON CONFLICT (ambiente, serie) DO UPDATE
        SET proximo = numeracao_dps.proximo + 1, maior_usado = numeracao_dps.proximo
      RETURNING proximo - 1 AS numero`,
  );
  return Number(row!.numero);
}

/** POST /api/fiscal/certificado: the encrypted file and password, and what it says. */
export async function salvarCertificado(
  tx: Transaction,
  cifrado: { pfx: string; senha: string },
  info: CertificadoInfoA1,
): Promise<void> {
  const colunas = {
    certificadoCifrado: cifrado.pfx,
    certificadoSenhaCifrada: cifrado.senha,
    certificadoTitular: info.titular.slice(0, 200),
    certificadoCnpj: info.cnpj,
    certificadoEmitidoPor: info.emitidoPor.slice(0, 200),
    certificadoValidoDe: info.validoDe,
    certificadoValidoAte: info.validoAte,
    certificadoSimulacao: info.simulacao,
    updatedAt: new Date(),
  };
  await tx
    .insert(configuracaoFiscal)
    .values({ id: 1, ...colunas })
    .onConflictDoUpdate({ target: configuracaoFiscal.id, set: colunas });
}

export async function removerCertificado(tx: Transaction): Promise<void> {
  await tx
    .update(configuracaoFiscal)
    .set({
      certificadoCifrado: null,
      certificadoSenhaCifrada: null,
      certificadoTitular: null,
      certificadoCnpj: null,
      certificadoEmitidoPor: null,
      certificadoValidoDe: null,
      certificadoValidoAte: null,
      certificadoSimulacao: false,
      updatedAt: new Date(),
    })
    .where(eq(configuracaoFiscal.id, 1));
}

/** The simulation's CA (demo), kept so its certificates stay valid across restarts. */
export async function salvarCaSimulacao(
  tx: Executor,
  ca: { certificadoPem: string; chaveCifrada: string },
): Promise<void> {
  const colunas = {
    simulacaoCaCertificado: ca.certificadoPem,
    simulacaoCaChaveCifrada: ca.chaveCifrada,
  };
  await tx
    .insert(configuracaoFiscal)
    .values({ id: 1, ...colunas })
    .onConflictDoUpdate({ target: configuracaoFiscal.id, set: colunas });
}

/** SEFAZ's answer to NFeStatusServico4, as last asked. */
export async function salvarStatusSefaz(
  db: Executor,
  status: { online: boolean; cStat: number | null; xMotivo: string | null; em: Date },
): Promise<void> {
  await db
    .update(configuracaoFiscal)
    .set({
      sefazOnline: status.online,
      sefazCStat: status.cStat,
      sefazXMotivo: status.xMotivo,
      sefazConsultadoEm: status.em,
    })
    .where(eq(configuracaoFiscal.id, 1));
}

// ---------------------------------------------------------------------------------------------
// What a note is made from: the sale, its lines with the products' fiscal fields, its payments
// and its customer; the company; a carrier. One query each (a sale is read once per emission).

export interface VendaFiscal {
  id: number;
  numero: number;
  tipo: 'produto' | 'balcao';
  status: string;
  cliente_id: number | null;
  cliente_nome: string | null;
  desconto: number;
  frete: number;
  valor_final: number;
  troco: number;
  itens: Array<{
    produto_id: number;
    produto_nome: string;
    codigo_interno: string | null;
    codigo_barras: string | null;
    ncm: string | null;
    cest: string | null;
    origem: number;
    unidade_medida: string;
    quantidade: number;
    preco_unitario: number;
    desconto_item: number;
  }>;
  pagamentos: Array<{ forma: FormaPagamento; valor: number }>;
  cliente: CadastroFiscal | null;
}

export interface CadastroFiscal {
  id: number;
  nome: string;
  razao_social: string | null;
  cpf: string | null;
  cnpj: string | null;
  inscricao_estadual: string | null;
  indicador_ie: 1 | 2 | 9 | null;
  email: string | null;
  telefone: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  codigo_municipio: number | null;
}

const cadastroJson = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'nome', ${alias}.nome,
    'razao_social', ${alias}.razao_social, 'cpf', ${alias}.cpf, 'cnpj', ${alias}.cnpj,
    'inscricao_estadual', ${alias}.inscricao_estadual, 'indicador_ie', ${alias}.indicador_ie,
    'email', ${alias}.email, 'telefone', coalesce(${alias}.telefone, ${alias}.celular),
    'cep', ${alias}.cep, 'logradouro', ${alias}.logradouro, 'numero', ${alias}.numero,
    'complemento', ${alias}.complemento, 'bairro', ${alias}.bairro, 'cidade', ${alias}.cidade,
    'uf', ${alias}.uf, 'codigo_municipio', ${alias}.codigo_municipio)`);

/** A sale as a note needs it, or null. One query. */
export async function vendaFiscal(db: Executor, vendaId: number): Promise<VendaFiscal | null> {
  const [row] = await selectRows<VendaFiscal>(
    db,
    sql`
    SELECT v.id, v.numero, v.tipo, v.status, v.cliente_id, v.cliente_nome, v.desconto, v.frete,
      v.valor_final, v.troco,
      coalesce((SELECT json_agg(json_build_object('produto_id', i.produto_id,
          'produto_nome', i.produto_nome, 'codigo_interno', p.codigo_interno,
          'codigo_barras', p.codigo_barras, 'ncm', p.ncm, 'cest', p.cest, 'origem', p.origem,
          'unidade_medida', i.unidade_medida, 'quantidade', i.quantidade,
          'preco_unitario', i.preco_unitario, 'desconto_item', i.desconto_item) ORDER BY i.ordem)
        FROM venda_itens i JOIN produtos p ON p.id = i.produto_id WHERE i.venda_id = v.id),
        '[]'::json) AS itens,
      coalesce((SELECT json_agg(json_build_object('forma', g.forma, 'valor', g.valor) ORDER BY g.id)
        FROM venda_pagamentos g WHERE g.venda_id = v.id), '[]'::json) AS pagamentos,
      (SELECT ${cadastroJson('c')} FROM cadastros c WHERE c.id = v.cliente_id) AS cliente
    FROM vendas v WHERE v.id = ${vendaId}`,
  );
  if (!row) return null;
  // numeric columns inside json_build_object come back as numbers already; the row's own as text
  // on node-postgres.
  return {
    ...row,
    desconto: Number(row.desconto),
    frete: Number(row.frete),
    valor_final: Number(row.valor_final),
    troco: Number(row.troco),
  };
}

/** A carrier (Cadastros → Transportadoras) for the note's transp group. */
export function transportadoraFiscal(db: Executor, id: number): Promise<CadastroFiscal | null> {
  return cadastroFiscal(db, id, 'transportadora');
}

/** A customer, supplier or carrier as a note's party, or null (also when of another kind). */
export async function cadastroFiscal(
  db: Executor,
  id: number,
  tipo?: 'cliente' | 'fornecedor' | 'transportadora',
): Promise<CadastroFiscal | null> {
  const [row] = await selectRows<{ cadastro: CadastroFiscal }>(
    db,
    sql`SELECT ${cadastroJson('c')} AS cadastro FROM cadastros c
      WHERE c.id = ${id} ${tipo ? sql`AND c.tipo = ${tipo}` : sql``}`,
  );
  return row?.cadastro ?? null;
}

// ---------------------------------------------------------------------------------------------
// Notes.

/**
 * Takes the next number of a modelo and série: the row is locked until the transaction ends,
 * so concurrent emissions take consecutive numbers, and a rollback gives the number back.
 */
export async function reservarNumero(
  tx: Transaction,
  modelo: ModeloFiscal,
  serie: number,
): Promise<number> {
  const [row] = await selectRows<{ numero: number }>(
    tx,
    sql`INSERT INTO numeracao_fiscal (modelo, serie, proximo) VALUES (${modelo}, ${serie}, 2)
      ON CONFLICT (modelo, serie) DO UPDATE SET proximo = numeracao_fiscal.proximo + 1
      RETURNING proximo - 1 AS numero`,
  );
  return Number(row!.numero);
}

export async function inserirNota(
  tx: Transaction,
  valores: typeof notasFiscais.$inferInsert,
): Promise<NotaRow> {
  const [row] = await tx.insert(notasFiscais).values(valores).returning();
  return row!;
}

export async function atualizarNota(
  tx: Executor,
  id: number,
  valores: Atualizar<NotaRow>,
): Promise<NotaRow> {
  const [row] = await tx
    .update(notasFiscais)
    .set({ ...valores, updatedAt: new Date() })
    .where(eq(notasFiscais.id, id))
    .returning();
  return row!;
}

/** The note row, locked for the transaction (FOR UPDATE) when `travar`. */
export async function notaRow(tx: Executor, id: number, travar = false): Promise<NotaRow | null> {
  const query = tx.select().from(notasFiscais).where(eq(notasFiscais.id, id));
  const [row] = await (travar ? query.for('update') : query);
  return row ?? null;
}

/** The live note (not replaced) of a sale for a modelo, if any. */
export async function notaDaVenda(
  tx: Executor,
  vendaId: number,
  modelo: ModeloFiscal,
): Promise<NotaRow | null> {
  const [row] = await tx
    .select()
    .from(notasFiscais)
    .where(
      and(
        eq(notasFiscais.vendaId, vendaId),
        eq(notasFiscais.modelo, modelo),
        isNull(notasFiscais.substituidaPorId),
      ),
    );
  return row ?? null;
}

export async function registrarEvento(
  tx: Executor,
  evento: typeof notaFiscalEventos.$inferInsert,
): Promise<void> {
  await tx.insert(notaFiscalEventos).values(evento);
}

interface ResumoRow {
  id: number;
  modelo: 55 | 65;
  serie: number;
  numero: number;
  chave: string;
  situacao: SituacaoNota;
  ambiente: NotaFiscalResumo['ambiente'];
  tp_emis: number;
  venda_id: number | null;
  venda_numero: number | null;
  finalidade: number;
  devolucao_id: number | null;
  destinatario_nome: string | null;
  destinatario_documento: string | null;
  valor_total: number;
  emitida_em: string;
  autorizada_em: string | null;
  protocolo: string | null;
  c_stat: number | null;
  x_motivo: string | null;
}

const n = notasFiscais;
const RESUMO_COLUNAS = sql`${n.id} AS id, ${n.modelo} AS modelo, ${n.serie} AS serie,
  ${n.numero} AS numero, ${n.chave} AS chave, ${n.situacao} AS situacao, ${n.ambiente} AS ambiente,
  ${n.tpEmis} AS tp_emis, ${n.vendaId} AS venda_id, v.numero AS venda_numero,
  ${n.finalidade} AS finalidade, ${n.devolucaoId} AS devolucao_id,
  ${n.destinatarioNome} AS destinatario_nome, ${n.destinatarioDocumento} AS destinatario_documento,
  ${n.valorTotal} AS valor_total, ${isoUtc(n.emitidaEm)} AS emitida_em,
  ${isoUtc(n.autorizadaEm)} AS autorizada_em, ${n.protocolo} AS protocolo, ${n.cStat} AS c_stat,
  ${n.xMotivo} AS x_motivo`;

function toResumo(row: ResumoRow): NotaFiscalResumo {
  const { tp_emis, ...resto } = row;
  return {
    ...resto,
    modelo: Number(row.modelo) as 55 | 65,
    finalidade: Number(row.finalidade) as 1 | 4,
    valor_total: Number(row.valor_total),
    contingencia: Number(tp_emis) === 9,
  };
}

const ORDENACAO: SortColumns<NonNullable<NotasFiscaisQuery['sort']>> = {
  numero: [n.numero],
  emitida_em: [n.emitidaEm],
  valor: [n.valorTotal],
  destinatario: [sql`normalize_search(${n.destinatarioNome})`],
};

/** GET /api/notas-fiscais: one page and the total, two queries. */
export async function listNotas(
  db: Executor,
  query: NotasFiscaisQuery,
  timeZone: string,
): Promise<{ items: NotaFiscalResumo[]; total: number }> {
  const q = query.q;
  const busca: SQL | undefined = q
    ? /^\d{44}$/.test(q)
      ? eq(n.chave, q)
      : /^\d{1,9}$/.test(q)
        ? sql`(${n.numero} = ${Number(q)} OR ${containsSearch(q, n.destinatarioNome)})`
        : sql`(${containsSearch(q, n.destinatarioNome)} OR ${n.destinatarioDocumento} = ${q.replace(/\D/g, '') || null})`
    : undefined;
  const where = and(
    query.modelo ? eq(n.modelo, query.modelo) : undefined,
    query.situacao ? eq(n.situacao, query.situacao) : undefined,
    query.venda_id ? eq(n.vendaId, query.venda_id) : undefined,
    query.de ? gte(n.emitidaEm, inicioDoDia(query.de, timeZone)) : undefined,
    query.ate
      ? lt(n.emitidaEm, sql`${inicioDoDia(query.ate, timeZone)} + interval '1 day'`)
      : undefined,
    busca,
  );
  const filtro = where ? sql`WHERE ${where}` : sql``;
  const ordem = sortOrder(ORDENACAO, query, { sort: 'emitida_em', order: 'desc', id: n.id });
  const [rows, [total]] = await Promise.all([
    selectRows<ResumoRow>(
      db,
      sql`SELECT ${RESUMO_COLUNAS} FROM ${n} LEFT JOIN vendas v ON v.id = ${n.vendaId} ${filtro}
        ORDER BY ${sql.join(ordem, sql`, `)} LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    selectRows<{ total: number }>(db, sql`SELECT count(*) AS total FROM ${n} ${filtro}`),
  ]);
  return { items: rows.map(toResumo), total: Number(total?.total ?? 0) };
}

/** GET /api/notas-fiscais/:id: the row, its timeline (oldest first) and its pendências. */
export async function getNota(db: Executor, id: number): Promise<NotaFiscal | null> {
  const [row] = await selectRows<
    ResumoRow & {
      qrcode_url: string | null;
      pendencias: string[];
      tem_xml: boolean;
      eventos: NotaFiscal['eventos'];
    }
  >(
    db,
    sql`SELECT ${RESUMO_COLUNAS}, ${n.qrcodeUrl} AS qrcode_url, ${n.pendencias} AS pendencias,
      (${n.xml} IS NOT NULL) AS tem_xml,
      coalesce((SELECT json_agg(json_build_object('id', e.id, 'tipo', e.tipo,
          'descricao', e.descricao, 'c_stat', e.c_stat, 'x_motivo', e.x_motivo,
          'usuario_nome', u.nome,
          'criado_em', to_char(e.criado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          ORDER BY e.id)
        FROM nota_fiscal_eventos e LEFT JOIN usuarios u ON u.id = e.usuario_id
        WHERE e.nota_id = ${n.id}), '[]'::json) AS eventos
    FROM ${n} LEFT JOIN vendas v ON v.id = ${n.vendaId} WHERE ${n.id} = ${id}`,
  );
  if (!row) return null;
  const { qrcode_url, pendencias, tem_xml, eventos, ...resumo } = row;
  return { ...toResumo(resumo), qrcode_url, pendencias: pendencias ?? [], tem_xml, eventos };
}

/** The XML to download: the authorized nfeProc, else the signed note. */
export async function xmlDaNota(
  db: Executor,
  id: number,
): Promise<{ chave: string; xml: string; autorizado: boolean } | null> {
  const [row] = await db
    .select({ chave: n.chave, xml: n.xml, xmlAutorizado: n.xmlAutorizado })
    .from(n)
    .where(eq(n.id, id));
  if (!row) return null;
  if (!row.xml && !row.xmlAutorizado)
    throw new AppError('NOT_FOUND', FISCAL_MENSAGENS.xmlIndisponivel);
  return {
    chave: row.chave,
    xml: row.xmlAutorizado ?? row.xml!,
    autorizado: Boolean(row.xmlAutorizado),
  };
}

/**
 * In the queue: contingency notes to transmit, sends that got no answer, and attempts replaced
 * by a contingency note (not yet cancelled or voided). The partial index notas_fiscais_fila_idx
 * has this predicate.
 */
const NA_FILA = sql`(${n.situacao} = 'Em contingência' OR ${n.envioIncerto}
  OR (${n.substituidaPorId} IS NOT NULL AND ${n.situacao} IN ('Rascunho', 'Autorizada')))`;

/**
 * What the queue has to settle now: contingency notes to transmit, sends that got no answer,
 * and attempts replaced by a contingency note. Oldest first, at most `limite`.
 */
/** Longer than any send to SEFAZ (its time limit is at most 60 s). */
const ENVIO_EM_CURSO_MS = 2 * 60_000;

export async function notasDaFila(db: Executor, agora: Date, limite: number): Promise<NotaRow[]> {
  return db
    .select()
    .from(n)
    .where(
      and(
        NA_FILA,
        // A note marked as sent with no retry time is a send under way: the queue takes it only
        // once the send would have timed out (or its process died), never in the middle of it.
        or(
          lt(n.proximaTentativa, agora),
          and(
            isNull(n.proximaTentativa),
            lt(n.updatedAt, new Date(agora.getTime() - ENVIO_EM_CURSO_MS)),
          ),
        ),
      ),
    )
    .orderBy(n.proximaTentativa, n.id)
    .limit(limite);
}

/** The nfeProc of every note the simulated SEFAZ authorized and that still stands. */
export async function notasAutorizadasNaSimulacao(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ xml: n.xmlAutorizado })
    .from(n)
    .where(and(eq(n.ambiente, 'simulacao'), eq(n.situacao, 'Autorizada')));
  return rows.flatMap((row) => (row.xml ? [row.xml] : []));
}

/** SEFAZ answers again: every note waiting in the queue is due now. */
export async function anteciparFila(db: Executor): Promise<void> {
  await db
    .update(n)
    .set({ proximaTentativa: sql`now()` })
    .where(and(NA_FILA, sql`${n.proximaTentativa} > now()`));
}

/** How many NFC-e wait in the contingency queue (the status strip). */
export async function tamanhoDaFila(db: Executor): Promise<number> {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`SELECT count(*) AS total FROM notas_fiscais WHERE situacao = 'Em contingência'`,
  );
  return Number(row?.total ?? 0);
}

/**
 * For the bell, one query: when the certificate expires, how many notes SEFAZ rejected, and how
 * many NFC-e have waited in contingency for 20 hours (SEFAZ gives 24).
 */
export async function alertasFiscais(
  db: Executor,
  agora: Date,
): Promise<{
  certificadoValidoAte: Date | null;
  rejeitadas: number;
  rejeitadasNfe: number;
  contingenciaAtrasada: number;
}> {
  const [row] = await selectRows<{
    valido_ate: string | null;
    rejeitadas: number;
    rejeitadas_nfe: number;
    atrasadas: number;
  }>(
    db,
    sql`SELECT
      (SELECT certificado_valido_ate FROM configuracao_fiscal WHERE id = 1) AS valido_ate,
      (SELECT count(*) FROM notas_fiscais WHERE situacao = 'Rejeitada') AS rejeitadas,
      (SELECT count(*) FROM notas_fiscais WHERE situacao = 'Rejeitada' AND modelo = 55)
        AS rejeitadas_nfe,
      (SELECT count(*) FROM notas_fiscais WHERE situacao = 'Em contingência'
        AND contingencia_inicio < ${new Date(agora.getTime() - 20 * 3_600_000)}) AS atrasadas`,
  );
  return {
    certificadoValidoAte: row?.valido_ate ? new Date(row.valido_ate) : null,
    rejeitadas: Number(row?.rejeitadas ?? 0),
    rejeitadasNfe: Number(row?.rejeitadas_nfe ?? 0),
    contingenciaAtrasada: Number(row?.atrasadas ?? 0),
  };
}

/** Takes the queue's lease (one instance at a time); false when another instance holds it. */
export async function tomarFila(db: Executor, agora: Date, duracaoMs: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`UPDATE configuracao_fiscal SET fila_travada_ate = ${new Date(agora.getTime() + duracaoMs)}
      WHERE id = 1 AND (fila_travada_ate IS NULL OR fila_travada_ate < ${agora}) RETURNING id`,
  );
  return rows.length > 0;
}

/** Gives the lease back and records the run (shown on the status strip). */
export async function soltarFila(db: Executor, agora: Date, resultado: string): Promise<void> {
  await db
    .update(configuracaoFiscal)
    .set({ filaTravadaAte: null, filaExecutadaEm: agora, filaResultado: resultado })
    .where(eq(configuracaoFiscal.id, 1));
}
