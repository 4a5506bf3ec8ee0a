import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@prumo/shared/auth';
import {
  agendaDaAssinatura,
  ASSINATURA_MESSAGES as M,
  ASSINATURA_TRANSICOES,
  CICLOS_PLANO,
  COBRANCA_PADRAO,
  diasEntre,
  ETAPAS_LEMBRETE,
  formatNumeroAssinatura,
  indiceAPartirDe,
  percentual,
  periodoDaAssinatura,
  periodosDevidos,
  prorrateio,
  situacaoPelaCobranca,
  SITUACOES_QUE_RENOVAM,
  textoDoLembrete,
  vencimentoDaFatura,
  type Assinatura,
  type AssinaturaDados,
  type AssinaturaResumo,
  type AssinaturasQuery,
  type CancelamentoAssinaturaInput,
  type ConfiguracaoCobranca,
  type EtapaLembrete,
  type MetricasAssinaturas,
  type MudancaPlanoPrevia,
  type Plano,
  type PlanoDados,
  type PlanosQuery,
  type RegrasDeCobranca,
  type RenovacaoResultado,
  type SituacaoAssinatura,
} from '@prumo/shared/contratos';
import { addDaysISO, addMonthsISO, formatDate } from '@prumo/shared/dates';
import { formatMoney, fromCentavos, toCentavos } from '@prumo/shared/money';
import { transicaoExiste } from '@prumo/shared/transicoes';
import type { Database, Executor, Transaction } from '../../db/database';
import { documentoComStatus } from '../../db/documento';
import { pgErrorCode, PG_ERROR, rethrowUnique } from '../../db/pg-errors';
import { containsSearch, selectRows } from '../../db/sql-helpers';
import { AppError, badRequest, notFound } from '../../http/errors';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { findCadastroResumo } from '../cadastros/cadastros.repository';
import { configuracaoSmtpRow, enfileirarEmail } from '../emails/emails.repository';
import {
  criarRecebiveisEmLote,
  criarTitulo,
  regrasDeRecebimento,
} from '../financeiro/financeiro.repository';
import {
  assinaturaFaturas,
  assinaturaHistorico,
  assinaturaLembretes,
  assinaturaMudancas,
  assinaturas,
  assinaturasConfiguracao,
  planos,
} from './assinaturas.table';

/*
 * Subscriptions and their renewals (issue 31, Assinaturas). A subscription bills each period of
 * its calendar in advance, once: under its row lock, from its cursor (proximo_indice), writing
 * the receivable and the bill (unique on subscription and period start) in one transaction.
 * The "Renovar agora" click, the daily job and a second app instance all go through
 * renovarLote, so none bills a period twice, and a missed run bills every earlier period due.
 * Unpaid bills go through reminders (the e-mail outbox) to Inadimplente and then Suspensa; a
 * payment brings the subscription back on the next run.
 */

export interface AssinaturaContexto {
  /** Who asks; the daily job writes as RENOVACAO_AUTOMATICA (no user). */
  usuario: { id: number | null; nome: string; role: Role };
  timeZone: string;
}

/** A write a user asks for (the routes): the history names them. */
type ContextoDoUsuario = AssinaturaContexto & {
  usuario: { id: number; nome: string; role: Role };
};

/** The daily renewal's author in the titles and the audit trail (no user). */
export const RENOVACAO_AUTOMATICA = {
  id: null,
  nome: 'Renovação automática',
  role: 'admin',
} as const;

/** The company as its reminders sign them. */
export interface EmpresaDoLembrete {
  nome: string;
  telefone: string | null;
  email: string | null;
}

const ator = (contexto: AssinaturaContexto) =>
  contexto.usuario.id === null ? null : { id: contexto.usuario.id, nome: contexto.usuario.nome };

type AssinaturaRow = typeof assinaturas.$inferSelect;

const documento = documentoComStatus({
  tabela: assinaturas,
  status: 'situacao',
  naoEncontrado: M.naoEncontrada,
  transicoes: ASSINATURA_TRANSICOES,
  transicaoInvalida: (de, para) =>
    `Uma assinatura ${de.toLowerCase()} não passa a ${para.toLowerCase()}`,
  semPermissao: 'Só administradores e gerentes mudam a situação de uma assinatura',
  historico: {
    tabela: assinaturaHistorico,
    linha: (assinaturaId, situacao, usuarioId, observacao) => ({
      assinaturaId,
      situacao,
      usuarioId,
      observacao,
    }),
  },
});

const agendaDe = (a: Pick<AssinaturaRow, 'inicioCobranca' | 'ciclo'>) => ({
  inicio_cobranca: a.inicioCobranca,
  ciclo: a.ciclo,
});

const renova = (situacao: SituacaoAssinatura) => SITUACOES_QUE_RENOVAM.includes(situacao);
/** What the renewal looks at: the ones that renew, and a suspended one that ends with its period. */
const aRenovar = (a: Pick<AssinaturaRow, 'situacao' | 'cancelarAoFim'>) =>
  renova(a.situacao) || (a.situacao === 'Suspensa' && a.cancelarAoFim);

/** "AS000007": the document the subscription's titles carry. */
const documentoDoTitulo = (numero: number) => `AS${formatNumeroAssinatura(numero)}`;

/** Lines of the job's moves in the history (no user: the renewal job). */
async function historicoAutomatico(
  tx: Transaction,
  movidas: ReadonlyArray<{ id: number; situacao: SituacaoAssinatura }>,
  contexto: AssinaturaContexto,
  observacao: string,
) {
  if (movidas.length === 0) return;
  await tx.insert(assinaturaHistorico).values(
    movidas.map((m) => ({
      assinaturaId: m.id,
      situacao: m.situacao,
      usuarioId: contexto.usuario.id,
      observacao,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Plans.

const assinaturasDoPlano = sql<number>`(SELECT count(*)::int FROM assinaturas a
  WHERE a.plano_id = "planos"."id" AND a.situacao <> 'Cancelada')`;

function planoDe(row: typeof planos.$inferSelect & { assinaturas: number | string }): Plano {
  return {
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    preco: row.preco,
    ciclo: row.ciclo,
    dias_teste: row.diasTeste,
    ativo: row.ativo,
    assinaturas: Number(row.assinaturas),
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/assinaturas/planos: the active first, by name. */
export async function listPlanos(
  db: Executor,
  query: PlanosQuery,
): Promise<{ items: Plano[]; total: number }> {
  const where = and(
    query.ativo === undefined ? undefined : eq(planos.ativo, query.ativo),
    query.q ? containsSearch(query.q, planos.nome, planos.descricao) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ plano: planos, assinaturas: assinaturasDoPlano })
      .from(planos)
      .where(where)
      .orderBy(desc(planos.ativo), sql`normalize_search(${planos.nome})`, asc(planos.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(planos)
      .where(where),
  ]);
  return {
    items: rows.map((r) => planoDe({ ...r.plano, assinaturas: r.assinaturas })),
    total: Number(total?.total ?? 0),
  };
}

export async function getPlano(db: Executor, id: number): Promise<Plano | undefined> {
  const [row] = await db
    .select({ plano: planos, assinaturas: assinaturasDoPlano })
    .from(planos)
    .where(eq(planos.id, id));
  return row && planoDe({ ...row.plano, assinaturas: row.assinaturas });
}

const colunasDoPlano = (input: PlanoDados) => ({
  nome: input.nome,
  descricao: input.descricao,
  preco: input.preco,
  ciclo: input.ciclo,
  diasTeste: input.dias_teste,
  ativo: input.ativo,
});

/** POST /api/assinaturas/planos. */
export async function createPlano(tx: Transaction, input: PlanoDados): Promise<Plano> {
  try {
    const [row] = await tx
      .insert(planos)
      .values(colunasDoPlano(input))
      .returning({ id: planos.id });
    return (await getPlano(tx, row!.id))!;
  } catch (erro) {
    rethrowUnique(erro, M.planoDuplicado, 'nome');
  }
}

/** PUT /api/assinaturas/planos/{id}: the subscriptions keep the price they subscribed at. */
export async function updatePlano(tx: Transaction, id: number, input: PlanoDados): Promise<Plano> {
  let alterados: Array<{ id: number }>;
  try {
    alterados = await tx
      .update(planos)
      .set({ ...colunasDoPlano(input), updatedAt: sql`now()` })
      .where(eq(planos.id, id))
      .returning({ id: planos.id });
  } catch (erro) {
    rethrowUnique(erro, M.planoDuplicado, 'nome');
  }
  if (alterados.length === 0) throw notFound(M.planoNaoEncontrado);
  return (await getPlano(tx, id))!;
}

async function planoAtivo(tx: Executor, id: number) {
  const [plano] = await tx.select().from(planos).where(eq(planos.id, id));
  if (!plano) throw badRequest(M.planoNaoEncontrado, { plano_id: M.planoNaoEncontrado });
  if (!plano.ativo) throw badRequest(M.planoInativo, { plano_id: M.planoInativo });
  return plano;
}

// ---------------------------------------------------------------------------------------------
// Reading subscriptions.

const nomeDoCliente = sql<string>`(SELECT c.nome FROM cadastros c WHERE c.id = "assinaturas"."cliente_id")`;
const nomeDoPlano = sql<string>`(SELECT p.nome FROM planos p WHERE p.id = "assinaturas"."plano_id")`;
const colunasDoResumo = {
  assinatura: assinaturas,
  clienteNome: nomeDoCliente,
  planoNome: nomeDoPlano,
};

/** The next renewal: none once suspended, cancelled or ending with its period. */
function proximaRenovacao(a: AssinaturaRow): string | null {
  if (!renova(a.situacao) || a.cancelarAoFim) return null;
  return periodoDaAssinatura(agendaDe(a), a.proximoIndice).inicio;
}

function resumoDe(a: AssinaturaRow, clienteNome: string, planoNome: string): AssinaturaResumo {
  return {
    id: a.id,
    numero: a.numero,
    cliente_id: a.clienteId,
    cliente_nome: clienteNome,
    plano_id: a.planoId,
    plano_nome: planoNome,
    valor: a.valor,
    ciclo: a.ciclo,
    situacao: a.situacao,
    inicio: a.inicio,
    fim_teste: a.inicioCobranca > a.inicio ? addDaysISO(a.inicioCobranca, -1) : null,
    proxima_renovacao: proximaRenovacao(a),
    cancelar_ao_fim: a.cancelarAoFim,
    cancelada_em: a.canceladaEm,
  };
}

/** GET /api/assinaturas: newest first, searched by número, cliente or plano. */
export async function listAssinaturas(
  db: Executor,
  query: AssinaturasQuery,
): Promise<{ items: AssinaturaResumo[]; total: number }> {
  const filtros: SQL[] = [];
  if (query.situacao) filtros.push(eq(assinaturas.situacao, query.situacao));
  if (query.plano_id) filtros.push(eq(assinaturas.planoId, query.plano_id));
  if (query.q) {
    const numero = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    const texto = containsSearch(query.q, nomeDoCliente, nomeDoPlano);
    filtros.push(numero === null ? texto : sql`(${assinaturas.numero} = ${numero} OR ${texto})`);
  }
  const where = filtros.length ? and(...filtros) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(colunasDoResumo)
      .from(assinaturas)
      .where(where)
      .orderBy(desc(assinaturas.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(assinaturas)
      .where(where),
  ]);
  return {
    items: rows.map((r) => resumoDe(r.assinatura, r.clienteNome, r.planoNome)),
    total: Number(total?.total ?? 0),
  };
}

/** GET /api/assinaturas/{id}: with its bills (and their receivables' state) and plan changes. */
export async function getAssinatura(db: Executor, id: number): Promise<Assinatura | undefined> {
  const [row] = await db.select(colunasDoResumo).from(assinaturas).where(eq(assinaturas.id, id));
  if (!row) return undefined;
  const a = row.assinatura;
  const [faturas, mudancas] = await Promise.all([
    selectRows<{
      id: number;
      periodo_inicio: string;
      periodo_fim: string;
      vencimento: string;
      valor: string;
      titulo_id: number;
      cancelado: boolean;
      saldo: string;
      created_at: Date | string;
    }>(
      db,
      sql`SELECT f.id, f.periodo_inicio::text, f.periodo_fim::text, f.vencimento::text, f.valor,
          f.titulo_id, t.cancelado_em IS NOT NULL AS cancelado, f.created_at,
          (SELECT coalesce(sum(p.valor - p.valor_pago), 0) FROM parcelas p WHERE p.titulo_id = t.id) AS saldo
        FROM assinatura_faturas f JOIN titulos t ON t.id = f.titulo_id
        WHERE f.assinatura_id = ${id} ORDER BY f.periodo_inicio DESC`,
    ),
    selectRows<{
      id: number;
      data: string;
      plano_anterior: string;
      plano_novo: string;
      valor_anterior: string;
      valor_novo: string;
      credito: string;
      cobranca: string;
      titulo_id: number | null;
      usuario_nome: string | null;
    }>(
      db,
      sql`SELECT m.id, m.data::text, pa.nome AS plano_anterior, pn.nome AS plano_novo,
          m.valor_anterior, m.valor_novo, m.credito, m.cobranca, m.titulo_id, u.nome AS usuario_nome
        FROM assinatura_mudancas m
        JOIN planos pa ON pa.id = m.plano_anterior_id JOIN planos pn ON pn.id = m.plano_novo_id
        LEFT JOIN usuarios u ON u.id = m.usuario_id
        WHERE m.assinatura_id = ${id} ORDER BY m.data DESC, m.id DESC`,
    ),
  ]);
  const atual = a.proximoIndice > 0 ? periodoDaAssinatura(agendaDe(a), a.proximoIndice - 1) : null;
  return {
    ...resumoDe(a, row.clienteNome, row.planoNome),
    forma_pagamento: a.formaPagamento,
    dias_vencimento: a.diasVencimento,
    observacoes: a.observacoes,
    inicio_cobranca: a.inicioCobranca,
    periodo_atual: atual && { inicio: atual.inicio, fim: atual.fim },
    motivo_cancelamento: a.motivoCancelamento,
    inadimplente_em: a.inadimplenteEm,
    suspensa_em: a.suspensaEm,
    faturas: faturas.map((f) => ({
      id: f.id,
      periodo_inicio: f.periodo_inicio,
      periodo_fim: f.periodo_fim,
      vencimento: f.vencimento,
      valor: Number(f.valor),
      titulo_id: f.titulo_id,
      situacao_titulo: f.cancelado ? 'cancelado' : Number(f.saldo) <= 0 ? 'pago' : 'aberto',
      created_at: new Date(f.created_at).toISOString(),
    })),
    mudancas: mudancas.map((m) => {
      const credito = Number(m.credito);
      const cobranca = Number(m.cobranca);
      return {
        id: m.id,
        data: m.data,
        plano_anterior: m.plano_anterior,
        plano_novo: m.plano_novo,
        valor_anterior: Number(m.valor_anterior),
        valor_novo: Number(m.valor_novo),
        credito,
        cobranca,
        total: fromCentavos(toCentavos(cobranca) - toCentavos(credito)),
        titulo_id: m.titulo_id,
        usuario_nome: m.usuario_nome,
      };
    }),
    created_at: a.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Renewal.

interface Renovado {
  faturas: number;
  centavos: number;
  canceladas: number;
}
const NADA: Renovado = { faturas: 0, centavos: 0, canceladas: 0 };
const somar = (a: Renovado, b: Renovado): Renovado => ({
  faturas: a.faturas + b.faturas,
  centavos: a.centavos + b.centavos,
  canceladas: a.canceladas + b.canceladas,
});

/** How many subscriptions one renewal transaction takes (each under its row lock). */
const ASSINATURAS_POR_LOTE = 200;

/**
 * Renews locked subscriptions up to `hoje`, each from its cursor: every period due gets its
 * receivable and bill at the subscription's price (a trial ends with the first); one set to end
 * with its period (suspended or not) is cancelled on the day its next period would start, with
 * no bill.
 */
async function renovarTravadas(
  tx: Transaction,
  travadas: readonly AssinaturaRow[],
  hoje: string,
  contexto: AssinaturaContexto,
): Promise<Renovado> {
  const planosDevidos = travadas
    .filter(aRenovar)
    .map((a) => ({
      a,
      devidos: periodosDevidos(agendaDaAssinatura(agendaDe(a)), hoje, a.proximoIndice),
    }))
    .filter((p) => p.devidos.length > 0);
  if (planosDevidos.length === 0) return NADA;

  const canceladas = planosDevidos.filter((p) => p.a.cancelarAoFim);
  for (const { a, devidos } of canceladas) {
    await tx
      .update(assinaturas)
      .set({ situacao: 'Cancelada', canceladaEm: devidos[0]!.inicio, updatedAt: sql`now()` })
      .where(eq(assinaturas.id, a.id));
  }
  await historicoAutomatico(
    tx,
    canceladas.map(({ a }) => ({ id: a.id, situacao: 'Cancelada' })),
    contexto,
    'Fim do período: cancelada como pedido',
  );

  const renovadas = planosDevidos.filter((p) => !p.a.cancelarAoFim);
  if (renovadas.length === 0) return { ...NADA, canceladas: canceladas.length };
  const nomes = new Map(
    (
      await tx
        .select({ id: planos.id, nome: planos.nome })
        .from(planos)
        .where(inArray(planos.id, [...new Set(renovadas.map((r) => r.a.planoId))]))
    ).map((p) => [p.id, p.nome]),
  );
  const categoriaId = (await regrasDeRecebimento(tx, 'prestacao-servicos')).categoriaId;
  const cobrancas = renovadas.flatMap(({ a, devidos }) =>
    devidos.map((p) => ({
      a,
      p,
      vencimento: vencimentoDaFatura(p.inicio, a.diasVencimento, true),
    })),
  );
  const titulos = await criarRecebiveisEmLote(
    tx,
    cobrancas.map(({ a, p, vencimento }) => ({
      origem: { tipo: 'assinatura', id: a.id },
      descricao: `Assinatura Nº ${formatNumeroAssinatura(a.numero)} — ${nomes.get(a.planoId)} — ${formatDate(p.inicio)} a ${formatDate(p.fim)}`,
      pessoaId: a.clienteId,
      categoriaId,
      documento: documentoDoTitulo(a.numero),
      competencia: p.inicio,
      forma: a.formaPagamento,
      valor: a.valor,
      vencimento,
    })),
    contexto,
  );
  await tx.insert(assinaturaFaturas).values(
    cobrancas.map(({ a, p, vencimento }, k) => ({
      assinaturaId: a.id,
      periodoInicio: p.inicio,
      periodoFim: p.fim,
      vencimento,
      valor: a.valor,
      tituloId: titulos[k]!,
    })),
  );
  const cursores = sql.join(
    renovadas.map(
      ({ a, devidos }) => sql`(${a.id}::integer, ${devidos.at(-1)!.indice + 1}::integer)`,
    ),
    sql`, `,
  );
  // A trial ends with its first bill.
  await tx.execute(sql`UPDATE assinaturas SET proximo_indice = v.proximo, updated_at = now(),
      situacao = CASE WHEN assinaturas.situacao = 'Em teste' THEN 'Ativa' ELSE assinaturas.situacao END
    FROM (VALUES ${cursores}) AS v(id, proximo) WHERE assinaturas.id = v.id`);
  await historicoAutomatico(
    tx,
    renovadas
      .filter(({ a }) => a.situacao === 'Em teste')
      .map(({ a }) => ({ id: a.id, situacao: 'Ativa' })),
    contexto,
    'Fim do período de teste',
  );
  return {
    faturas: cobrancas.length,
    centavos: cobrancas.reduce((soma, c) => soma + toCentavos(c.a.valor), 0),
    canceladas: canceladas.length,
  };
}

/** Locks subscriptions (SELECT … FOR UPDATE, in id order: no deadlock between runs). */
function travar(tx: Transaction, ids: readonly number[]) {
  return tx
    .select()
    .from(assinaturas)
    .where(inArray(assinaturas.id, [...ids]))
    .orderBy(asc(assinaturas.id))
    .for('update');
}

/**
 * A batch of subscriptions' due periods, in one transaction. A concurrent run that billed them
 * first is waited for by the locks and leaves nothing; the unique key on subscription and
 * period turns any other overlap into an error that rolls the batch back, and then each is
 * renewed alone (what another run billed stays billed once).
 */
async function renovarLote(
  db: Database,
  ids: readonly number[],
  hoje: string,
  contexto: AssinaturaContexto,
): Promise<Renovado> {
  try {
    return await comAuditoria(db, ator(contexto), async (tx) =>
      renovarTravadas(tx, await travar(tx, ids), hoje, contexto),
    );
  } catch (erro) {
    if (pgErrorCode(erro) !== PG_ERROR.uniqueViolation) throw erro;
    if (ids.length === 1) return NADA;
    let feito = NADA;
    for (const id of ids) feito = somar(feito, await renovarLote(db, [id], hoje, contexto));
    return feito;
  }
}

/** The subscriptions with a period due on `hoje` (read without locks; the batch re-reads). */
async function comRenovacaoDevida(db: Executor, hoje: string): Promise<number[]> {
  const rows = await db
    .select({
      id: assinaturas.id,
      inicioCobranca: assinaturas.inicioCobranca,
      ciclo: assinaturas.ciclo,
      proximoIndice: assinaturas.proximoIndice,
      situacao: assinaturas.situacao,
      cancelarAoFim: assinaturas.cancelarAoFim,
    })
    .from(assinaturas)
    .where(
      and(
        inArray(assinaturas.situacao, [...SITUACOES_QUE_RENOVAM, 'Suspensa']),
        sql`${assinaturas.inicioCobranca} <= ${hoje}`,
      ),
    )
    .orderBy(asc(assinaturas.id));
  return rows
    .filter((a) => aRenovar(a) && periodoDaAssinatura(agendaDe(a), a.proximoIndice).inicio <= hoje)
    .map((a) => a.id);
}

// ---------------------------------------------------------------------------------------------
// Dunning.

/** GET /api/assinaturas/configuracao: the dunning rules (the defaults until saved). */
export async function getConfiguracaoCobranca(db: Executor): Promise<RegrasDeCobranca> {
  const [row] = await db
    .select()
    .from(assinaturasConfiguracao)
    .where(eq(assinaturasConfiguracao.id, 1));
  return row
    ? { dias_carencia: row.diasCarencia, dias_suspensao: row.diasSuspensao }
    : COBRANCA_PADRAO;
}

/** PUT /api/assinaturas/configuracao. */
export async function salvarConfiguracaoCobranca(
  tx: Transaction,
  input: ConfiguracaoCobranca,
): Promise<RegrasDeCobranca> {
  const colunas = { diasCarencia: input.dias_carencia, diasSuspensao: input.dias_suspensao };
  await tx
    .insert(assinaturasConfiguracao)
    .values({ id: 1, ...colunas })
    .onConflictDoUpdate({
      target: assinaturasConfiguracao.id,
      set: { ...colunas, updatedAt: sql`now()` },
    });
  return getConfiguracaoCobranca(tx);
}

interface FaturaEmAtraso {
  fatura_id: number;
  assinatura_id: number;
  situacao: SituacaoAssinatura;
  vencimento: string;
  valor: string;
  numero: number;
  plano: string;
  cliente: string;
  email: string | null;
}

/** Unpaid bills past their due date (title not cancelled, an installment still owed). */
function faturasEmAtraso(db: Executor, hoje: string) {
  return selectRows<FaturaEmAtraso>(
    db,
    sql`SELECT f.id AS fatura_id, f.assinatura_id, a.situacao, f.vencimento::text, f.valor,
        a.numero, p.nome AS plano, c.nome AS cliente, c.email
      FROM assinatura_faturas f
      JOIN assinaturas a ON a.id = f.assinatura_id
      JOIN titulos t ON t.id = f.titulo_id
      JOIN planos p ON p.id = a.plano_id
      JOIN cadastros c ON c.id = a.cliente_id
      WHERE f.vencimento < ${hoje}::date AND a.situacao IN ('Ativa', 'Inadimplente', 'Suspensa')
        AND t.cancelado_em IS NULL
        AND EXISTS (SELECT 1 FROM parcelas pa WHERE pa.titulo_id = t.id AND pa.status IN ('aberto', 'parcial'))
      ORDER BY f.assinatura_id, f.vencimento, f.id`,
  );
}

interface Cobrado {
  inadimplentes: number;
  suspensas: number;
  reativadas: number;
  lembretes: number;
}

/**
 * The dunning of `hoje`, in one transaction: each subscription's oldest unpaid bill sets its
 * situação (situacaoPelaCobranca, moves the transition table allows); one with nothing overdue
 * is Ativa again (a suspended one takes up from the current period: the suspension's periods
 * are not billed). Each overdue bill gets its reminders once (the unique key on bill and
 * stage), the most serious new one by e-mail when the customer has an address and a mail
 * server is saved.
 */
async function cobrarAtrasadas(
  db: Database,
  hoje: string,
  contexto: AssinaturaContexto,
  empresa: EmpresaDoLembrete,
): Promise<Cobrado> {
  return comAuditoria(db, ator(contexto), async (tx) => {
    const regras = await getConfiguracaoCobranca(tx);
    const atrasadas = await faturasEmAtraso(tx, hoje);
    const maisAntiga = new Map<number, FaturaEmAtraso>();
    for (const f of atrasadas)
      if (!maisAntiga.has(f.assinatura_id)) maisAntiga.set(f.assinatura_id, f);
    const emCobranca = await tx
      .select({ id: assinaturas.id })
      .from(assinaturas)
      .where(inArray(assinaturas.situacao, ['Inadimplente', 'Suspensa']));
    const ids = [...new Set([...maisAntiga.keys(), ...emCobranca.map((a) => a.id)])];
    const feito: Cobrado = { inadimplentes: 0, suspensas: 0, reativadas: 0, lembretes: 0 };
    if (ids.length === 0) return feito;

    const situacoes = new Map<number, SituacaoAssinatura>();
    const movidas: Array<{ id: number; situacao: SituacaoAssinatura }> = [];
    for (const a of await travar(tx, ids)) {
      situacoes.set(a.id, a.situacao);
      const fatura = maisAntiga.get(a.id);
      const para = fatura
        ? situacaoPelaCobranca(diasEntre(fatura.vencimento, hoje), regras)
        : 'Ativa';
      if (para === a.situacao || !transicaoExiste(ASSINATURA_TRANSICOES, a.situacao, para))
        continue;
      const retomada =
        a.situacao === 'Suspensa'
          ? Math.max(
              a.proximoIndice,
              indiceAPartirDe(agendaDaAssinatura(agendaDe(a)), addDaysISO(hoje, 1)) - 1,
            )
          : a.proximoIndice;
      await tx
        .update(assinaturas)
        .set({
          situacao: para,
          inadimplenteEm: para === 'Ativa' ? null : (a.inadimplenteEm ?? hoje),
          suspensaEm: para === 'Suspensa' ? hoje : null,
          proximoIndice: retomada,
          updatedAt: sql`now()`,
        })
        .where(eq(assinaturas.id, a.id));
      situacoes.set(a.id, para);
      movidas.push({ id: a.id, situacao: para });
      if (para === 'Inadimplente') feito.inadimplentes++;
      else if (para === 'Suspensa') feito.suspensas++;
      else feito.reativadas++;
    }
    for (const situacao of ['Ativa', 'Inadimplente', 'Suspensa'] as const) {
      await historicoAutomatico(
        tx,
        movidas.filter((m) => m.situacao === situacao),
        contexto,
        situacao === 'Ativa' ? 'Pagamento em dia' : 'Fatura em atraso',
      );
    }
    feito.lembretes = await lembrar(tx, atrasadas, maisAntiga, situacoes, empresa);
    return feito;
  });
}

/** The reminder stages a bill is due for, the most serious last. */
function etapasDevidas(
  fatura: FaturaEmAtraso,
  maisAntiga: boolean,
  situacao: SituacaoAssinatura | undefined,
): EtapaLembrete[] {
  if (!maisAntiga || (situacao !== 'Inadimplente' && situacao !== 'Suspensa')) return ['vencida'];
  return situacao === 'Suspensa' ? [...ETAPAS_LEMBRETE] : ['vencida', 'inadimplente'];
}

async function lembrar(
  tx: Transaction,
  atrasadas: readonly FaturaEmAtraso[],
  maisAntiga: ReadonlyMap<number, FaturaEmAtraso>,
  situacoes: ReadonlyMap<number, SituacaoAssinatura>,
  empresa: EmpresaDoLembrete,
): Promise<number> {
  const devidos = atrasadas.flatMap((f) =>
    etapasDevidas(f, maisAntiga.get(f.assinatura_id) === f, situacoes.get(f.assinatura_id)).map(
      (etapa) => ({ faturaId: f.fatura_id, etapa }),
    ),
  );
  if (devidos.length === 0) return 0;
  const novos = await tx
    .insert(assinaturaLembretes)
    .values(devidos)
    .onConflictDoNothing()
    .returning({
      id: assinaturaLembretes.id,
      faturaId: assinaturaLembretes.faturaId,
      etapa: assinaturaLembretes.etapa,
    });
  if (novos.length === 0 || !(await configuracaoSmtpRow(tx))) return novos.length;
  const porFatura = new Map(atrasadas.map((f) => [f.fatura_id, f]));
  const gravidade = (etapa: EtapaLembrete) => ETAPAS_LEMBRETE.indexOf(etapa);
  const maisGrave = new Map<number, (typeof novos)[number]>();
  for (const novo of novos) {
    const atual = maisGrave.get(novo.faturaId);
    if (!atual || gravidade(novo.etapa) > gravidade(atual.etapa))
      maisGrave.set(novo.faturaId, novo);
  }
  for (const lembrete of maisGrave.values()) {
    const f = porFatura.get(lembrete.faturaId)!;
    if (!f.email) continue;
    const email = await enfileirarEmail(tx, {
      para: f.email,
      ...textoDoLembrete(lembrete.etapa, {
        cliente: f.cliente,
        numero: f.numero,
        plano: f.plano,
        valor: Number(f.valor),
        vencimento: f.vencimento,
        empresa,
      }),
      anexos: [],
      referencia: `assinatura:${f.assinatura_id}`,
      usuarioId: null,
    });
    await tx
      .update(assinaturaLembretes)
      .set({ emailId: email.id })
      .where(eq(assinaturaLembretes.id, lembrete.id));
  }
  return novos.length;
}

/**
 * POST /api/assinaturas/renovar and the daily job: the dunning first (a payment brings a
 * subscription back before its renewal), then every period due on `hoje`, the missed ones
 * included, ASSINATURAS_POR_LOTE subscriptions per transaction.
 */
export async function renovarDevidas(
  db: Database,
  hoje: string,
  contexto: AssinaturaContexto,
  empresa: EmpresaDoLembrete,
): Promise<RenovacaoResultado> {
  const cobrado = await cobrarAtrasadas(db, hoje, contexto, empresa);
  const devidas = await comRenovacaoDevida(db, hoje);
  let feito = NADA;
  for (let i = 0; i < devidas.length; i += ASSINATURAS_POR_LOTE) {
    feito = somar(
      feito,
      await renovarLote(db, devidas.slice(i, i + ASSINATURAS_POR_LOTE), hoje, contexto),
    );
  }
  return {
    faturas: feito.faturas,
    valor: fromCentavos(feito.centavos),
    canceladas: feito.canceladas,
    ...cobrado,
  };
}

/** "3 faturas (R$ 450,00); 1 inadimplente": what a run did, for the job's line. */
export function descreverRenovacao(r: RenovacaoResultado): string {
  const partes = [
    r.faturas > 0 &&
      `${r.faturas} ${r.faturas === 1 ? 'fatura' : 'faturas'} (${formatMoney(r.valor)})`,
    r.canceladas > 0 &&
      `${r.canceladas} ${r.canceladas === 1 ? 'cancelada' : 'canceladas'} ao fim do período`,
    r.inadimplentes > 0 &&
      `${r.inadimplentes} ${r.inadimplentes === 1 ? 'inadimplente' : 'inadimplentes'}`,
    r.suspensas > 0 && `${r.suspensas} ${r.suspensas === 1 ? 'suspensa' : 'suspensas'}`,
    r.reativadas > 0 && `${r.reativadas} ${r.reativadas === 1 ? 'reativada' : 'reativadas'}`,
    r.lembretes > 0 && `${r.lembretes} ${r.lembretes === 1 ? 'lembrete' : 'lembretes'}`,
  ].filter(Boolean);
  return partes.length ? partes.join('; ') : 'Nada a renovar';
}

// ---------------------------------------------------------------------------------------------
// Writing subscriptions.

/** POST /api/assinaturas: in trial when the plan has one; what is already due is billed now. */
export async function createAssinatura(
  tx: Transaction,
  input: AssinaturaDados,
  contexto: ContextoDoUsuario,
  hoje: string,
): Promise<number> {
  const cliente = await findCadastroResumo(tx, input.cliente_id);
  if (!cliente || cliente.tipo !== 'cliente') {
    throw badRequest(M.clienteNaoEncontrado, { cliente_id: M.clienteNaoEncontrado });
  }
  const plano = await planoAtivo(tx, input.plano_id);
  const situacao: SituacaoAssinatura = plano.diasTeste > 0 ? 'Em teste' : 'Ativa';
  const [criada] = await tx
    .insert(assinaturas)
    .values({
      clienteId: input.cliente_id,
      planoId: plano.id,
      valor: plano.preco,
      ciclo: plano.ciclo,
      situacao,
      inicio: input.inicio,
      inicioCobranca: addDaysISO(input.inicio, plano.diasTeste),
      formaPagamento: input.forma_pagamento,
      diasVencimento: input.dias_vencimento,
      observacoes: input.observacoes,
      usuarioId: contexto.usuario.id,
    })
    .returning();
  await documento.registrarHistorico(tx, criada!.id, situacao, contexto.usuario.id, null);
  await renovarTravadas(tx, [criada!], hoje, contexto);
  return criada!.id;
}

/**
 * What a change to `planoId` on `hoje` does: in the trial, nothing billed, the new price from
 * the first bill; after it, the period in force (the one `hoje` falls in) prorated.
 */
async function calcularMudanca(tx: Executor, a: AssinaturaRow, planoId: number, hoje: string) {
  if (a.situacao !== 'Em teste' && a.situacao !== 'Ativa') {
    throw new AppError('REGRA_VIOLADA', M.semMudarPlano);
  }
  if (planoId === a.planoId) throw badRequest(M.mesmoPlano, { plano_id: M.mesmoPlano });
  const novo = await planoAtivo(tx, planoId);
  if (novo.ciclo !== a.ciclo) {
    const ciclo = CICLOS_PLANO.find((c) => c.value === a.ciclo)!.label.toLowerCase();
    throw badRequest(M.outroCiclo(ciclo), { plano_id: M.outroCiclo(ciclo) });
  }
  const emTeste = hoje < a.inicioCobranca;
  const agenda = agendaDaAssinatura(agendaDe(a));
  const periodo = emTeste
    ? null
    : periodoDaAssinatura(agendaDe(a), indiceAPartirDe(agenda, addDaysISO(hoje, 1)) - 1);
  const conta = periodo
    ? prorrateio({
        periodo,
        data: hoje,
        valorAtualCentavos: toCentavos(a.valor),
        valorNovoCentavos: toCentavos(novo.preco),
      })
    : { dias_periodo: 0, dias_restantes: 0, credito: 0, cobranca: 0, total: 0 };
  return { novo, emTeste, periodo, conta };
}

/** GET /api/assinaturas/{id}/mudanca-de-plano?plano_id=: the proration, before confirming. */
export async function previaMudanca(
  db: Executor,
  id: number,
  planoId: number,
  hoje: string,
): Promise<MudancaPlanoPrevia> {
  const [row] = await db.select(colunasDoResumo).from(assinaturas).where(eq(assinaturas.id, id));
  if (!row) throw notFound(M.naoEncontrada);
  const { novo, emTeste, periodo, conta } = await calcularMudanca(
    db,
    row.assinatura,
    planoId,
    hoje,
  );
  return {
    data: hoje,
    plano_atual: row.planoNome,
    plano_novo: novo.nome,
    valor_atual: row.assinatura.valor,
    valor_novo: novo.preco,
    em_teste: emTeste,
    periodo: periodo && { inicio: periodo.inicio, fim: periodo.fim },
    dias_periodo: conta.dias_periodo,
    dias_restantes: conta.dias_restantes,
    credito: fromCentavos(conta.credito),
    cobranca: fromCentavos(conta.cobranca),
    total: fromCentavos(conta.total),
  };
}

/**
 * POST /api/assinaturas/{id}/mudanca-de-plano: what was due is billed first at the old price,
 * then the new plan's price holds and the proration is written: a receivable when it charges,
 * a payable (the refund to the customer) when it credits, nothing when it is zero.
 */
export async function mudarPlano(
  tx: Transaction,
  id: number,
  planoId: number,
  contexto: ContextoDoUsuario,
  hoje: string,
): Promise<void> {
  const [antes] = await travar(tx, [id]);
  if (!antes) throw notFound(M.naoEncontrada);
  await renovarTravadas(tx, [antes], hoje, contexto);
  const [a] = await travar(tx, [id]);
  if (a!.situacao === 'Cancelada') throw new AppError('REGRA_VIOLADA', M.cancelada);
  const { novo, periodo, conta } = await calcularMudanca(tx, a!, planoId, hoje);
  let tituloId: number | null = null;
  if (conta.total !== 0 && periodo) {
    const numero = formatNumeroAssinatura(a!.numero);
    const receber = conta.total > 0;
    [tituloId] = (await criarTitulo(
      tx,
      {
        natureza: receber ? 'receber' : 'pagar',
        descricao: `${receber ? 'Mudança de plano' : 'Devolução proporcional da mudança de plano'} — Assinatura Nº ${numero} — ${formatDate(hoje)} a ${formatDate(periodo.fim)}`,
        pessoa_id: a!.clienteId,
        categoria_id: receber
          ? (await regrasDeRecebimento(tx, 'prestacao-servicos')).categoriaId
          : null,
        centro_custo: null,
        documento: documentoDoTitulo(a!.numero),
        competencia: hoje,
        forma_pagamento: a!.formaPagamento,
        valor: fromCentavos(Math.abs(conta.total)),
        vencimento: receber ? vencimentoDaFatura(hoje, a!.diasVencimento, true) : hoje,
        parcelas: 1,
        recorrente_meses: null,
        observacoes: null,
        documento_de_origem: { tipo: 'assinatura', id },
      },
      contexto,
    )) as [number];
  }
  await tx.insert(assinaturaMudancas).values({
    assinaturaId: id,
    data: hoje,
    planoAnteriorId: a!.planoId,
    planoNovoId: novo.id,
    valorAnterior: a!.valor,
    valorNovo: novo.preco,
    credito: fromCentavos(conta.credito),
    cobranca: fromCentavos(conta.cobranca),
    tituloId,
    usuarioId: contexto.usuario.id,
  });
  await tx
    .update(assinaturas)
    .set({ planoId: novo.id, valor: novo.preco, updatedAt: sql`now()` })
    .where(eq(assinaturas.id, id));
}

/**
 * POST /api/assinaturas/{id}/cancelamento. At the period's end: the subscription runs to the end
 * of what was billed (of the trial, in one) and the renewal cancels it then, with no new bill.
 * Now: it ends today; what was billed is not refunded and nothing more is billed.
 */
export async function cancelarAssinatura(
  tx: Transaction,
  id: number,
  input: CancelamentoAssinaturaInput,
  contexto: ContextoDoUsuario,
  hoje: string,
): Promise<void> {
  if (input.quando === 'agora') {
    await documento.alterarStatus(tx, id, {
      para: 'Cancelada',
      por: contexto.usuario,
      observacao: input.motivo,
      antes: async () => ({
        canceladaEm: hoje,
        motivoCancelamento: input.motivo,
        cancelarAoFim: false,
      }),
      reler: async () => undefined,
    });
    return;
  }
  const atual = await documento.travar(tx, id, { cancelarAoFim: assinaturas.cancelarAoFim });
  if (atual.status === 'Cancelada') throw new AppError('REGRA_VIOLADA', M.cancelada);
  if (atual.cancelarAoFim) throw new AppError('REGRA_VIOLADA', M.jaCancelaAoFim);
  await tx
    .update(assinaturas)
    .set({ cancelarAoFim: true, motivoCancelamento: input.motivo, updatedAt: sql`now()` })
    .where(eq(assinaturas.id, id));
}

// ---------------------------------------------------------------------------------------------
// Metrics.

/** A cycle's months, in SQL. */
const mesesDoCiclo = sql`(CASE a.ciclo WHEN 'mensal' THEN 1 WHEN 'trimestral' THEN 3 WHEN 'semestral' THEN 6 ELSE 12 END)`;

/**
 * The price a subscription had on `dia`: the last change of plan on or before it, else the
 * price before the first change after it, else its own.
 */
const precoEm = (dia: SQL) => sql`coalesce(
  (SELECT m.valor_novo FROM assinatura_mudancas m WHERE m.assinatura_id = a.id AND m.data <= ${dia}
    ORDER BY m.data DESC, m.id DESC LIMIT 1),
  (SELECT m.valor_anterior FROM assinatura_mudancas m WHERE m.assinatura_id = a.id AND m.data > ${dia}
    ORDER BY m.data, m.id LIMIT 1),
  a.valor)`;
/** Its month's share on `dia`, rounded half up to the centavo as mensalCentavos does. */
const mensalEm = (dia: SQL) => sql`round(${precoEm(dia)} / ${mesesDoCiclo}, 2)`;
/** Paying on `dia`: the trial over, not yet cancelled, not suspended (the current suspension). */
const paganteEm = (dia: SQL) => sql`(a.inicio_cobranca <= ${dia}
  AND (a.cancelada_em IS NULL OR a.cancelada_em > ${dia})
  AND (a.suspensa_em IS NULL OR a.suspensa_em > ${dia}))`;

interface MesLido {
  mes: string;
  assinantes: number | string;
  mrr: number | string;
  assinantes_inicio: number | string;
  mrr_inicio: number | string;
  novos: number | string;
  cancelados: number | string;
  mrr_cancelado: number | string;
}

/**
 * GET /api/assinaturas/metricas. The cards: MRR (the paying subscriptions' prices normalised to
 * a month, Ativa and Inadimplente; trials do not pay yet), ARR = 12 × MRR, the paying
 * subscribers. The last 12 months from the subscriptions' own dates (billing start,
 * cancellation, suspension, plan changes): subscribers and MRR at each month's end (today for
 * this one), new ones, cancellations of paying subscribers and their MRR, churn by count
 * (cancelled ÷ paying at the month's start) and by revenue (their MRR ÷ MRR at the start).
 * Two queries, whatever the number of subscriptions.
 */
export async function metricasAssinaturas(
  db: Executor,
  hoje: string,
): Promise<MetricasAssinaturas> {
  const primeiro = addMonthsISO(`${hoje.slice(0, 7)}-01`, -11);
  const meses = Array.from({ length: 12 }, (_, i) => {
    const inicio = addMonthsISO(primeiro, i);
    const fim = addDaysISO(addMonthsISO(inicio, 1), -1);
    return sql`(${inicio}::date, ${addDaysISO(inicio, -1)}::date, ${fim < hoje ? fim : hoje}::date)`;
  });
  const ref = sql`mm.ref`;
  const base = sql`mm.base`;
  const cancelada = sql`(a.cancelada_em BETWEEN mm.inicio AND mm.ref AND ${paganteEm(sql`(a.cancelada_em - 1)`)})`;
  const [linhas, [cards]] = await Promise.all([
    selectRows<MesLido>(
      db,
      sql`SELECT to_char(mm.inicio, 'YYYY-MM') AS mes,
          count(a.id) FILTER (WHERE ${paganteEm(ref)}) AS assinantes,
          coalesce(sum(${mensalEm(ref)}) FILTER (WHERE ${paganteEm(ref)}), 0) AS mrr,
          count(a.id) FILTER (WHERE ${paganteEm(base)}) AS assinantes_inicio,
          coalesce(sum(${mensalEm(base)}) FILTER (WHERE ${paganteEm(base)}), 0) AS mrr_inicio,
          count(a.id) FILTER (WHERE a.inicio_cobranca BETWEEN mm.inicio AND mm.ref
            AND (a.cancelada_em IS NULL OR a.cancelada_em > a.inicio_cobranca)) AS novos,
          count(a.id) FILTER (WHERE ${cancelada}) AS cancelados,
          coalesce(sum(${mensalEm(sql`(a.cancelada_em - 1)`)}) FILTER (WHERE ${cancelada}), 0) AS mrr_cancelado
        FROM (VALUES ${sql.join(meses, sql`, `)}) AS mm(inicio, base, ref)
        LEFT JOIN assinaturas a ON true
        GROUP BY mm.inicio ORDER BY mm.inicio`,
    ),
    selectRows<{ mrr: number | string; assinantes: number | string; em_teste: number | string }>(
      db,
      sql`SELECT
          coalesce(sum(round(a.valor / ${mesesDoCiclo}, 2)) FILTER (WHERE a.situacao IN ('Ativa', 'Inadimplente')), 0) AS mrr,
          count(*) FILTER (WHERE a.situacao IN ('Ativa', 'Inadimplente')) AS assinantes,
          count(*) FILTER (WHERE a.situacao = 'Em teste') AS em_teste
        FROM assinaturas a`,
    ),
  ]);
  const mrr = toCentavos(Number(cards?.mrr ?? 0));
  return {
    mrr: fromCentavos(mrr),
    arr: fromCentavos(12 * mrr),
    assinantes: Number(cards?.assinantes ?? 0),
    em_teste: Number(cards?.em_teste ?? 0),
    meses: linhas.map((l) => {
      const cancelado = toCentavos(Number(l.mrr_cancelado));
      return {
        mes: l.mes,
        assinantes: Number(l.assinantes),
        mrr: Number(l.mrr),
        novos: Number(l.novos),
        cancelados: Number(l.cancelados),
        mrr_cancelado: fromCentavos(cancelado),
        churn_contagem: percentual(Number(l.cancelados), Number(l.assinantes_inicio)),
        churn_receita: percentual(cancelado, toCentavos(Number(l.mrr_inicio))),
      };
    }),
  };
}
