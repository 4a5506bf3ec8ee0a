import { sql } from 'drizzle-orm';
import { hasRole, ADMIN_MANAGER, type Role } from '@prumo/shared/auth';
import { linkNotificacao, type Notificacao } from '@prumo/shared/notificacoes';
import type { Executor } from '../../db/database';
import { selectRows } from '../../db/sql-helpers';
import { notificacoesAssinaturasHook } from '../notificacoes/notificacoes.repository';
import type { ServerModule } from '../server-module';
import { seedDemoAssinaturas } from './assinaturas.demo';
import { assinaturasRoutes } from './assinaturas.routes';
import { TAREFA_RENOVACAO } from './renovacao.tarefa';

/**
 * The bell (admins and managers, who bill): the subscriptions Inadimplente, and the daily
 * renewal's last run when it failed. One query.
 */
async function notificacoesAssinaturas(db: Executor, role: Role): Promise<Notificacao[]> {
  if (!hasRole(role, ADMIN_MANAGER)) return [];
  const [row] = await selectRows<{ inadimplentes: number | string; erro: string | null }>(
    db,
    sql`SELECT (SELECT count(*) FROM assinaturas WHERE situacao = 'Inadimplente') AS inadimplentes,
      (SELECT erro FROM tarefas_agendadas WHERE nome = ${TAREFA_RENOVACAO}) AS erro`,
  );
  const inadimplentes = Number(row?.inadimplentes ?? 0);
  const itens: Notificacao[] = [];
  if (inadimplentes > 0) {
    itens.push({
      tipo: 'assinaturas_inadimplentes',
      titulo:
        inadimplentes === 1
          ? '1 assinatura inadimplente'
          : `${inadimplentes} assinaturas inadimplentes`,
      descricao: 'Faturas em atraso depois da carência',
      quantidade: inadimplentes,
      link: linkNotificacao('assinaturas_inadimplentes', ''),
    });
  }
  if (row?.erro) {
    itens.push({
      tipo: 'renovacao_falhou',
      titulo: 'A renovação automática das assinaturas falhou',
      descricao: row.erro,
      quantidade: 1,
      link: linkNotificacao('renovacao_falhou', ''),
    });
  }
  return itens;
}

notificacoesAssinaturasHook.set(notificacoesAssinaturas);

export const assinaturasModule: ServerModule = {
  routes: [{ prefix: '/assinaturas', plugin: assinaturasRoutes }],
  seedDemo: seedDemoAssinaturas,
};
