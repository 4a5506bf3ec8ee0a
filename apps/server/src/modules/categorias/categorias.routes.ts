import { ALL_ROLES } from '@prumo/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriaInputSchema,
  categoriaListQuerySchema,
  categoriaListSchema,
  categoriaSchema,
} from '@prumo/shared/produtos';
import { idParamSchema } from '@prumo/shared/validation';
import type { Database } from '../../db/database';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import {
  CATEGORIA_MESSAGES,
  createCategoria,
  deleteCategoria,
  getCategoria,
  listCategorias,
  updateCategoria,
} from './categorias.repository';
import { sendPage } from '../../http/paging';

/** /api/categorias: product groups. Any signed-in user (spec part 2, section 6). */
export const categoriasRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['categorias'],
        summary: 'Listar grupos de produtos (com o total de produtos de cada um)',
        querystring: categoriaListQuerySchema,
        response: { 200: categoriaListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listCategorias(db, request.query)),
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['categorias'],
        summary: 'Ler um grupo de produtos',
        params: idParamSchema,
        response: { 200: categoriaSchema },
      },
    },
    async (request) => {
      const categoria = await getCategoria(db, request.params.id);
      if (!categoria) throw notFound(CATEGORIA_MESSAGES.naoEncontrada);
      return categoria;
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['categorias'],
        summary: 'Criar grupo de produtos',
        body: categoriaInputSchema,
        response: { 201: categoriaSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await comAuditoria(db, request.user, (tx) => createCategoria(tx, request.body))),
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      preValidation: mantemOmitidos(
        categoriaInputSchema,
        porId((id) => getCategoria(db, id)),
      ),
      schema: {
        tags: ['categorias'],
        summary: 'Atualizar grupo de produtos',
        params: idParamSchema,
        body: categoriaInputSchema,
        response: { 200: categoriaSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => updateCategoria(tx, request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['categorias'],
        summary: "Excluir grupo de produtos (nem 'Categoria Padrão' nem um grupo em uso)",
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteCategoria(tx, request.params.id));
      return reply.code(204).send();
    },
  );
};
