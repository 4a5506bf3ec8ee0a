import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INVALID_LOGIN_MESSAGE,
  loginRequestSchema,
  demoResponseSchema,
  loginResponseSchema,
  sessionUserSchema,
  ALL_ROLES,
} from '@prumo/shared/auth';
import { z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import { DEMO_LOGIN } from '../../seed/demo';
import { usuarioPorCredenciais } from '../usuarios/usuarios.repository';
import {
  contarTentativaLogin,
  createSession,
  deleteExpiredLoginLimites,
  deleteExpiredSessions,
  deleteSession,
  tentativasLogin,
} from './auth.repository';

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

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Entrar com e-mail e senha',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
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

      await deleteExpiredSessions(db, config.session.idleMs);
      await deleteExpiredLoginLimites(db);
      const token = await createSession(db, usuario.id, config.session.maxAgeMs);
      return {
        token,
        user: { nome: usuario.nome, email: usuario.email, role: usuario.role },
      };
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
