import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALL_ROLES,
  DOIS_FATORES_MESSAGES,
  USUARIO_MESSAGES,
  doisFatoresAtivadoSchema,
  doisFatoresAtivarSchema,
  doisFatoresConfigurarSchema,
  doisFatoresDesativarSchema,
  doisFatoresStatusSchema,
  perfilSenhaSchema,
  perfilUpdateSchema,
  sessaoListSchema,
  usuarioSchema,
} from '@prumo/shared/auth';
import { idParamSchema } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, badRequest, notFound } from '../../http/errors';
import { mantemOmitidos } from '../../http/put-parcial';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  contarTentativaLogin,
  deleteSessionOfUsuario,
  deleteSessionsOfUsuario,
  listSessionsOfUsuario,
  tentativasLogin,
} from './sessoes.repository';
import {
  ativarDoisFatores,
  configurarDoisFatores,
  removerDoisFatores,
  statusDoisFatores,
} from './dois-fatores.repository';
import { getUsuario, senhaConfere, setSenha, updateUsuario } from './usuarios.repository';

/** /api/perfil: the signed-in user's own data, password and sessions (issue 16, part 2). */
export const perfilRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const limits = config.loginRateLimit;
  /**
   * The current password, checked like a sign-in: wrong attempts count against the user (in
   * login_limites, with a key of its own) and too many answer 429 for the e-mail window.
   */
  async function conferirSenhaAtual(usuarioId: number, senha: string): Promise<void> {
    const chave = `senha:${usuarioId}`;
    if ((await tentativasLogin(db, chave)) >= limits.failuresPerEmail) {
      throw new AppError('RATE_LIMITED', DOIS_FATORES_MESSAGES.senhaAtualTentativas);
    }
    if (!(await senhaConfere(db, usuarioId, senha))) {
      await contarTentativaLogin(db, chave, limits.emailWindowMs);
      const message = USUARIO_MESSAGES.senhaAtualIncorreta;
      throw badRequest(message, { senha_atual: message });
    }
  }

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['perfil'],
        summary: 'O usuário conectado',
        response: { 200: usuarioSchema },
      },
    },
    async (request) => (await getUsuario(db, request.user.id))!,
  );

  app.put(
    '/',
    {
      config: { roles: ALL_ROLES },
      preValidation: mantemOmitidos(perfilUpdateSchema, (request) =>
        getUsuario(db, request.user.id),
      ),
      schema: {
        tags: ['perfil'],
        summary: 'Alterar o próprio nome e e-mail',
        body: perfilUpdateSchema,
        response: { 200: usuarioSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => updateUsuario(tx, request.user.id, request.body)),
  );

  app.post(
    '/senha',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['perfil'],
        summary: 'Trocar a própria senha (encerra as outras sessões)',
        body: perfilSenhaSchema,
      },
    },
    async (request, reply) => {
      const { id, sessionId } = request.user;
      await conferirSenhaAtual(id, request.body.senha_atual);
      await comAuditoria(db, request.user, async (tx) => {
        await setSenha(tx, id, request.body.nova_senha);
        await deleteSessionsOfUsuario(tx, id, sessionId);
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/sessoes',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['perfil'],
        summary: 'As próprias sessões abertas',
        response: { 200: sessaoListSchema },
      },
    },
    (request) =>
      listSessionsOfUsuario(db, request.user.id, request.user.sessionId, config.session.idleMs),
  );

  app.delete(
    '/sessoes/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['perfil'],
        summary: 'Encerrar uma das próprias sessões',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      if (!(await deleteSessionOfUsuario(db, request.user.id, request.params.id))) {
        throw notFound(USUARIO_MESSAGES.sessaoNaoEncontrada);
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/dois-fatores',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['perfil'],
        summary: 'Situação da autenticação em dois fatores',
        response: { 200: doisFatoresStatusSchema },
      },
    },
    (request) => statusDoisFatores(db, request.user.id),
  );

  app.post(
    '/dois-fatores/configurar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['perfil'],
        summary: 'Gerar um segredo novo para o aplicativo autenticador (pendente até confirmar)',
        response: { 200: doisFatoresConfigurarSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        configurarDoisFatores(tx, request.user.id, request.user.email),
      ),
  );

  app.post(
    '/dois-fatores/ativar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['perfil'],
        summary:
          'Confirmar com um código e ativar; responde os 10 códigos de recuperação (uma vez)',
        body: doisFatoresAtivarSchema,
        response: { 200: doisFatoresAtivadoSchema },
      },
    },
    async (request) => ({
      codigos_recuperacao: await comAuditoria(db, request.user, (tx) =>
        ativarDoisFatores(tx, request.user.id, request.body.codigo),
      ),
    }),
  );

  app.post(
    '/dois-fatores/desativar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['perfil'],
        summary: 'Desativar a autenticação em dois fatores (pede a senha atual)',
        body: doisFatoresDesativarSchema,
      },
    },
    async (request, reply) => {
      const { id } = request.user;
      if (!(await statusDoisFatores(db, id)).ativado) {
        throw new AppError('REGRA_VIOLADA', DOIS_FATORES_MESSAGES.naoAtivado);
      }
      await conferirSenhaAtual(id, request.body.senha_atual);
      await comAuditoria(db, request.user, (tx) => removerDoisFatores(tx, id));
      return reply.code(204).send();
    },
  );
};
