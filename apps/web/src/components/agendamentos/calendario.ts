import { formatDate } from '@prumo/shared/dates';
import {
  AGENDA_CELULAS,
  AGENDA_POR_DIA,
  DURACAO_PADRAO_MIN,
  minutosDoHorario,
  type VendaResumo,
} from '@prumo/shared/vendas';

// The appointment calendar's arithmetic, on 'aaaa-mm-dd' days (no time zone involved): the month
// grid's 42 cells, a day's appointments in time order and the week of a day.

export const DIAS_SEMANA = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

export const MESES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC date's 'aaaa-mm-dd'. */
function isoUTC(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function parseISO(dia: string): Date {
  const [ano, mes, d] = dia.split('-').map(Number);
  return new Date(Date.UTC(ano!, mes! - 1, d!));
}

/** 'aaaa-mm-dd' plus `dias` days (negative goes back). */
export function somarDias(dia: string, dias: number): string {
  const date = parseISO(dia);
  date.setUTCDate(date.getUTCDate() + dias);
  return isoUTC(date);
}

/** 0 for Sunday … 6 for Saturday. */
export function diaDaSemana(dia: string): number {
  return parseISO(dia).getUTCDay();
}

/** A month as its year and month (1–12). */
export interface Mes {
  ano: number;
  mes: number;
}

export function mesDe(dia: string): Mes {
  const [ano, mes] = dia.split('-').map(Number);
  return { ano: ano!, mes: mes! };
}

export function somarMeses({ ano, mes }: Mes, meses: number): Mes {
  const indice = ano * 12 + (mes - 1) + meses;
  return { ano: Math.floor(indice / 12), mes: (indice % 12) + 1 };
}

/** "Novembro de 2026". */
export function tituloMes({ ano, mes }: Mes): string {
  return `${MESES[mes - 1]} de ${ano}`;
}

export interface CelulaMes {
  dia: string;
  /** Day of the month shown in the cell. */
  numero: number;
  /** False for the days of the months before and after. */
  doMes: boolean;
}

/**
 * The month grid (spec 9): AGENDA_CELULAS (42) days from the Sunday on or before the 1st, so
 * every month fits in six weeks, Dom to Sáb.
 */
export function celulasDoMes({ ano, mes }: Mes): CelulaMes[] {
  const primeiro = `${ano}-${pad(mes)}-01`;
  const inicio = somarDias(primeiro, -diaDaSemana(primeiro));
  return Array.from({ length: AGENDA_CELULAS }, (_, i) => {
    const dia = somarDias(inicio, i);
    const m = mesDe(dia);
    return { dia, numero: Number(dia.slice(8)), doMes: m.ano === ano && m.mes === mes };
  });
}

/** The Sunday-to-Saturday week of a day. */
export function semanaDe(dia: string): string[] {
  const domingo = somarDias(dia, -diaDaSemana(dia));
  return Array.from({ length: 7 }, (_, i) => somarDias(domingo, i));
}

type Agendado = Pick<VendaResumo, 'data_agendamento' | 'hora_inicio' | 'numero'>;

/** The appointments per day, each day's in time order. */
export function agendamentosPorDia<T extends Agendado>(vendas: readonly T[]): Map<string, T[]> {
  const porDia = new Map<string, T[]>();
  for (const venda of vendas) {
    if (!venda.data_agendamento) continue;
    const lista = porDia.get(venda.data_agendamento) ?? [];
    lista.push(venda);
    porDia.set(venda.data_agendamento, lista);
  }
  for (const lista of porDia.values()) {
    lista.sort(
      (a, b) => (a.hora_inicio ?? '').localeCompare(b.hora_inicio ?? '') || a.numero - b.numero,
    );
  }
  return porDia;
}

/** What a day's cell shows: the first AGENDA_POR_DIA (3) and how many more ("+N mais"). */
export function resumoDoDia<T>(lista: readonly T[]): { visiveis: T[]; mais: number } {
  return {
    visiveis: lista.slice(0, AGENDA_POR_DIA),
    mais: Math.max(0, lista.length - AGENDA_POR_DIA),
  };
}

/** An appointment's start and end in minutes since midnight (the service's default duration). */
export function intervaloDe(venda: Pick<VendaResumo, 'hora_inicio' | 'duracao_estimada'>): {
  inicio: number;
  fim: number;
} {
  const inicio = minutosDoHorario(venda.hora_inicio ?? '00:00');
  return { inicio, fim: inicio + (venda.duracao_estimada ?? DURACAO_PADRAO_MIN) };
}

/** "24/11/2026 09:30". */
export const dataHoraDe = (venda: Pick<VendaResumo, 'data_agendamento' | 'hora_inicio'>) =>
  venda.data_agendamento ? `${formatDate(venda.data_agendamento)} ${venda.hora_inicio ?? ''}` : '—';
