import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ONLY,
  ALL_ROLES,
  DOIS_FATORES_MESSAGES,
  USUARIO_MESSAGES,
  usuarioCreateSchema,
  usuarioListQuerySchema,
  usuarioListSchema,
  usuarioSchema,
  usuarioSenhaSchema,
  usuarioUpdateSchema,
  vendedorListSchema,
} from '@prumo/shared/auth';
import { idParamSchema } from '@prumo/shared/validation';
import type { Database } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { deleteSessionsOfUsuario, encerrarDesafiosDoUsuario } from './sessoes.repository';
import { removerDoisFatores } from './dois-fatores.repository';
import {
  createUsuario,
  getUsuario,
  listUsuarios,
  listVendedores,
  setSenha,
  updateUsuario,
} from './usuarios.repository';
import { sendPage } from '../../http/paging';

/** /api/usuarios: the company's users, administrators only (issue 16, parts 1 and 8). */
export const usuariosRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: ['usuarios'],
        summary: 'Listar usuários (somente administradores)',
        querystring: usuarioListQuerySchema,
        response: { 200: usuarioListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listUsuarios(db, request.query)),
  );

  app.get(
    '/vendedores',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['usuarios'],
        summary: 'Vendedores (usuários ativos, só o nome) para os filtros dos relatórios',
        response: { 200: vendedorListSchema },
      },
    },
    () => listVendedores(db),
  );

  app.post(
    '/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: ['usuarios'],
        summary: 'Criar usuário com senha inicial',
        body: usuarioCreateSchema,
        response: { 201: usuarioSchema },
      },
    },
    async (request, reply) => {
      const { senha, ...dados } = request.body;
      const usuario = await comAuditoria(db, request.user, (tx) =>
        createUsuario(tx, { ...dados, password: senha }),
      );
      return reply.code(201).send(usuario);
    },
  );

  app.put(
    '/:id',
    {
      config: { roles: ADMIN_ONLY },
      preValidation: mantemOmitidos(
        usuarioUpdateSchema,
        porId((id) => getUsuario(db, id)),
      ),
      schema: {
        tags: ['usuarios'],
        summary: 'Alterar nome, e-mail, perfil e situação (desativar encerra as sessões)',
        params: idParamSchema,
        body: usuarioUpdateSchema,
        response: { 200: usuarioSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, async (tx) => {
        const usuario = await updateUsuario(tx, request.params.id, request.body);
        if (!usuario.ativo) await deleteSessionsOfUsuario(tx, usuario.id);
        return usuario;
      }),
  );

  app.post(
    '/:id/senha',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: ['usuarios'],
        summary: 'Definir nova senha de outro usuário (encerra as sessões dele)',
        params: idParamSchema,
        body: usuarioSenhaSchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (id === request.user.id)
        throw new AppError('REGRA_VIOLADA', USUARIO_MESSAGES.propriaSenha);
      await comAuditoria(db, request.user, async (tx) => {
        await setSenha(tx, id, request.body.senha);
        await deleteSessionsOfUsuario(tx, id);
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/:id/dois-fatores/redefinir',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: ['usuarios'],
        summary:
          'Redefinir a autenticação em dois fatores de um usuário (apaga o segredo e os códigos; encerra as sessões dele)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (id === request.user.id) {
        throw new AppError('REGRA_VIOLADA', DOIS_FATORES_MESSAGES.proprioRedefinir);
      }
      await comAuditoria(db, request.user, async (tx) => {
        if (!(await removerDoisFatores(tx, id))) throw notFound(USUARIO_MESSAGES.naoEncontrado);
        await encerrarDesafiosDoUsuario(tx, id);
        await deleteSessionsOfUsuario(tx, id);
      });
      return reply.code(204).send();
    },
  );
};
