import { addDaysISO, todayISO } from '@prumo/shared/dates';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { instanteLocal, type Tarefa } from '../tarefas/tarefas.repository';
import {
  descreverFaturamento,
  FATURAMENTO_AUTOMATICO,
  faturarDevidos,
} from './contratos.repository';

export const TAREFA_FATURAMENTO = 'faturamento-contratos';

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
