import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  aniversariosAte,
  CONTRATO_MESSAGES as M,
  CONTRATO_TRANSICOES,
  dataDeFaturamento,
  formatNumeroContrato,
  indiceAPartirDe,
  mesesDoIndice,
  multaDeFidelidade,
  percentualAcumulado,
  periodo,
  periodosDevidos,
  reajustarCentavos,
  vencimentoDaFatura,
  type AFaturar,
  type AgendaContrato,
  type CancelamentoPrevia,
  type Contrato,
  type ContratoInput,
  type ContratoItem,
  type ContratoItemInput,
  type ContratoPrecosInput,
  type ContratoResumo,
  type ContratosQuery,
  type ContratoStatusInput,
  type ContratoUpdateInput,
  type FaturamentoResultado,
  type Indice,
  type IndiceInput,
  type IndicePublicado,
} from '@prumo/shared/contratos';
import { addDaysISO, formatDate, todayISO } from '@prumo/shared/dates';
import type { SituacaoNfse } from '@prumo/shared/fiscal';
import { formatMoney, fromCentavos, toCentavos } from '@prumo/shared/money';
import type { Database, Executor, Transaction } from '../../db/database';
import { documentoComStatus } from '../../db/documento';
import { pgErrorCode, PG_ERROR } from '../../db/pg-errors';
import { containsSearch, selectRows } from '../../db/sql-helpers';
import type { Role } from '@prumo/shared/auth';
import { AppError, badRequest, notFound } from '../../http/errors';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { findCadastroResumo } from '../cadastros/cadastros.repository';
import {
  criarRecebiveisEmLote,
  criarTitulo,
  regrasDeRecebimento,
} from '../financeiro/financeiro.repository';
import { servicosParaOrdem } from '../servicos/servicos.repository';
import {
  contratoFaturas,
  contratoHistorico,
  contratoItens,
  contratoReajustes,
  contratos,
  indicesReajuste,
} from './contratos.table';

/*
 * Service contracts and their billing (issue 31). A contract bills each period of its calendar
 * (@prumo/shared/contratos agenda) once: under the contract's row lock, from its cursor
 * (proximo_indice), writing the receivable and the bill (unique on contract and period start)
 * in one transaction. The "Faturar todos" click, the daily job and a second app instance all
 * go through faturarLote, so none bills a period twice, and a run that was missed bills
 * every earlier period still due.
 */

export interface ContratoContexto {
  /** Who asks; the daily job writes as FATURAMENTO_AUTOMATICO (no user). */
  usuario: { id: number | null; nome: string; role: Role };
  timeZone: string;
}

/** A write a user asks for (the routes): the contract's history names them. */
type ContextoDoUsuario = ContratoContexto & { usuario: { id: number; nome: string; role: Role } };

/** The daily billing job's author in the titles and the audit trail (no user). */
export const FATURAMENTO_AUTOMATICO = {
  id: null,
  nome: 'Faturamento automático',
  role: 'admin',
} as const;

const ator = (contexto: ContratoContexto) =>
  contexto.usuario.id === null ? null : { id: contexto.usuario.id, nome: contexto.usuario.nome };

type ContratoRow = typeof contratos.$inferSelect;

const documento = documentoComStatus({
  tabela: contratos,
  status: 'situacao',
  naoEncontrado: M.naoEncontrado,
  transicoes: CONTRATO_TRANSICOES,
  transicaoInvalida: (de, para) =>
    `Um contrato ${de.toLowerCase()} não passa a ${para.toLowerCase()}`,
  semPermissao: 'Só administradores e gerentes mudam a situação de um contrato',
  historico: {
    tabela: contratoHistorico,
    linha: (contratoId, situacao, usuarioId, observacao) => ({
      contratoId,
      situacao,
      usuarioId,
      observacao,
    }),
  },
});

const agendaDe = (c: Pick<ContratoRow, 'inicio' | 'fim' | 'periodicidade' | 'diaFaturamento'>) =>
  ({
    inicio: c.inicio,
    fim: c.fim,
    periodicidade: c.periodicidade,
    dia_faturamento: c.diaFaturamento,
  }) satisfies AgendaContrato;

/** The next bill's date: none once cancelled, suspended or past the end. */
function proximoFaturamento(c: ContratoRow): string | null {
  if (c.situacao !== 'Ativo') return null;
  return periodo(agendaDe(c), c.proximoIndice)?.inicio ?? null;
}

const centavosDosItens = (itens: ReadonlyArray<{ quantidade: number; valor: number }>) =>
  itens.reduce((soma, i) => soma + Math.round(i.quantidade * toCentavos(i.valor)), 0);

// ---------------------------------------------------------------------------------------------
// Reading.

/**
 * The price of a cycle of each contract on `dia` (or on its start, while it has not started):
 * its lines in force then, in the statement that reads the contract.
 */
function valorDoCicloSql(dia: string) {
  // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside this
  // subquery would name contrato_itens' own.
  const referencia = sql`greatest(${dia}::date, "contratos"."inicio")`;
  return sql<number>`(SELECT coalesce(sum(round(i.quantidade * i.valor, 2)), 0)
    FROM contrato_itens i WHERE i.contrato_id = "contratos"."id"
      AND i.vigente_de <= ${referencia} AND (i.vigente_ate IS NULL OR i.vigente_ate >= ${referencia}))`;
}

function resumoDe(
  c: ContratoRow & { clienteNome: string; valorCiclo: number | string },
): ContratoResumo {
  return {
    id: c.id,
    numero: c.numero,
    cliente_id: c.clienteId,
    cliente_nome: c.clienteNome,
    descricao: c.descricao,
    situacao: c.situacao,
    periodicidade: c.periodicidade,
    dia_faturamento: c.diaFaturamento,
    inicio: c.inicio,
    fim: c.fim,
    valor_ciclo: Number(c.valorCiclo),
    proximo_faturamento: proximoFaturamento(c),
  };
}

const nomeDoCliente = sql<string>`(SELECT c.nome FROM cadastros c WHERE c.id = "contratos"."cliente_id")`;

/** A contract with its customer's name and its price on `dia`. */
const colunasDoResumo = (dia: string) => ({
  contrato: contratos,
  clienteNome: nomeDoCliente,
  valorCiclo: valorDoCicloSql(dia),
});

/** GET /api/contratos: newest first, searched by número, cliente or descrição. */
export async function listContratos(
  db: Executor,
  query: ContratosQuery & { limit: number; offset: number },
  timeZone: string,
): Promise<{ items: ContratoResumo[]; total: number }> {
  const filtros: SQL[] = [];
  if (query.situacao) filtros.push(eq(contratos.situacao, query.situacao));
  if (query.q) {
    const numero = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    const texto = containsSearch(query.q, contratos.descricao, nomeDoCliente);
    filtros.push(numero === null ? texto : sql`(${contratos.numero} = ${numero} OR ${texto})`);
  }
  const where = filtros.length ? and(...filtros) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(colunasDoResumo(todayISO(timeZone)))
      .from(contratos)
      .where(where)
      .orderBy(desc(contratos.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(contratos)
      .where(where),
  ]);
  return {
    items: rows.map((r) =>
      resumoDe({ ...r.contrato, clienteNome: r.clienteNome, valorCiclo: r.valorCiclo }),
    ),
    total: Number(total?.total ?? 0),
  };
}

function itemDe(i: typeof contratoItens.$inferSelect): ContratoItem {
  return {
    servico_id: i.servicoId,
    servico_nome: i.servicoNome,
    quantidade: i.quantidade,
    valor: i.valor,
    subtotal: fromCentavos(Math.round(i.quantidade * toCentavos(i.valor))),
    vigente_de: i.vigenteDe,
    vigente_ate: i.vigenteAte,
  };
}

/** The reajuste a contract owes and cannot apply for lack of index months (a line to show). */
async function reajustePendente(
  db: Executor,
  c: ContratoRow,
  hoje: string,
): Promise<string | null> {
  if (!c.reajusteIndice || c.reajusteIndice === 'fixo' || c.situacao === 'Cancelado') return null;
  const aplicados = await db
    .select({ aniversario: contratoReajustes.aniversario })
    .from(contratoReajustes)
    .where(eq(contratoReajustes.contratoId, c.id));
  const feitos = new Set(aplicados.map((a) => a.aniversario));
  const devido = aniversariosAte(c.inicio, hoje).find((a) => !feitos.has(a));
  if (!devido) return null;
  const faltam = await mesesFaltando(db, c.reajusteIndice, devido);
  return faltam.length
    ? `Reajuste de ${formatDate(devido)} pendente: faltam os índices ${c.reajusteIndice} de ${faltam.join(', ')}`
    : null;
}

/** GET /api/contratos/{id}. */
export async function getContrato(
  db: Executor,
  id: number,
  timeZone: string,
): Promise<Contrato | undefined> {
  const hoje = todayISO(timeZone);
  const [row] = await db.select(colunasDoResumo(hoje)).from(contratos).where(eq(contratos.id, id));
  if (!row) return undefined;
  const c = row.contrato;
  const referencia = hoje > c.inicio ? hoje : c.inicio;
  const [itens, faturas, reajustes] = await Promise.all([
    db
      .select()
      .from(contratoItens)
      .where(eq(contratoItens.contratoId, id))
      .orderBy(desc(contratoItens.vigenteDe), asc(contratoItens.id)),
    selectRows<{
      id: number;
      periodo_inicio: string;
      periodo_fim: string;
      vencimento: string;
      valor: string;
      titulo_id: number;
      cancelado: boolean;
      saldo: string;
      nfse_id: number | null;
      nfse_situacao: SituacaoNfse | null;
      created_at: Date | string;
    }>(
      db,
      sql`SELECT f.id, f.periodo_inicio::text, f.periodo_fim::text, f.vencimento::text, f.valor,
          f.titulo_id, t.cancelado_em IS NOT NULL AS cancelado, f.created_at,
          (SELECT coalesce(sum(p.valor - p.valor_pago), 0) FROM parcelas p WHERE p.titulo_id = t.id) AS saldo,
          x.id AS nfse_id, x.situacao AS nfse_situacao
        FROM contrato_faturas f JOIN titulos t ON t.id = f.titulo_id
        LEFT JOIN LATERAL (SELECT n.id, n.situacao FROM nfses n
          WHERE n.contrato_fatura_id = f.id AND n.situacao <> 'Cancelada' ORDER BY n.id LIMIT 1) x ON true
        WHERE f.contrato_id = ${id} ORDER BY f.periodo_inicio DESC`,
    ),
    db
      .select()
      .from(contratoReajustes)
      .where(eq(contratoReajustes.contratoId, id))
      .orderBy(desc(contratoReajustes.aniversario)),
  ]);
  const atuais = itens.filter(
    (i) => i.vigenteDe <= referencia && (i.vigenteAte === null || i.vigenteAte >= referencia),
  );
  return {
    ...resumoDe({ ...c, clienteNome: row.clienteNome, valorCiclo: row.valorCiclo }),
    dias_vencimento: c.diasVencimento,
    vencimento_dia_util: c.vencimentoDiaUtil,
    forma_pagamento: c.formaPagamento,
    fidelidade_meses: c.fidelidadeMeses,
    multa_fidelidade: c.multaFidelidade,
    reajuste_indice: c.reajusteIndice,
    reajuste_percentual: c.reajustePercentual,
    observacoes: c.observacoes,
    primeiro_faturamento: dataDeFaturamento(agendaDe(c), 0),
    itens: atuais.map(itemDe),
    historico_precos: itens.map(itemDe),
    faturas: faturas.map((f) => ({
      id: f.id,
      periodo_inicio: f.periodo_inicio,
      periodo_fim: f.periodo_fim,
      vencimento: f.vencimento,
      valor: Number(f.valor),
      titulo_id: f.titulo_id,
      situacao_titulo: f.cancelado ? 'cancelado' : Number(f.saldo) <= 0 ? 'pago' : 'aberto',
      nfse_id: f.nfse_id,
      nfse_situacao: f.nfse_situacao,
      created_at: new Date(f.created_at).toISOString(),
    })),
    reajustes: reajustes.map((r) => ({
      aniversario: r.aniversario,
      indice: r.indice,
      percentual: r.percentual,
      aplicado_em: r.aplicadoEm.toISOString(),
    })),
    reajuste_pendente: await reajustePendente(db, c, hoje),
    suspenso_em: c.suspensoEm,
    cancelado_em: c.canceladoEm,
    motivo_cancelamento: c.motivoCancelamento,
    multa_cancelamento: c.multaCancelamento,
    created_at: c.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing.

async function validarCliente(tx: Executor, clienteId: number) {
  const cliente = await findCadastroResumo(tx, clienteId);
  if (!cliente || cliente.tipo !== 'cliente') {
    throw badRequest(M.clienteNaoEncontrado, { cliente_id: M.clienteNaoEncontrado });
  }
}

/** The lines as stored: each service's name of today, from `vigenteDe` on. */
async function linhasDosItens(
  tx: Executor,
  contratoId: number,
  itens: readonly ContratoItemInput[],
  vigenteDe: string,
) {
  const encontrados = await servicosParaOrdem(
    tx,
    itens.map((i) => i.servico_id),
  );
  const porId = new Map(encontrados.map((s) => [s.id, s]));
  return itens.map((item, index) => {
    const servico = porId.get(item.servico_id);
    if (!servico) {
      throw badRequest(M.servicoNaoEncontrado, {
        [`itens.${index}.servico_id`]: M.servicoNaoEncontrado,
      });
    }
    return {
      contratoId,
      servicoId: item.servico_id,
      servicoNome: servico.nome,
      quantidade: item.quantidade ?? 1,
      valor: item.valor,
      vigenteDe,
    };
  });
}

const colunasDoContrato = (input: ContratoUpdateInput) => ({
  clienteId: input.cliente_id,
  descricao: input.descricao ?? null,
  inicio: input.inicio,
  fim: input.fim ?? null,
  periodicidade: input.periodicidade,
  diaFaturamento: input.dia_faturamento,
  diasVencimento: input.dias_vencimento ?? 0,
  vencimentoDiaUtil: input.vencimento_dia_util ?? true,
  formaPagamento: input.forma_pagamento,
  fidelidadeMeses: input.fidelidade_meses ?? 0,
  multaFidelidade: input.multa_fidelidade ?? 0,
  reajusteIndice: input.reajuste_indice ?? null,
  reajustePercentual: input.reajuste_indice === 'fixo' ? (input.reajuste_percentual ?? null) : null,
  observacoes: input.observacoes ?? null,
});

/** POST /api/contratos: Ativo, its services priced from the start. */
export async function createContrato(
  tx: Transaction,
  input: ContratoInput,
  contexto: ContextoDoUsuario,
): Promise<number> {
  await validarCliente(tx, input.cliente_id);
  const [criado] = await tx
    .insert(contratos)
    .values({ ...colunasDoContrato(input), usuarioId: contexto.usuario.id })
    .returning({ id: contratos.id });
  await tx
    .insert(contratoItens)
    .values(await linhasDosItens(tx, criado!.id, input.itens, input.inicio));
  await documento.registrarHistorico(tx, criado!.id, 'Ativo', contexto.usuario.id, null);
  return criado!.id;
}

async function ultimaFatura(tx: Executor, contratoId: number): Promise<string | null> {
  const [row] = await tx
    .select({ inicio: contratoFaturas.periodoInicio })
    .from(contratoFaturas)
    .where(eq(contratoFaturas.contratoId, contratoId))
    .orderBy(desc(contratoFaturas.periodoInicio))
    .limit(1);
  return row?.inicio ?? null;
}

/** PUT /api/contratos/{id}: the calendar stays once there are bills. */
export async function updateContrato(
  tx: Transaction,
  id: number,
  input: ContratoUpdateInput,
): Promise<void> {
  const atual = await documento.travar(tx, id, {
    inicio: contratos.inicio,
    periodicidade: contratos.periodicidade,
    diaFaturamento: contratos.diaFaturamento,
  });
  if (atual.status === 'Cancelado') throw new AppError('REGRA_VIOLADA', M.cancelado);
  await validarCliente(tx, input.cliente_id);
  const mudaCalendario =
    atual.inicio !== input.inicio ||
    atual.periodicidade !== input.periodicidade ||
    atual.diaFaturamento !== input.dia_faturamento;
  if (mudaCalendario && (await ultimaFatura(tx, id)) !== null) {
    throw new AppError('REGRA_VIOLADA', M.faturado);
  }
  await tx
    .update(contratos)
    .set({ ...colunasDoContrato(input), updatedAt: sql`now()` })
    .where(eq(contratos.id, id));
  if (mudaCalendario && atual.inicio !== input.inicio) {
    // Unbilled: the first lines follow the new start.
    await tx
      .update(contratoItens)
      .set({ vigenteDe: input.inicio })
      .where(and(eq(contratoItens.contratoId, id), isNull(contratoItens.vigenteAte)));
  }
}

/** POST /api/contratos/{id}/precos: new lines from `vigente_de`, the open ones closed the day before. */
export async function novosPrecos(
  tx: Transaction,
  id: number,
  input: ContratoPrecosInput,
): Promise<void> {
  const atual = await documento.travar(tx, id);
  if (atual.status === 'Cancelado') throw new AppError('REGRA_VIOLADA', M.cancelado);
  const faturada = await ultimaFatura(tx, id);
  if (faturada !== null && input.vigente_de <= faturada) {
    const message = M.vigenciaAntesDaUltimaFatura(formatDate(faturada));
    throw badRequest(message, { vigente_de: message });
  }
  const abertas = await tx
    .select({ vigenteDe: contratoItens.vigenteDe })
    .from(contratoItens)
    .where(and(eq(contratoItens.contratoId, id), isNull(contratoItens.vigenteAte)));
  const maisRecente = abertas
    .map((a) => a.vigenteDe)
    .sort()
    .at(-1);
  if (maisRecente && input.vigente_de <= maisRecente) {
    const message = M.vigenciaAntesDoPreco(formatDate(maisRecente));
    throw badRequest(message, { vigente_de: message });
  }
  await tx
    .update(contratoItens)
    .set({ vigenteAte: addDaysISO(input.vigente_de, -1) })
    .where(and(eq(contratoItens.contratoId, id), isNull(contratoItens.vigenteAte)));
  await tx
    .insert(contratoItens)
    .values(await linhasDosItens(tx, id, input.itens, input.vigente_de));
}

// ---------------------------------------------------------------------------------------------
// Reajuste.

async function mesesFaltando(db: Executor, indice: IndicePublicado, aniversario: string) {
  const meses = mesesDoIndice(aniversario);
  const tem = await db
    .select({ mes: indicesReajuste.mes })
    .from(indicesReajuste)
    .where(and(eq(indicesReajuste.indice, indice), inArray(indicesReajuste.mes, meses)));
  const presentes = new Set(tem.map((t) => t.mes));
  return meses.filter((m) => !presentes.has(m));
}

/** The monthly rates of a reajuste on `aniversario`, or null while the table lacks a month. */
async function taxasDoReajuste(tx: Executor, c: ContratoRow, aniversario: string) {
  if (c.reajusteIndice === 'fixo')
    return c.reajustePercentual === null ? null : [c.reajustePercentual];
  if (!c.reajusteIndice) return null;
  const meses = mesesDoIndice(aniversario);
  const rows = await tx
    .select({ mes: indicesReajuste.mes, percentual: indicesReajuste.percentual })
    .from(indicesReajuste)
    .where(and(eq(indicesReajuste.indice, c.reajusteIndice), inArray(indicesReajuste.mes, meses)));
  if (rows.length < meses.length) return null;
  const porMes = new Map(rows.map((r) => [r.mes, r.percentual]));
  return meses.map((m) => porMes.get(m)!);
}

/**
 * Applies the reajustes due up to `ate` (anniversaries not yet applied, in order), each from its
 * anniversary: the open lines are closed the day before and reopened at the new price. Stops at
 * the first whose index months are missing. Answers how many it applied.
 */
async function aplicarReajustes(tx: Transaction, c: ContratoRow, ate: string): Promise<number> {
  if (!c.reajusteIndice) return 0;
  const feitos = new Set(
    (
      await tx
        .select({ aniversario: contratoReajustes.aniversario })
        .from(contratoReajustes)
        .where(eq(contratoReajustes.contratoId, c.id))
    ).map((r) => r.aniversario),
  );
  let aplicados = 0;
  for (const aniversario of aniversariosAte(c.inicio, ate)) {
    if (feitos.has(aniversario)) continue;
    const taxas = await taxasDoReajuste(tx, c, aniversario);
    if (!taxas) break;
    const abertas = await tx
      .select()
      .from(contratoItens)
      .where(and(eq(contratoItens.contratoId, c.id), isNull(contratoItens.vigenteAte)));
    for (const linha of abertas.filter((l) => l.vigenteDe < aniversario)) {
      await tx
        .update(contratoItens)
        .set({ vigenteAte: addDaysISO(aniversario, -1) })
        .where(eq(contratoItens.id, linha.id));
      await tx.insert(contratoItens).values({
        contratoId: c.id,
        servicoId: linha.servicoId,
        servicoNome: linha.servicoNome,
        quantidade: linha.quantidade,
        valor: fromCentavos(reajustarCentavos(toCentavos(linha.valor), taxas)),
        vigenteDe: aniversario,
      });
    }
    await tx.insert(contratoReajustes).values({
      contratoId: c.id,
      aniversario,
      indice: c.reajusteIndice,
      percentual: percentualAcumulado(taxas),
    });
    aplicados++;
  }
  return aplicados;
}

// ---------------------------------------------------------------------------------------------
// Billing.

/** The system's category of service revenue (prestacao-servicos), as the orders' receivables use. */
async function categoriaDeServicos(tx: Executor): Promise<number | null> {
  return (await regrasDeRecebimento(tx, 'prestacao-servicos')).categoriaId;
}

interface Faturado {
  faturas: number;
  centavos: number;
  reajustes: number;
}
const NADA: Faturado = { faturas: 0, centavos: 0, reajustes: 0 };
const somar = (a: Faturado, b: Faturado): Faturado => ({
  faturas: a.faturas + b.faturas,
  centavos: a.centavos + b.centavos,
  reajustes: a.reajustes + b.reajustes,
});

/** How many contracts one billing transaction takes (each under its row lock). */
const CONTRATOS_POR_LOTE = 200;

/**
 * Bills the periods of locked contracts due up to `hoje`, each from its cursor: the reajustes
 * due first, then each period's receivable and bill (its price: the lines in force on its first
 * day), and each cursor after its last period, in a few statements for the whole batch.
 */
async function faturarTravados(
  tx: Transaction,
  travados: readonly ContratoRow[],
  hoje: string,
  contexto: ContratoContexto,
): Promise<Faturado> {
  const planos = travados
    .map((c) => ({ c, devidos: periodosDevidos(agendaDe(c), hoje, c.proximoIndice) }))
    .filter((p) => p.devidos.length > 0);
  if (planos.length === 0) return NADA;
  let reajustes = 0;
  for (const { c, devidos } of planos) {
    if (c.reajusteIndice) reajustes += await aplicarReajustes(tx, c, devidos.at(-1)!.inicio);
  }
  const linhas = await tx
    .select({
      contratoId: contratoItens.contratoId,
      quantidade: contratoItens.quantidade,
      valor: contratoItens.valor,
      vigenteDe: contratoItens.vigenteDe,
      vigenteAte: contratoItens.vigenteAte,
    })
    .from(contratoItens)
    .where(
      inArray(
        contratoItens.contratoId,
        planos.map((p) => p.c.id),
      ),
    );
  const porContrato = new Map<number, typeof linhas>();
  for (const linha of linhas) {
    porContrato.set(linha.contratoId, [...(porContrato.get(linha.contratoId) ?? []), linha]);
  }
  const categoriaId = await categoriaDeServicos(tx);
  const cobrancas = planos.flatMap(({ c, devidos }) =>
    devidos.flatMap((p) => {
      const vigentes = (porContrato.get(c.id) ?? []).filter(
        (l) => l.vigenteDe <= p.inicio && (l.vigenteAte === null || l.vigenteAte >= p.inicio),
      );
      const centavos = centavosDosItens(vigentes);
      return centavos > 0
        ? [
            {
              c,
              p,
              centavos,
              vencimento: vencimentoDaFatura(p.inicio, c.diasVencimento, c.vencimentoDiaUtil),
            },
          ]
        : [];
    }),
  );
  const titulos = await criarRecebiveisEmLote(
    tx,
    cobrancas.map(({ c, p, centavos, vencimento }) => ({
      origem: { tipo: 'contrato', id: c.id },
      descricao: `Contrato Nº ${formatNumeroContrato(c.numero)} — ${formatDate(p.inicio)} a ${formatDate(p.fim)}`,
      pessoaId: c.clienteId,
      categoriaId,
      documento: `CT${formatNumeroContrato(c.numero)}`,
      competencia: p.inicio,
      forma: c.formaPagamento,
      valor: fromCentavos(centavos),
      vencimento,
    })),
    contexto,
  );
  if (cobrancas.length > 0) {
    await tx.insert(contratoFaturas).values(
      cobrancas.map(({ c, p, centavos, vencimento }, k) => ({
        contratoId: c.id,
        periodoInicio: p.inicio,
        periodoFim: p.fim,
        vencimento,
        valor: fromCentavos(centavos),
        tituloId: titulos[k]!,
      })),
    );
  }
  const cursores = sql.join(
    planos.map(({ c, devidos }) => sql`(${c.id}::integer, ${devidos.at(-1)!.indice + 1}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`UPDATE contratos SET proximo_indice = v.proximo
    FROM (VALUES ${cursores}) AS v(id, proximo) WHERE contratos.id = v.id`);
  return {
    faturas: cobrancas.length,
    centavos: cobrancas.reduce((soma, x) => soma + x.centavos, 0),
    reajustes,
  };
}

/** Locks active contracts for billing (SELECT … FOR UPDATE, in id order: no deadlock between runs). */
function travarAtivos(tx: Transaction, ids: readonly number[]) {
  return tx
    .select()
    .from(contratos)
    .where(and(inArray(contratos.id, [...ids]), eq(contratos.situacao, 'Ativo')))
    .orderBy(asc(contratos.id))
    .for('update');
}

/** Locks one contract's row (SELECT … FOR UPDATE); undefined when there is none. */
async function travarContrato(tx: Transaction, id: number): Promise<ContratoRow | undefined> {
  const [row] = await tx.select().from(contratos).where(eq(contratos.id, id)).for('update');
  return row;
}

/**
 * A batch of contracts' due periods, in one transaction. A concurrent run that billed them
 * first is waited for by the locks and leaves nothing; the unique key on contract and period
 * turns any other overlap into an error that rolls the batch back, and then each contract is
 * billed alone (what another run billed stays billed once).
 */
async function faturarLote(
  db: Database,
  ids: readonly number[],
  hoje: string,
  contexto: ContratoContexto,
): Promise<Faturado> {
  try {
    return await comAuditoria(db, ator(contexto), async (tx) =>
      faturarTravados(tx, await travarAtivos(tx, ids), hoje, contexto),
    );
  } catch (erro) {
    if (pgErrorCode(erro) !== PG_ERROR.uniqueViolation) throw erro;
    if (ids.length === 1) return NADA;
    let feito = NADA;
    for (const id of ids) feito = somar(feito, await faturarLote(db, [id], hoje, contexto));
    return feito;
  }
}

/** The active contracts and their calendars (the queue and the run work from these). */
async function contratosAtivos(db: Executor, hoje: string, ids?: readonly number[]) {
  return db
    .select(colunasDoResumo(hoje))
    .from(contratos)
    .where(
      and(
        eq(contratos.situacao, 'Ativo'),
        ids && ids.length ? inArray(contratos.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(contratos.id));
}

/** GET /api/contratos/a-faturar: every period due up to `ate`, the missed ones included. */
export async function aFaturar(db: Executor, ate: string): Promise<AFaturar[]> {
  const fila: AFaturar[] = [];
  for (const { contrato: c, clienteNome, valorCiclo } of await contratosAtivos(db, ate)) {
    for (const p of periodosDevidos(agendaDe(c), ate, c.proximoIndice)) {
      fila.push({
        contrato_id: c.id,
        numero: c.numero,
        cliente_nome: clienteNome,
        periodo_inicio: p.inicio,
        periodo_fim: p.fim,
        vencimento: vencimentoDaFatura(p.inicio, c.diasVencimento, c.vencimentoDiaUtil),
        valor: Number(valorCiclo),
      });
    }
  }
  return fila.sort(
    (a, b) => a.periodo_inicio.localeCompare(b.periodo_inicio) || a.numero - b.numero,
  );
}

/**
 * POST /api/contratos/faturar and the daily job: bills what is due on `hoje` (of these
 * contracts, or all), CONTRATOS_POR_LOTE contracts per transaction.
 */
export async function faturarDevidos(
  db: Database,
  hoje: string,
  contexto: ContratoContexto,
  ids?: readonly number[],
): Promise<FaturamentoResultado> {
  const devidos = (await contratosAtivos(db, hoje, ids))
    .filter(({ contrato: c }) => periodosDevidos(agendaDe(c), hoje, c.proximoIndice).length > 0)
    .map(({ contrato: c }) => c.id);
  let feito = NADA;
  for (let i = 0; i < devidos.length; i += CONTRATOS_POR_LOTE) {
    feito = somar(
      feito,
      await faturarLote(db, devidos.slice(i, i + CONTRATOS_POR_LOTE), hoje, contexto),
    );
  }
  return {
    faturas: feito.faturas,
    valor: fromCentavos(feito.centavos),
    reajustes: feito.reajustes,
  };
}

/** "3 faturas (R$ 450,00)": what a billing run did, for the job's line. */
export const descreverFaturamento = (r: FaturamentoResultado) =>
  r.faturas === 0
    ? 'Nada a faturar'
    : `${r.faturas} ${r.faturas === 1 ? 'fatura' : 'faturas'} (${formatMoney(r.valor)})`;

// ---------------------------------------------------------------------------------------------
// Situação.

/** GET /api/contratos/{id}/cancelamento: the fee of a cancellation on `data`. */
export async function previaCancelamento(
  db: Executor,
  id: number,
  data: string,
): Promise<CancelamentoPrevia> {
  const [row] = await db
    .select({ contrato: contratos, valorCiclo: valorDoCicloSql(data) })
    .from(contratos)
    .where(eq(contratos.id, id));
  if (!row) throw notFound(M.naoEncontrado);
  const c = row.contrato;
  const multa = multaDeFidelidade({
    inicio: c.inicio,
    fidelidadeMeses: c.fidelidadeMeses,
    percentual: c.multaFidelidade,
    valorCicloCentavos: toCentavos(Number(row.valorCiclo)),
    periodicidade: c.periodicidade,
    cancelamento: data,
  });
  return {
    data,
    fim_fidelidade: multa.fimDaFidelidade,
    meses_restantes: multa.mesesRestantes,
    multa: fromCentavos(multa.centavos),
  };
}

/**
 * PATCH /api/contratos/{id}/status. Suspending and cancelling first bill what was due (nothing
 * due is lost); resuming skips the periods the suspension covered; cancelling during the
 * fidelidade writes the fee's receivable.
 */
export async function alterarSituacao(
  tx: Transaction,
  id: number,
  input: ContratoStatusInput,
  contexto: ContextoDoUsuario,
): Promise<void> {
  const hoje = todayISO(contexto.timeZone);
  const para = input.situacao;
  const data = input.data ?? hoje;
  await documento.alterarStatus(tx, id, {
    para,
    por: contexto.usuario,
    observacao: input.motivo ?? null,
    reler: async () => undefined,
    antes: async () => {
      const c = (await travarContrato(tx, id))!;
      if (para === 'Ativo') {
        const retomada = indiceAPartirDe(agendaDe(c), hoje);
        return { suspensoEm: null, proximoIndice: Math.max(c.proximoIndice, retomada) };
      }
      if (c.situacao === 'Ativo') await faturarTravados(tx, [c], hoje, contexto);
      if (para === 'Suspenso') return { suspensoEm: hoje };
      if (data < c.inicio || data > hoje) {
        throw badRequest(M.dataCancelamento, { data: M.dataCancelamento });
      }
      const previa = await previaCancelamento(tx, id, data);
      let multaTituloId: number | null = null;
      if (previa.multa > 0) {
        const numero = formatNumeroContrato(c.numero);
        [multaTituloId] = (await criarTitulo(
          tx,
          {
            natureza: 'receber',
            descricao: `Multa de fidelidade — Contrato Nº ${numero}`,
            pessoa_id: c.clienteId,
            categoria_id: await categoriaDeServicos(tx),
            centro_custo: null,
            documento: `CT${numero}`,
            competencia: data,
            forma_pagamento: c.formaPagamento,
            valor: previa.multa,
            vencimento: vencimentoDaFatura(data, c.diasVencimento, c.vencimentoDiaUtil),
            parcelas: 1,
            recorrente_meses: null,
            observacoes: input.motivo ?? null,
            documento_de_origem: { tipo: 'contrato', id },
          },
          contexto,
        )) as [number];
      }
      return {
        canceladoEm: data,
        motivoCancelamento: input.motivo ?? null,
        multaCancelamento: previa.multa,
        multaTituloId,
      };
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Indices.

export async function listIndices(db: Executor): Promise<Indice[]> {
  const rows = await db
    .select()
    .from(indicesReajuste)
    .orderBy(asc(indicesReajuste.indice), desc(indicesReajuste.mes));
  return rows.map((r) => ({ indice: r.indice, mes: r.mes, percentual: r.percentual }));
}

export async function salvarIndice(tx: Transaction, input: IndiceInput): Promise<Indice> {
  const [row] = await tx
    .insert(indicesReajuste)
    .values(input)
    .onConflictDoUpdate({
      target: [indicesReajuste.indice, indicesReajuste.mes],
      set: { percentual: input.percentual },
    })
    .returning();
  return { indice: row!.indice, mes: row!.mes, percentual: row!.percentual };
}

export async function removerIndice(tx: Transaction, indice: IndicePublicado, mes: string) {
  const removidos = await tx
    .delete(indicesReajuste)
    .where(and(eq(indicesReajuste.indice, indice), eq(indicesReajuste.mes, mes)))
    .returning({ mes: indicesReajuste.mes });
  if (removidos.length === 0) throw notFound(M.indiceNaoEncontrado);
}
