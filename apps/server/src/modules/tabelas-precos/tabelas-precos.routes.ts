import { ALL_ROLES } from '@prumo/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  custoAssociadoListSchema,
  margemEmLoteResultSchema,
  margemEmLoteSchema,
  TABELA_PRECO_MESSAGES,
  tabelaPrecoInputSchema,
  tabelaPrecoListQuerySchema,
  tabelaPrecoListSchema,
  tabelaPrecoSchema,
  tabelaProdutoListSchema,
} from '@prumo/shared/precos';
import { idParamSchema } from '@prumo/shared/validation';
import type { Database } from '../../db/database';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import { listCustosAssociados } from '../custos-adicionais/custos-adicionais.repository';
import { definirMargemEmLote, listProdutosDaTabela } from './precos.repository';
import {
  createTabelaPreco,
  deleteTabelaPreco,
  getTabelaPreco,
  listTabelasPrecos,
  tabelaPrecoExists,
  tabelaUsaCusto,
  updateTabelaPreco,
} from './tabelas-precos.repository';
import { sendPage } from '../../http/paging';

/** /api/tabelas-precos: price tables, their costs and their products. Any signed-in user. */
export const tabelasPrecosRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['tabelas-precos'],
        summary: 'Listar tabelas de preços (com custos vinculados e total de produtos)',
        querystring: tabelaPrecoListQuerySchema,
        response: { 200: tabelaPrecoListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listTabelasPrecos(db, request.query)),
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['tabelas-precos'],
        summary: 'Ler uma tabela de preços',
        params: idParamSchema,
        response: { 200: tabelaPrecoSchema },
      },
    },
    async (request) => {
      const tabela = await getTabelaPreco(db, request.params.id);
      if (!tabela) throw notFound(TABELA_PRECO_MESSAGES.naoEncontrada);
      return tabela;
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['tabelas-precos'],
        summary: 'Criar tabela de preços',
        body: tabelaPrecoInputSchema,
        response: { 201: tabelaPrecoSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await comAuditoria(db, request.user, (tx) => createTabelaPreco(tx, request.body))),
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      preValidation: mantemOmitidos(
        tabelaPrecoInputSchema,
        porId((id) => getTabelaPreco(db, id)),
      ),
      schema: {
        tags: ['tabelas-precos'],
        summary: 'Atualizar tabela de preços (os custos enviados substituem os vinculados)',
        params: idParamSchema,
        body: tabelaPrecoInputSchema,
        response: { 200: tabelaPrecoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        updateTabelaPreco(tx, request.params.id, request.body),
      ),
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['tabelas-precos'],
        summary: 'Excluir tabela de preços (e os preços dos produtos nela)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteTabelaPreco(tx, request.params.id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/:id/custos',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['tabelas-precos'],
        summary: 'Todos os custos adicionais, com associado = usado por esta tabela',
        params: idParamSchema,
        response: { 200: custoAssociadoListSchema },
      },
    },
    async (request) => {
      if (!(await tabelaPrecoExists(db, request.params.id))) {
        throw notFound(TABELA_PRECO_MESSAGES.naoEncontrada);
      }
      const id = request.params.id;
      return listCustosAssociados(db, (custoId) => tabelaUsaCusto(id, custoId));
    },
  );

  app.get(
    '/:id/produtos',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['tabelas-precos'],
        summary: 'Todos os produtos com custo, margem e preço final nesta tabela',
        params: idParamSchema,
        response: { 200: tabelaProdutoListSchema },
      },
    },
    (request) => listProdutosDaTabela(db, request.params.id),
  );

  app.post(
    '/:id/produtos',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['tabelas-precos'],
        summary: 'Definir uma margem para vários produtos (margem null remove os preços)',
        params: idParamSchema,
        body: margemEmLoteSchema,
        response: { 200: margemEmLoteResultSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        definirMargemEmLote(tx, request.params.id, request.body),
      ),
  );
};
