import { addDaysISO, todayISO } from '@prumo/shared/dates';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { getEmpresa } from '../configuracoes/configuracoes.repository';
import { instanteLocal, type Tarefa } from '../tarefas/tarefas.repository';
import {
  descreverRenovacao,
  renovarDevidas,
  RENOVACAO_AUTOMATICA,
  type AssinaturaContexto,
  type EmpresaDoLembrete,
} from './assinaturas.repository';

export const TAREFA_RENOVACAO = 'renovacao-assinaturas';

/** The company as the reminders sign them (Configurações → Empresa). */
export async function empresaDoLembrete(db: Database, config: Config): Promise<EmpresaDoLembrete> {
  const empresa = await getEmpresa(db, config);
  return {
    nome: empresa.nome_fantasia ?? empresa.razao_social,
    telefone: empresa.telefone,
    email: empresa.email,
  };
}

/** A renewal run on the company's `hoje`: the dunning, then every period due (catch-up). */
export async function renovarHoje(
  db: Database,
  config: Config,
  contexto: AssinaturaContexto,
  agora = new Date(),
) {
  return renovarDevidas(
    db,
    todayISO(config.timeZone, agora),
    contexto,
    await empresaDoLembrete(db, config),
  );
}

/**
 * The daily renewal of the subscriptions: what is due on the company's today and every earlier
 * period still unbilled, with the dunning; next at 00:10 of the following day in its zone.
 */
export function tarefaDeRenovacao(db: Database, config: Config): Tarefa {
  return {
    nome: TAREFA_RENOVACAO,
    async executar(agora) {
      const feito = await renovarHoje(
        db,
        config,
        { usuario: RENOVACAO_AUTOMATICA, timeZone: config.timeZone },
        agora,
      );
      return descreverRenovacao(feito);
    },
    proxima: (agora) =>
      instanteLocal(addDaysISO(todayISO(config.timeZone, agora), 1), '00:10', config.timeZone),
  };
}
