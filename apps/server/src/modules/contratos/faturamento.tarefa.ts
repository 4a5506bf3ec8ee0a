import { addDaysISO, localParts, todayISO } from '@prumo/shared/dates';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Tarefa } from '../tarefas/tarefas.repository';
import {
  descreverFaturamento,
  FATURAMENTO_AUTOMATICO,
  faturarDevidos,
} from './contratos.repository';

export const TAREFA_FATURAMENTO = 'faturamento-contratos';

/** The instant a day's clock shows hh:mm in a time zone (two passes settle a DST change). */
export function instanteLocal(dia: string, hora: string, timeZone: string): Date {
  let instante = Date.parse(`${dia}T${hora}:00Z`);
  for (let passo = 0; passo < 2; passo++) {
    const p = localParts(new Date(instante), timeZone);
    const relogio = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute);
    instante -= relogio - Date.parse(`${dia}T${hora}:00Z`);
  }
  return new Date(instante);
}

/**
 * The daily billing of the contracts: what is due on the company's today, and every earlier
 * period still unbilled; next at 00:05 of the following day in the company's zone.
 */
export function tarefaDeFaturamento(db: Database, config: Config): Tarefa {
  return {
    nome: TAREFA_FATURAMENTO,
    async executar(agora) {
      const hoje = todayISO(config.timeZone, agora);
      const feito = await faturarDevidos(db, hoje, {
        usuario: FATURAMENTO_AUTOMATICO,
        timeZone: config.timeZone,
      });
      return descreverFaturamento(feito);
    },
    proxima: (agora) =>
      instanteLocal(addDaysISO(todayISO(config.timeZone, agora), 1), '00:05', config.timeZone),
  };
}
