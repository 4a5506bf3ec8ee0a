import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, usuarioListSchema } from '@prumo/shared/auth';
import type { Database } from '../../db/database';
import { listUsuarios } from './usuarios.repository';

export const usuariosRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: ['usuarios'],
        summary: 'Listar usuários (somente administradores)',
        response: { 200: usuarioListSchema },
      },
    },
    () => listUsuarios(db),
  );
};
