import { ALL_ROLES } from '@prumo/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ESTOQUE_MESSAGES,
  movimentacaoInputSchema,
  movimentacaoListQuerySchema,
  movimentacaoListSchema,
  movimentacaoSavedSchema,
  movimentacaoSchema,
} from '@prumo/shared/estoque';
import { idParamSchema } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import {
  createMovimentacao,
  getMovimentacao,
  listMovimentacoes,
  updateMovimentacao,
} from './estoque.repository';

/** /api/estoque: the stock ledger. Any signed-in user (spec part 2, section 6). */
export const estoqueRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/movimentacoes',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['estoque'],
        summary:
          'Listar movimentações (mais recentes primeiro; filtros por produto, tipo e período)',
        description:
          'Página de até `limit` linhas (padrão 100, máximo 500) a partir de `offset`; o total de ' +
          'linhas do filtro vem no cabeçalho X-Total-Count. `de` e `ate` são datas aaaa-mm-dd.',
        querystring: movimentacaoListQuerySchema,
        response: { 200: movimentacaoListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listMovimentacoes(db, request.query);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/movimentacoes/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['estoque'],
        summary: 'Ler uma movimentação',
        params: idParamSchema,
        response: { 200: movimentacaoSchema },
      },
    },
    async (request) => {
      const movimentacao = await getMovimentacao(db, request.params.id);
      if (!movimentacao) throw notFound(ESTOQUE_MESSAGES.movimentacaoNaoEncontrada);
      return movimentacao;
    },
  );

  app.post(
    '/movimentacoes',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags: ['estoque'],
        summary: 'Registrar movimentação (entrada ou saída) e atualizar o estoque do produto',
        description:
          'Uma saída maior que o estoque disponível, ou de um produto que não movimenta estoque, ' +
          'é recusada (409) sem alterar nada. Sem `data`, vale a data de hoje.',
        body: movimentacaoInputSchema,
        response: { 201: movimentacaoSavedSchema },
      },
    },
    async (request, reply) => {
      const saved = await comAuditoria(db, request.user, (tx) =>
        createMovimentacao(tx, request.body, {
          usuarioId: request.user.id,
          usuarioNome: request.user.nome,
          timeZone: config.timeZone,
        }),
      );
      return reply.code(201).send(saved);
    },
  );

  app.put(
    '/movimentacoes/:id',
    {
      config: { roles: ALL_ROLES },
      preValidation: mantemOmitidos(
        movimentacaoInputSchema,
        porId((id) => getMovimentacao(db, id)),
      ),
      schema: {
        tags: ['estoque'],
        summary: 'Editar movimentação: o estoque é ajustado pela diferença',
        description:
          'Desfaz o efeito anterior e aplica o novo numa só transação (também ao trocar o produto ' +
          'ou o tipo); recusada (409) se algum estoque ficaria negativo.',
        params: idParamSchema,
        body: movimentacaoInputSchema,
        response: { 200: movimentacaoSavedSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        updateMovimentacao(tx, request.params.id, request.body, {
          usuarioId: request.user.id,
          timeZone: config.timeZone,
        }),
      ),
  );
};
