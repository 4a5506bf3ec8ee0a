import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Nfse, NfseResumo, NfsesQuery } from '@prumo/shared/fiscal';
import type { Executor, Transaction } from '../../db/database';
import { containsSearch, inicioDoDia, isoUtc, selectRows } from '../../db/sql-helpers';
import { cadastroFiscal, type CadastroFiscal } from './fiscal.repository';
import { configuracaoFiscal } from './fiscal.table';
import { nfseEventos, nfses } from './nfse.table';

const n = nfses;
export type NfseRow = typeof nfses.$inferSelect;
type Atualizar = Partial<Omit<typeof nfses.$inferInsert, 'id'>>;

/** A service line as the NFS-e needs it: its value and the service's fiscal fields. */
export interface LinhaDeServico {
  nome: string;
  quantidade: number;
  /** quantity × price, less the line's own discount, in centavos. */
  brutoCentavos: number;
  descontoCentavos: number;
  codigo_interno: string | null;
  codigo_tributacao_nacional: string | null;
  codigo_nbs: string | null;
  aliquota_iss: number | null;
  local_incidencia_iss: 'estabelecimento' | 'tomador';
  iss_retido: boolean;
}

/** A concluded service order or a finished appointment, as its NFS-e needs it. */
export interface OrigemNfse {
  tipo: 'ordem' | 'agendamento' | 'contrato';
  id: number;
  numero: number;
  situacao: string;
  /** The document-level discount (spread over its lines), in centavos. */
  descontoDocumentoCentavos: number;
  /** The value of everything else the document charges (parts, freight), for the spread. */
  outrosCentavos: number;
  concluidaEm: Date | null;
  linhas: LinhaDeServico[];
  cliente: CadastroFiscal | null;
}

interface LinhaLida {
  nome: string;
  quantidade: string | number;
  valor: string | number;
  desconto: string | number;
  codigo_interno: string | null;
  codigo_tributacao_nacional: string | null;
  codigo_nbs: string | null;
  aliquota_iss: string | number | null;
  local_incidencia_iss: 'estabelecimento' | 'tomador';
  iss_retido: boolean;
}

const centavos = (valor: string | number) => Math.round(Number(valor) * 100);

function linhaDe(lida: LinhaLida): LinhaDeServico {
  const quantidade = Number(lida.quantidade);
  return {
    ...lida,
    quantidade,
    brutoCentavos: Math.round(quantidade * centavos(lida.valor)),
    descontoCentavos: centavos(lida.desconto),
    aliquota_iss: lida.aliquota_iss === null ? null : Number(lida.aliquota_iss),
  };
}

const FISCAL_DO_SERVICO = sql.raw(`'codigo_interno', sv.codigo_interno,
  'codigo_tributacao_nacional', sv.codigo_tributacao_nacional, 'codigo_nbs', sv.codigo_nbs,
  'aliquota_iss', sv.aliquota_iss, 'local_incidencia_iss', sv.local_incidencia_iss,
  'iss_retido', sv.iss_retido`);

/** A service order with its services (one query) and its customer. */
export async function ordemParaNfse(db: Executor, id: number): Promise<OrigemNfse | null> {
  const [row] = await selectRows<{
    id: number;
    numero: number;
    situacao: string;
    desconto: string;
    outros: string;
    concluida_em: Date | string | null;
    cliente_id: number;
    linhas: LinhaLida[];
  }>(
    db,
    sql`SELECT o.id, o.numero, o.situacao, o.desconto, o.concluida_em, o.cliente_id,
      (o.pecas + o.frete + o.outros) AS outros,
      coalesce((SELECT json_agg(json_build_object('nome', s.nome, 'quantidade', s.quantidade,
          'valor', s.valor, 'desconto', s.desconto, ${FISCAL_DO_SERVICO}) ORDER BY s.ordem)
        FROM ordem_servico_servicos s JOIN servicos sv ON sv.id = s.servico_id
        WHERE s.ordem_servico_id = o.id), '[]'::json) AS linhas
    FROM ordens_servico o WHERE o.id = ${id}`,
  );
  if (!row) return null;
  return {
    tipo: 'ordem',
    id: row.id,
    numero: Number(row.numero),
    situacao: row.situacao,
    descontoDocumentoCentavos: centavos(row.desconto),
    outrosCentavos: centavos(row.outros),
    concluidaEm: row.concluida_em ? new Date(row.concluida_em) : null,
    linhas: row.linhas.map(linhaDe),
    cliente: await cadastroFiscal(db, row.cliente_id),
  };
}

/** An appointment (a sale of one service) and its customer. */
export async function agendamentoParaNfse(db: Executor, id: number): Promise<OrigemNfse | null> {
  const [row] = await selectRows<{
    id: number;
    numero: number;
    status: string;
    tipo: string;
    desconto: string;
    cliente_id: number | null;
    atualizada_em: Date | string;
    linha: LinhaLida | null;
  }>(
    db,
    sql`SELECT v.id, v.numero, v.status, v.tipo, v.desconto, v.cliente_id,
      coalesce(v.concluido_em, v.updated_at) AS atualizada_em,
      (SELECT json_build_object('nome', sv.nome, 'quantidade', 1, 'valor', v.valor_total,
          'desconto', 0, ${FISCAL_DO_SERVICO})
        FROM servicos sv WHERE sv.id = v.servico_id) AS linha
    FROM vendas v WHERE v.id = ${id} AND v.tipo = 'servico'`,
  );
  if (!row) return null;
  return {
    tipo: 'agendamento',
    id: row.id,
    numero: Number(row.numero),
    situacao: row.status,
    descontoDocumentoCentavos: centavos(row.desconto),
    outrosCentavos: 0,
    concluidaEm: new Date(row.atualizada_em),
    linhas: row.linha ? [linhaDe(row.linha)] : [],
    cliente: row.cliente_id ? await cadastroFiscal(db, row.cliente_id) : null,
  };
}

/**
 * A contract's bill: the contract's lines in force on the period's first day (their price as
 * billed), the period as the competência, and the contract's customer.
 */
export async function faturaDeContratoParaNfse(
  db: Executor,
  id: number,
): Promise<OrigemNfse | null> {
  const [row] = await selectRows<{
    id: number;
    numero: number;
    periodo_inicio: string;
    cliente_id: number;
    linhas: LinhaLida[];
  }>(
    db,
    sql`SELECT f.id, c.numero, f.periodo_inicio::text, c.cliente_id,
      coalesce((SELECT json_agg(json_build_object('nome', i.servico_nome,
          'quantidade', i.quantidade, 'valor', i.valor, 'desconto', 0, ${FISCAL_DO_SERVICO})
          ORDER BY i.id)
        FROM contrato_itens i JOIN servicos sv ON sv.id = i.servico_id
        WHERE i.contrato_id = c.id AND i.vigente_de <= f.periodo_inicio
          AND (i.vigente_ate IS NULL OR i.vigente_ate >= f.periodo_inicio)), '[]'::json) AS linhas
    FROM contrato_faturas f JOIN contratos c ON c.id = f.contrato_id WHERE f.id = ${id}`,
  );
  if (!row) return null;
  return {
    tipo: 'contrato',
    id: row.id,
    numero: Number(row.numero),
    situacao: 'faturada',
    descontoDocumentoCentavos: 0,
    outrosCentavos: 0,
    concluidaEm: new Date(`${row.periodo_inicio}T12:00:00Z`),
    linhas: row.linhas.map(linhaDe),
    cliente: await cadastroFiscal(db, row.cliente_id),
  };
}

export async function inserirNfse(
  tx: Transaction,
  valores: typeof nfses.$inferInsert,
): Promise<NfseRow> {
  const [row] = await tx.insert(n).values(valores).returning();
  return row!;
}

export async function atualizarNfse(
  tx: Executor,
  id: number,
  valores: Atualizar,
): Promise<NfseRow> {
  const [row] = await tx
    .update(n)
    .set({ ...valores, updatedAt: new Date() })
    .where(eq(n.id, id))
    .returning();
  return row!;
}

export async function nfseRow(db: Executor, id: number, travar = false): Promise<NfseRow | null> {
  const consulta = db.select().from(n).where(eq(n.id, id));
  const [row] = travar ? await consulta.for('update') : await consulta;
  return row ?? null;
}

/** The live NFS-e of an order or appointment (not cancelled), in creation order. */
export function nfsesVivasDaOrigem(
  db: Executor,
  origem: { ordemServicoId: number } | { vendaId: number } | { contratoFaturaId: number },
): Promise<NfseRow[]> {
  const daOrigem =
    'ordemServicoId' in origem
      ? eq(n.ordemServicoId, origem.ordemServicoId)
      : 'vendaId' in origem
        ? eq(n.vendaId, origem.vendaId)
        : eq(n.contratoFaturaId, origem.contratoFaturaId);
  return db
    .select()
    .from(n)
    .where(and(daOrigem, sql`${n.situacao} <> 'Cancelada'`))
    .orderBy(n.id);
}

/**
 * The notes sent without an answer, for the queue: older than `desde` (a send still under way
 * is left to finish; the issuer's time limit is at most a minute).
 */
export function nfsesIncertas(db: Executor, desde: Date, limite: number): Promise<NfseRow[]> {
  return db
    .select()
    .from(n)
    .where(and(eq(n.envioIncerto, true), eq(n.situacao, 'Rascunho'), lt(n.updatedAt, desde)))
    .orderBy(n.updatedAt)
    .limit(limite);
}

/** Since when "Emitir NFS-e ao concluir" is on, while the NFS-e is issued here; null otherwise. */
export async function nfseAutomaticaDesde(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ desde: configuracaoFiscal.nfseAutomaticaDesde })
    .from(configuracaoFiscal)
    .where(
      and(eq(configuracaoFiscal.nfseAtiva, true), eq(configuracaoFiscal.nfseEmissorNacional, true)),
    );
  return row?.desde ?? null;
}

/**
 * The orders and appointments concluded since `desde`, with services, that never had an NFS-e
 * (one cancelled by hand is not issued again), oldest first: what the automatic issue takes.
 */
export async function origensParaNfseAutomatica(
  db: Executor,
  desde: Date,
  limite: number,
): Promise<Array<{ ordem_servico_id: number } | { venda_id: number }>> {
  const linhas = await selectRows<{ tipo: 'ordem' | 'agendamento'; id: number }>(
    db,
    sql`SELECT * FROM (
        SELECT 'ordem' AS tipo, o.id, o.concluida_em AS em FROM ordens_servico o
        WHERE o.situacao IN ('concluida', 'entregue') AND o.concluida_em >= ${desde.toISOString()}::timestamptz
          AND EXISTS (SELECT 1 FROM ordem_servico_servicos s WHERE s.ordem_servico_id = o.id)
          AND NOT EXISTS (SELECT 1 FROM nfses x WHERE x.ordem_servico_id = o.id)
        UNION ALL
        SELECT 'agendamento', v.id, v.concluido_em FROM vendas v
        WHERE v.tipo = 'servico' AND v.status = 'Concluído' AND v.servico_id IS NOT NULL
          AND v.concluido_em >= ${desde.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM nfses x WHERE x.venda_id = v.id)
      ) pendentes ORDER BY em, id LIMIT ${limite}`,
  );
  return linhas.map((l) =>
    l.tipo === 'ordem' ? { ordem_servico_id: Number(l.id) } : { venda_id: Number(l.id) },
  );
}

export async function registrarEventoNfse(
  db: Executor,
  evento: typeof nfseEventos.$inferInsert,
): Promise<void> {
  await db.insert(nfseEventos).values(evento);
}

const RESUMO = sql`${n.id} AS id, ${n.situacao} AS situacao, ${n.ambiente} AS ambiente,
  ${n.serie} AS serie, ${n.numeroDps} AS numero_dps, ${n.idDps} AS id_dps, ${n.chave} AS chave,
  ${n.numeroNfse} AS numero_nfse, ${n.ordemServicoId} AS ordem_servico_id,
  o.numero AS ordem_servico_numero, ${n.vendaId} AS venda_id, v.numero AS venda_numero,
  ${n.contratoFaturaId} AS contrato_fatura_id, cf.contrato_id, ct.numero AS contrato_numero,
  ${n.tomadorNome} AS tomador_nome, ${n.tomadorDocumento} AS tomador_documento,
  ${n.codigoTributacaoNacional} AS codigo_tributacao_nacional,
  ${n.valorServicos} AS valor_servicos, ${n.valorDesconto} AS valor_desconto,
  ${n.valorIss} AS valor_iss, ${n.issRetido} AS iss_retido, ${n.valorLiquido} AS valor_liquido,
  ${n.competencia}::text AS competencia, ${isoUtc(n.emitidaEm)} AS emitida_em,
  ${isoUtc(n.autorizadaEm)} AS autorizada_em, ${n.codigoErro} AS codigo_erro,
  ${n.mensagemErro} AS mensagem_erro`;
const DE = sql`FROM ${n} LEFT JOIN ordens_servico o ON o.id = ${n.ordemServicoId}
  LEFT JOIN vendas v ON v.id = ${n.vendaId}
  LEFT JOIN contrato_faturas cf ON cf.id = ${n.contratoFaturaId}
  LEFT JOIN contratos ct ON ct.id = cf.contrato_id`;

function numerosDoResumo<T extends NfseResumo>(row: T): T {
  return {
    ...row,
    valor_servicos: Number(row.valor_servicos),
    valor_desconto: Number(row.valor_desconto),
    valor_iss: Number(row.valor_iss),
    valor_liquido: Number(row.valor_liquido),
  };
}

/** GET /api/nfse: newest first, one page and the total. */
export async function listNfses(
  db: Executor,
  query: NfsesQuery,
  timeZone: string,
): Promise<{ items: NfseResumo[]; total: number }> {
  const q = query.q;
  const digitos = q?.replace(/[.\-/\s]/g, '') ?? '';
  let busca: SQL | undefined;
  if (q && /^\d{50}$/.test(digitos)) busca = eq(n.chave, digitos);
  else if (q) {
    busca = sql`(${containsSearch(q, sql`${n.tomadorNome}`)}
      ${/^\d{1,9}$/.test(q) ? sql`OR ${n.numeroNfse} = ${Number(q)} OR ${n.numeroDps} = ${Number(q)} OR o.numero = ${Number(q)}` : sql``}
      ${/^\d{11,14}$/.test(digitos) ? sql`OR ${n.tomadorDocumento} = ${digitos}` : sql``})`;
  }
  const where = and(
    query.situacao ? eq(n.situacao, query.situacao) : undefined,
    query.ordem_servico_id ? eq(n.ordemServicoId, query.ordem_servico_id) : undefined,
    query.venda_id ? eq(n.vendaId, query.venda_id) : undefined,
    query.contrato_fatura_id ? eq(n.contratoFaturaId, query.contrato_fatura_id) : undefined,
    query.de ? gte(n.emitidaEm, inicioDoDia(query.de, timeZone)) : undefined,
    query.ate
      ? lt(n.emitidaEm, sql`${inicioDoDia(query.ate, timeZone)} + interval '1 day'`)
      : undefined,
    busca,
  );
  const filtro = where ? sql`WHERE ${where}` : sql``;
  const [items, [total]] = await Promise.all([
    selectRows<NfseResumo>(
      db,
      sql`SELECT ${RESUMO} ${DE} ${filtro} ORDER BY ${n.emitidaEm} DESC, ${n.id} DESC
        LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    selectRows<{ total: number }>(db, sql`SELECT count(*) AS total ${DE} ${filtro}`),
  ]);
  return { items: items.map(numerosDoResumo), total: Number(total?.total ?? 0) };
}

/** GET /api/nfse/:id: the note, its timeline and cancellation, in one statement. */
export async function getNfse(db: Executor, id: number): Promise<Nfse | null> {
  const [row] = await selectRows<Nfse>(
    db,
    sql`SELECT ${RESUMO}, ${n.descricao} AS descricao, ${n.pendencias} AS pendencias,
      (${n.xmlNfse} IS NOT NULL OR ${n.xmlDps} IS NOT NULL) AS tem_xml,
      CASE WHEN ${n.canceladaEm} IS NULL THEN NULL ELSE json_build_object(
        'motivo', ${n.cancelamentoMotivo}, 'justificativa', ${n.cancelamentoJustificativa},
        'registrado_em', to_char(${n.canceladaEm} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) END
        AS cancelamento,
      coalesce((SELECT json_agg(json_build_object('id', e.id, 'tipo', e.tipo,
          'descricao', e.descricao, 'codigo', e.codigo, 'usuario_nome', u.nome,
          'criado_em', to_char(e.criado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          ORDER BY e.id)
        FROM nfse_eventos e LEFT JOIN usuarios u ON u.id = e.usuario_id
        WHERE e.nfse_id = ${n.id}), '[]'::json) AS eventos
    ${DE} WHERE ${n.id} = ${id}`,
  );
  return row ? numerosDoResumo(row) : null;
}
