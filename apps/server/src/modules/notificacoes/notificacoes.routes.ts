import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER, ALL_ROLES } from '@prumo/shared/auth';
import { notificacoesSchema } from '@prumo/shared/notificacoes';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { listNotificacoes, type NotificacoesRegras } from './notificacoes.repository';

/**
 * Each group is shown to the roles that may open the screen it links to: finance to the roles
 * of /api/financeiro (financeiro.routes.ts), stock to those of /api/estoque (estoque.routes.ts).
 */
const REGRAS: NotificacoesRegras = { financeiro: ADMIN_MANAGER, estoque: ALL_ROLES };

/** /api/notificacoes: the top bar's bell, for anyone signed in. */
export const notificacoesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['notificacoes'],
        summary:
          'Notificações do usuário: vencimentos de hoje e vencidos, estoque abaixo do mínimo',
        description:
          'Um item por grupo (não por parcela). Contas a receber e a pagar só para administradores ' +
          'e gerentes, e só com os alertas de vencimento ligados nas preferências; "hoje" é o dia ' +
          'no fuso da empresa. `total` soma as quantidades dos itens.',
        response: { 200: notificacoesSchema },
      },
    },
    (request) => listNotificacoes(db, request.user.role, config.timeZone, REGRAS),
  );
};
