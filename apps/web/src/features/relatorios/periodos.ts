import { addDaysISO, addMonthsISO } from '@prumo/shared/dates';

/** The period shortcuts of a report, in the order the menu shows them. */
export const ATALHOS_PERIODO = [
  { value: 'hoje', label: 'Hoje' },
  { value: 'semana', label: 'Esta semana' },
  { value: 'mes', label: 'Este mês' },
  { value: 'mes-passado', label: 'Mês passado' },
  { value: 'ano', label: 'Este ano' },
  { value: '12-meses', label: 'Últimos 12 meses' },
] as const;
export type AtalhoPeriodo = (typeof ATALHOS_PERIODO)[number]['value'];

export interface Periodo {
  /** aaaa-mm-dd */
  de: string;
  ate: string;
}

const inicioDoMes = (dia: string) => `${dia.slice(0, 7)}-01`;

/**
 * A shortcut's days, up to today (the company's today): sales of the future do not exist, and a
 * report by day would show empty days after today. The week runs Monday to Sunday, as the
 * server's weekly grouping; the last 12 months are whole months, this one included, so a report
 * by month shows 12 rows.
 */
export function periodoDoAtalho(atalho: AtalhoPeriodo, hoje: string): Periodo {
  switch (atalho) {
    case 'hoje':
      return { de: hoje, ate: hoje };
    case 'semana': {
      const diaDaSemana = new Date(`${hoje}T12:00:00Z`).getUTCDay();
      return { de: addDaysISO(hoje, -((diaDaSemana + 6) % 7)), ate: hoje };
    }
    case 'mes':
      return { de: inicioDoMes(hoje), ate: hoje };
    case 'mes-passado': {
      const inicio = addMonthsISO(inicioDoMes(hoje), -1);
      return { de: inicio, ate: addDaysISO(inicioDoMes(hoje), -1) };
    }
    case 'ano':
      return { de: `${hoje.slice(0, 4)}-01-01`, ate: hoje };
    case '12-meses':
      return { de: addMonthsISO(inicioDoMes(hoje), -11), ate: hoje };
  }
}

/** The shortcut whose days these are, if any ("Personalizado" otherwise). */
export function atalhoDoPeriodo(periodo: Periodo, hoje: string): AtalhoPeriodo | null {
  const atalho = ATALHOS_PERIODO.find(({ value }) => {
    const dias = periodoDoAtalho(value, hoje);
    return dias.de === periodo.de && dias.ate === periodo.ate;
  });
  return atalho?.value ?? null;
}

/**
 * The period a report reads when the address leaves a day out, as the server fills it: up to
 * today, from the first day of the last day's month.
 */
export function periodoEfetivo(de: string, ate: string, hoje: string): Periodo {
  const fim = ate || hoje;
  return { de: de || inicioDoMes(fim), ate: fim };
}
