import { ADMIN_MANAGER } from '@prumo/shared/auth';
import {
  DEVOLUCOES_MENSAGENS,
  devolucaoCreateSchema,
  devolucaoOrigemQuerySchema,
  devolucaoOrigemSchema,
  devolucaoResumoSchema,
  devolucaoSchema,
  devolucoesQuerySchema,
} from '@prumo/shared/fiscal';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { origemDaDevolucao, registrarDevolucao } from './devolucoes';
import { getDevolucao, listDevolucoes } from './devolucoes.repository';

/**
 * /api/devolucoes (issue 29, item 4): returns by customers and to suppliers, each with its NF-e
 * de devolução. Admins and managers: a return moves stock and money.
 */
export const devolucoesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['devolucoes'];
  const roles = ADMIN_MANAGER;

  app.get(
    '/',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Devoluções, mais recentes primeiro',
        description:
          '`q` busca pela chave referenciada, pelo número (da nota de origem ou da devolução) ou ' +
          'pelo nome do cliente ou fornecedor. Total em X-Total-Count.',
        querystring: devolucoesQuerySchema,
        response: { 200: z.array(devolucaoResumoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listDevolucoes(db, request.query, config.timeZone);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/origem',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Itens da nota de origem e o que ainda pode ser devolvido',
        description:
          '`tipo=cliente&nota_id=` (a nota autorizada de uma venda) ou ' +
          '`tipo=fornecedor&entrada_id=` (uma compra lançada por XML).',
        querystring: devolucaoOrigemQuerySchema,
        response: { 200: devolucaoOrigemSchema },
      },
    },
    (request) => origemDaDevolucao(db, request.query),
  );

  app.get(
    '/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Devolução com itens, movimentações de estoque e títulos',
        params: idParamSchema,
        response: { 200: devolucaoSchema },
      },
    },
    async (request) => {
      const devolucao = await getDevolucao(db, request.params.id);
      if (!devolucao) throw notFound(DEVOLUCOES_MENSAGENS.naoEncontrada);
      return devolucao;
    },
  );

  app.post(
    '/',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Registrar uma devolução e emitir a NF-e de devolução (finalidade 4)',
        description:
          'Numa só transação: os itens (nunca mais do que a nota de origem tinha, contando ' +
          'devoluções anteriores), o estoque pelo razão, o título (reembolso baixado na conta ' +
          'ou crédito em aberto) e a NF-e com seu número; a nota é transmitida depois. ' +
          'Aceita Idempotency-Key.',
        body: devolucaoCreateSchema,
        response: { 201: devolucaoSchema },
      },
    },
    async (request, reply) => {
      const id = await registrarDevolucao(db, config, request.user, request.body);
      return reply.code(201).send((await getDevolucao(db, id))!);
    },
  );
};
