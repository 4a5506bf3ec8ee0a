import { ALL_ROLES } from '@prumo/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  precoProdutoInputSchema,
  precoProdutoListSchema,
  precoProdutoParamsSchema,
  precoProdutoSchema,
} from '@prumo/shared/precos';
import { idParamSchema } from '@prumo/shared/validation';
import type { Database } from '../../db/database';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { definirPrecoProduto, listPrecosProduto, removerPrecoProduto } from './precos.repository';

/**
 * /api/produtos/{id}/precos: a product's prices per table (spec part 2, sections 2.4 and 7),
 * registered under the products' prefix by this module. Any signed-in user.
 */
export const precosProdutoRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/:id/precos',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Preços do produto em cada tabela (margem e preço final nulos onde não há)',
        params: idParamSchema,
        response: { 200: precoProdutoListSchema },
      },
    },
    (request) => listPrecosProduto(db, request.params.id),
  );

  app.post(
    '/:id/precos',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Definir ou atualizar a margem do produto numa tabela',
        description:
          'Preço final = custo final × (1 + margem/100) + custos adicionais da tabela ' +
          '(percentuais sobre o custo final, fixos pelo valor), calculado pelo servidor.',
        params: idParamSchema,
        body: precoProdutoInputSchema,
        response: { 200: precoProdutoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        definirPrecoProduto(tx, request.params.id, request.body),
      ),
  );

  app.delete(
    '/:id/precos/:tabelaId',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Remover o preço do produto numa tabela',
        params: precoProdutoParamsSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) =>
        removerPrecoProduto(tx, request.params.id, request.params.tabelaId),
      );
      return reply.code(204).send();
    },
  );
};
