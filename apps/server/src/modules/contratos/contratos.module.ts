import { hasRole, ADMIN_MANAGER, type Role } from '@prumo/shared/auth';
import { linkNotificacao, type Notificacao } from '@prumo/shared/notificacoes';
import type { Executor } from '../../db/database';
import { notificacoesContratosHook } from '../notificacoes/notificacoes.repository';
import type { ServerModule } from '../server-module';
import { estadoDaTarefa } from '../tarefas/tarefas.repository';
import { contratosRoutes } from './contratos.routes';
import { TAREFA_FATURAMENTO } from './faturamento.tarefa';

/** The bell: the daily billing's last run failed (admins and managers, who bill). */
async function notificacoesContratos(db: Executor, role: Role): Promise<Notificacao[]> {
  if (!hasRole(role, ADMIN_MANAGER)) return [];
  const estado = await estadoDaTarefa(db, TAREFA_FATURAMENTO);
  if (!estado?.erro) return [];
  return [
    {
      tipo: 'faturamento_falhou',
      titulo: 'O faturamento automático dos contratos falhou',
      descricao: estado.erro,
      quantidade: 1,
      link: linkNotificacao('faturamento_falhou', ''),
    },
  ];
}

notificacoesContratosHook.set(notificacoesContratos);

export const contratosModule: ServerModule = {
  routes: [{ prefix: '/contratos', plugin: contratosRoutes }],
};
