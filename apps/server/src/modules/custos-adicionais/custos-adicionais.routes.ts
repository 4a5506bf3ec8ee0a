import { ALL_ROLES } from '@prumo/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CUSTO_ADICIONAL_MESSAGES,
  custoAdicionalInputSchema,
  custoAdicionalListQuerySchema,
  custoAdicionalListSchema,
  custoAdicionalSchema,
} from '@prumo/shared/precos';
import { idParamSchema } from '@prumo/shared/validation';
import type { Database } from '../../db/database';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import {
  createCustoAdicional,
  deleteCustoAdicional,
  getCustoAdicional,
  listCustosAdicionais,
  updateCustoAdicional,
} from './custos-adicionais.repository';
import { sendPage } from '../../http/paging';

/** /api/custos-adicionais: costs price tables add to their prices. Any signed-in user. */
export const custosAdicionaisRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['custos-adicionais'],
        summary: 'Listar custos adicionais (com quantas tabelas usam cada um)',
        querystring: custoAdicionalListQuerySchema,
        response: { 200: custoAdicionalListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listCustosAdicionais(db, request.query)),
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['custos-adicionais'],
        summary: 'Ler um custo adicional',
        params: idParamSchema,
        response: { 200: custoAdicionalSchema },
      },
    },
    async (request) => {
      const custo = await getCustoAdicional(db, request.params.id);
      if (!custo) throw notFound(CUSTO_ADICIONAL_MESSAGES.naoEncontrado);
      return custo;
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['custos-adicionais'],
        summary: 'Criar custo adicional (percentual sobre o custo do produto, ou valor fixo)',
        body: custoAdicionalInputSchema,
        response: { 201: custoAdicionalSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await comAuditoria(db, request.user, (tx) => createCustoAdicional(tx, request.body))),
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      preValidation: mantemOmitidos(
        custoAdicionalInputSchema,
        porId((id) => getCustoAdicional(db, id)),
      ),
      schema: {
        tags: ['custos-adicionais'],
        summary: 'Atualizar custo adicional',
        params: idParamSchema,
        body: custoAdicionalInputSchema,
        response: { 200: custoAdicionalSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        updateCustoAdicional(tx, request.params.id, request.body),
      ),
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['custos-adicionais'],
        summary: 'Excluir custo adicional (as tabelas que o usam deixam de somá-lo)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteCustoAdicional(tx, request.params.id));
      return reply.code(204).send();
    },
  );
};
