import { ADMIN_ONLY, hasRole, type Role } from '@prumo/shared/auth';
import { linkNotificacao, tituloEmailsFalhos, type Notificacao } from '@prumo/shared/notificacoes';
import type { Executor } from '../../db/database';
import { notificacoesEmailsHook } from '../notificacoes/notificacoes.repository';
import type { ServerModule } from '../server-module';
import { emailsFalhos } from './emails.repository';
import { configuracaoEmailRoutes, emailsRoutes } from './emails.routes';

/** How much of the last error the bell shows. */
const ERRO_MAX = 160;

/** The e-mails given up, for the admins (who fix the mail server in Configurações → E-mail). */
async function notificacoesEmails(db: Executor, role: Role): Promise<Notificacao[]> {
  if (!hasRole(role, ADMIN_ONLY)) return [];
  const { quantidade, para, erro } = await emailsFalhos(db);
  if (quantidade === 0) return [];
  const motivo = erro && erro.length > ERRO_MAX ? `${erro.slice(0, ERRO_MAX - 1)}…` : erro;
  return [
    {
      tipo: 'emails_falhos',
      titulo: tituloEmailsFalhos(quantidade),
      descricao: `Último, para ${para}: ${motivo ?? 'falha ao enviar'}`,
      quantidade,
      link: linkNotificacao('emails_falhos', ''),
    },
  ];
}

notificacoesEmailsHook.set(notificacoesEmails);

export const emailsModule: ServerModule = {
  // The settings' plugin first: it starts the outbox's worker.
  routes: [
    { prefix: '/configuracoes/email', plugin: configuracaoEmailRoutes },
    { prefix: '/emails', plugin: emailsRoutes },
  ],
};
