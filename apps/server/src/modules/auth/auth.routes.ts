import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DESAFIO_LOGIN_MINUTOS,
  DESAFIO_LOGIN_TENTATIVAS,
  DOIS_FATORES_MESSAGES,
  INVALID_LOGIN_MESSAGE,
  loginAnswerSchema,
  loginDoisFatoresSchema,
  loginRequestSchema,
  demoResponseSchema,
  loginResponseSchema,
  sessionUserSchema,
  ALL_ROLES,
  type Role,
} from '@prumo/shared/auth';
import { z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import { DEMO_LOGIN } from '../../seed/demo-users';
import { consumirCodigo } from '../usuarios/dois-fatores.repository';
import { getUsuario, usuarioPorCredenciais } from '../usuarios/usuarios.repository';
import {
  contarTentativaLogin,
  createSession,
  criarDesafioLogin,
  encerrarDesafioLogin,
  tentarDesafioLogin,
  deleteExpiredLoginLimites,
  deleteExpiredSessions,
  deleteSession,
  tentativasLogin,
} from '../usuarios/sessoes.repository';
import { inatividadeMs } from '../configuracoes/configuracoes.repository';

const TOO_MANY_ATTEMPTS = 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';

export const authRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const limits = config.loginRateLimit;
  // Every attempt counts against the IP; only failures count against the e-mail, so a user who
  // mistypes a few times is not locked out by their own successful sign-ins. The counters live
  // in the database, so several app instances behind a load balancer share them.
  const ipKey = (request: FastifyRequest) => `ip:${request.ip}`;
  const emailKey = (email: string) => `email:${email.trim().toLowerCase().slice(0, 290)}`;
  const origem = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  const limitarIp = async (request: FastifyRequest) => {
    if ((await contarTentativaLogin(db, ipKey(request), 60_000)) > limits.perIpPerMinute) {
      throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
    }
  };

  /** The signed-in answer: a new session (the expired ones and old counters swept first). */
  async function abrirSessao(
    usuario: { id: number; nome: string; email: string; role: Role },
    request: FastifyRequest,
  ) {
    await deleteExpiredSessions(db, await inatividadeMs(db, config));
    await deleteExpiredLoginLimites(db);
    const token = await createSession(db, usuario.id, config.session.maxAgeMs, origem(request));
    return { token, user: { nome: usuario.nome, email: usuario.email, role: usuario.role } };
  }

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Entrar com e-mail e senha',
        description:
          'Sem dois fatores, responde a sessão ({ token, user }). Com dois fatores, responde ' +
          '{ dois_fatores: true, desafio }, que POST /api/auth/login/dois-fatores completa com o código.',
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const ipAttempts = await contarTentativaLogin(db, ipKey(request), 60_000);
      const emailFailures = await tentativasLogin(db, emailKey(email));
      if (ipAttempts > limits.perIpPerMinute || emailFailures >= limits.failuresPerEmail) {
        throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
      }

      const usuario = await usuarioPorCredenciais(db, email, password);
      // Same answer for an unknown e-mail, a wrong password and a disabled account.
      if (!usuario) {
        await contarTentativaLogin(db, emailKey(email), limits.emailWindowMs);
        throw new AppError('UNAUTHORIZED', INVALID_LOGIN_MESSAGE);
      }

      if (usuario.doisFatores) {
        const desafio = await criarDesafioLogin(db, usuario.id, DESAFIO_LOGIN_MINUTOS * 60_000);
        return { dois_fatores: true as const, desafio };
      }
      return abrirSessao(usuario, request);
    },
  );

  app.post(
    '/login/dois-fatores',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Completar o login com o código do aplicativo autenticador ou de recuperação',
        description:
          `O desafio vale ${DESAFIO_LOGIN_MINUTOS} minutos e aceita até ` +
          `${DESAFIO_LOGIN_TENTATIVAS} códigos errados; cada código vale uma vez.`,
        body: loginDoisFatoresSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      await limitarIp(request);
      const { desafio, codigo } = request.body;
      const tentativa = await tentarDesafioLogin(db, desafio, DESAFIO_LOGIN_TENTATIVAS);
      if (!tentativa) throw new AppError('DESAFIO_EXPIRADO', DOIS_FATORES_MESSAGES.desafioExpirado);
      const usuario = await getUsuario(db, tentativa.usuarioId);
      if (!usuario?.ativo) {
        await encerrarDesafioLogin(db, desafio);
        throw new AppError('DESAFIO_EXPIRADO', DOIS_FATORES_MESSAGES.desafioExpirado);
      }
      if (!(await consumirCodigo(db, usuario.id, codigo))) {
        // A wrong code also counts against the e-mail, like a wrong password.
        await contarTentativaLogin(db, emailKey(usuario.email), limits.emailWindowMs);
        if (tentativa.tentativas >= DESAFIO_LOGIN_TENTATIVAS) {
          await encerrarDesafioLogin(db, desafio);
          throw new AppError('DESAFIO_EXPIRADO', DOIS_FATORES_MESSAGES.tentativasEsgotadas);
        }
        const message = DOIS_FATORES_MESSAGES.codigoInvalido;
        throw new AppError('UNAUTHORIZED', message, { codigo: message });
      }
      if (!(await encerrarDesafioLogin(db, desafio))) {
        throw new AppError('DESAFIO_EXPIRADO', DOIS_FATORES_MESSAGES.desafioExpirado);
      }
      return abrirSessao(usuario, request);
    },
  );

  app.get(
    '/demo',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Credenciais de demonstração (só em modo demonstração)',
        response: { 200: demoResponseSchema },
      },
    },
    async () => (config.demo ? { demo: true, ...DEMO_LOGIN } : { demo: false }),
  );

  app.get(
    '/validate',
    {
      config: { roles: ALL_ROLES, touchesSession: false },
      schema: {
        tags: ['auth'],
        summary: 'Verificar se o token ainda é válido',
        response: { 200: z.object({ valid: z.literal(true), user: sessionUserSchema }) },
      },
    },
    async (request) => ({
      valid: true as const,
      user: { nome: request.user.nome, email: request.user.email, role: request.user.role },
    }),
  );

  app.post(
    '/logout',
    {
      config: { roles: ALL_ROLES },
      schema: { tags: ['auth'], summary: 'Sair (revoga o token no servidor)' },
    },
    async (request, reply) => {
      await deleteSession(db, request.user.sessionId);
      return reply.code(204).send();
    },
  );
};
