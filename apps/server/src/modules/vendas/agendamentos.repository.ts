import { and, eq, ne, sql } from 'drizzle-orm';
import { todayISO } from '@prumo/shared/dates';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import {
  AGENDAMENTO_MESSAGES,
  FECHAMENTO_AGENDA,
  HORARIOS_PADRAO,
  horariosDisponiveis,
  minutosDoHorario,
  VENDA_MESSAGES,
  type Disponibilidade,
  type DisponibilidadeQuery,
  type VendaServicoInput,
  type VendaStatsServicos,
} from '@prumo/shared/vendas';
import type { Executor, Transaction } from '../../db/database';
import { PG_ERROR, pgErrorCode } from '../../db/pg-errors';
import { AppError, badRequest } from '../../http/errors';
import { findCadastroResumo } from '../cadastros/cadastros.repository';
import { servicosParaOrdem } from '../servicos/servicos.repository';
import {
  registrarHistorico,
  travarVenda,
  type VendaContexto,
  type VendaGravada,
} from './vendas.repository';
import { vendas } from './vendas.table';

/*
 * Appointments: service sales (tipo servico) booked for a professional (an employee) at a time.
 * The database refuses two overlapping appointments of one professional (an exclusion constraint
 * over their time ranges, cancelled ones left out, migration 0012), so two people booking the
 * same slot at once get one success and one 409 'Horário indisponível'.
 */

const refused = (field: string, message: string) => badRequest(message, { [field]: message });

/** Minutes since midnight now, in the company's time zone. */
function minutosAgora(timeZone: string): number {
  const [hora, minuto] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number);
  return hora! * 60 + minuto!;
}

/** The appointment's columns, checked against the registry, the catalogue and the calendar. */
async function calcularAgendamento(
  tx: Executor,
  input: VendaServicoInput,
  contexto: VendaContexto,
) {
  const cliente = await findCadastroResumo(tx, input.cliente_id);
  if (!cliente || cliente.tipo !== 'cliente') {
    throw refused('cliente_id', VENDA_MESSAGES.clienteNaoEncontrado);
  }
  const profissional = await findCadastroResumo(tx, input.profissional_id);
  if (!profissional || profissional.tipo !== 'funcionario') {
    throw refused('profissional_id', AGENDAMENTO_MESSAGES.profissionalNaoEncontrado);
  }
  const [servico] = await servicosParaOrdem(tx, [input.servico_id]);
  if (!servico) throw refused('servico_id', AGENDAMENTO_MESSAGES.servicoNaoEncontrado);
  if (!servico.ativo) throw refused('servico_id', AGENDAMENTO_MESSAGES.servicoInativo);

  const hoje = todayISO(contexto.timeZone);
  if (input.data_agendamento < hoje) {
    throw refused('data_agendamento', AGENDAMENTO_MESSAGES.dataPassada);
  }
  if (!HORARIOS_PADRAO.includes(input.hora_inicio)) {
    throw refused('hora_inicio', AGENDAMENTO_MESSAGES.horarioInvalido);
  }
  const duracao = input.duracao_estimada ?? servico.duracao;
  const inicio = minutosDoHorario(input.hora_inicio);
  if (inicio + duracao > minutosDoHorario(FECHAMENTO_AGENDA)) {
    throw refused('hora_inicio', AGENDAMENTO_MESSAGES.foraDoExpediente);
  }
  if (input.data_agendamento === hoje && inicio <= minutosAgora(contexto.timeZone)) {
    throw refused('hora_inicio', AGENDAMENTO_MESSAGES.horarioPassado);
  }
  const valor = toCentavos(servico.preco);
  const desconto = toCentavos(input.desconto);
  if (desconto > valor) {
    throw refused('desconto', `O desconto não pode ser maior que o valor do serviço`);
  }
  const agendaInicio = sql`((${input.data_agendamento}::date + ${input.hora_inicio}::time) AT TIME ZONE ${contexto.timeZone})`;
  return {
    clienteId: input.cliente_id,
    clienteNome: cliente.nome,
    servicoId: servico.id,
    servicoNome: servico.nome,
    dataAgendamento: input.data_agendamento,
    horaInicio: input.hora_inicio,
    duracaoEstimada: duracao,
    profissionalId: input.profissional_id,
    agendaInicio,
    agendaFim: sql`${agendaInicio} + make_interval(mins => ${duracao})`,
    formaPagamento: input.forma_pagamento,
    observacoes: input.observacoes,
    valorTotal: servico.preco,
    desconto: fromCentavos(desconto),
    valorFinal: fromCentavos(valor - desconto),
  };
}

/** An overlap the exclusion constraint refused, as the spec's 409. */
function rethrowSobreposicao(error: unknown): never {
  if (pgErrorCode(error) === PG_ERROR.exclusionViolation) {
    throw new AppError('HORARIO_INDISPONIVEL', AGENDAMENTO_MESSAGES.horarioIndisponivel, {
      hora_inicio: AGENDAMENTO_MESSAGES.horarioIndisponivel,
    });
  }
  throw error;
}

/** POST /api/vendas with tipo servico: an appointment, Agendado. */
export async function createAgendamento(
  tx: Transaction,
  input: VendaServicoInput,
  contexto: VendaContexto,
): Promise<VendaGravada> {
  const colunas = await calcularAgendamento(tx, input, contexto);
  let criado: VendaGravada;
  try {
    const [row] = await tx
      .insert(vendas)
      .values({ tipo: 'servico', status: 'Agendado', vendedorId: contexto.usuario.id, ...colunas })
      .returning({ id: vendas.id, numero: vendas.numero });
    criado = row!;
  } catch (error) {
    rethrowSobreposicao(error);
  }
  await registrarHistorico(tx, criado.id, 'Agendado', contexto, null);
  return criado;
}

/** PUT /api/vendas/{id} of an appointment: only while Agendado; its new slot is checked again. */
export async function updateAgendamento(
  tx: Transaction,
  id: number,
  input: VendaServicoInput,
  contexto: VendaContexto,
): Promise<VendaGravada> {
  const atual = await travarVenda(tx, id);
  if (atual.tipo !== 'servico') throw refused('tipo', 'O tipo da venda não pode ser alterado.');
  if (atual.status !== 'Agendado') {
    throw new AppError(
      'REGRA_VIOLADA',
      'Somente agendamentos ainda agendados podem ser alterados.',
    );
  }
  const colunas = await calcularAgendamento(tx, input, contexto);
  try {
    await tx
      .update(vendas)
      .set({ ...colunas, updatedAt: sql`now()` })
      .where(eq(vendas.id, id));
  } catch (error) {
    rethrowSobreposicao(error);
  }
  return atual;
}

/**
 * GET /api/agendamentos/disponibilidade: the default slots where the service's whole duration
 * fits without overlapping the professional's appointments that day, none already past today.
 */
export async function disponibilidade(
  db: Executor,
  query: DisponibilidadeQuery,
  timeZone: string,
): Promise<Disponibilidade> {
  const hoje = todayISO(timeZone);
  if (query.data < hoje) return { horariosDisponiveis: [] };
  const [servico] = query.servico ? await servicosParaOrdem(db, [query.servico]) : [];
  const ocupados = query.profissional
    ? await db
        .select({ hora: vendas.horaInicio, duracao: vendas.duracaoEstimada })
        .from(vendas)
        .where(
          and(
            eq(vendas.tipo, 'servico'),
            eq(vendas.profissionalId, query.profissional),
            eq(vendas.dataAgendamento, query.data),
            ne(vendas.status, 'Cancelado'),
            query.ignorar ? ne(vendas.id, query.ignorar) : undefined,
          ),
        )
    : [];
  return {
    horariosDisponiveis: horariosDisponiveis({
      duracao: servico?.duracao ?? 60,
      ocupados: ocupados.map((o) => {
        const inicio = minutosDoHorario(o.hora!);
        return { inicio, fim: inicio + o.duracao! };
      }),
      agora: query.data === hoje ? minutosAgora(timeZone) : null,
    }),
  };
}

/** GET /api/vendas/stats/servicos: today's appointments, those under way, the month's revenue. */
export async function statsServicos(db: Executor, timeZone: string): Promise<VendaStatsServicos> {
  const hoje = todayISO(timeZone);
  const inicioDoMes = sql`(${`${hoje.slice(0, 8)}01`}::date::timestamp AT TIME ZONE ${timeZone})`;
  const noMes = sql`${vendas.status} = 'Concluído' AND ${vendas.concluidoEm} >= ${inicioDoMes}`;
  const [row] = await db
    .select({
      agendamentosHoje: sql<number>`count(*) FILTER (WHERE ${vendas.dataAgendamento} = ${hoje} AND ${vendas.status} <> 'Cancelado')::int`,
      servicosAndamento: sql<number>`count(*) FILTER (WHERE ${vendas.status} = 'Em Andamento')::int`,
      faturamentoMes: sql<string>`coalesce(sum(${vendas.valorFinal}) FILTER (WHERE ${noMes}), 0)`,
      tempoMedio: sql<
        string | null
      >`avg(extract(epoch FROM ${vendas.concluidoEm} - ${vendas.iniciadoEm})) FILTER (WHERE ${noMes})`,
    })
    .from(vendas)
    .where(
      and(
        eq(vendas.tipo, 'servico'),
        sql`(${vendas.dataAgendamento} >= ${hoje} OR ${vendas.status} = 'Em Andamento' OR ${vendas.concluidoEm} >= ${inicioDoMes})`,
      ),
    );
  const segundos = row?.tempoMedio == null ? 0 : Number(row.tempoMedio);
  return {
    agendamentosHoje: Number(row?.agendamentosHoje ?? 0),
    servicosAndamento: Number(row?.servicosAndamento ?? 0),
    faturamentoMes: fromCentavos(toCentavos(Number(row?.faturamentoMes ?? 0))),
    tempoMedioServico: Math.round(segundos / 6) / 10,
  };
}
