import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditoriaListQuerySchema,
  auditoriaListSchema,
  auditoriaRegistroParamsSchema,
} from '@prumo/shared/auditoria';
import { ADMIN_ONLY } from '@prumo/shared/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { historicoRegistro, listAuditoria } from './auditoria.repository';

/** /api/auditoria: the audit trail, read by admins only (it shows every user's changes). */
export const auditoriaRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: ['auditoria'],
        summary:
          'Trilha de auditoria (mais recentes primeiro; filtros por recurso, usuário, ação e período)',
        description:
          'Página de até `limit` entradas (padrão 50, máximo 200) a partir de `offset`; o total ' +
          'do filtro vem no cabeçalho X-Total-Count. `de` e `ate` são datas aaaa-mm-dd no fuso ' +
          'da empresa; `q` procura no nome do usuário, no recurso e no registro.',
        querystring: auditoriaListQuerySchema,
        response: { 200: auditoriaListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAuditoria(db, request.query, config.timeZone);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/:recurso/:registroId',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: ['auditoria'],
        summary: 'Histórico de um registro (mais recentes primeiro)',
        params: auditoriaRegistroParamsSchema,
        response: { 200: auditoriaListSchema },
      },
    },
    (request) => historicoRegistro(db, request.params.recurso, request.params.registroId),
  );
};
