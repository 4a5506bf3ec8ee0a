import fp from 'fastify-plugin';
import { hasRole, type Role } from '@prumo/shared/auth';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { AppError, forbidden } from '../http/errors';
import {
  findSessionUser,
  touchSession,
  type AuthenticatedUser,
} from '../modules/auth/auth.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, docs). */
    public?: boolean;
    /** Roles allowed on the route; absent or empty means any signed-in user. */
    roles?: readonly Role[];
    /** False for background calls (token validation) that must not keep an idle session alive. */
    touchesSession?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user; set on every non-public /api route. */
    user: AuthenticatedUser;
  }
}

/** A session is marked as used at most this often, to spare a write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export const unauthorized = () =>
  new AppError(401, 'Sessão expirada ou inválida. Entre novamente.');

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** Throws 403 unless the signed-in user has one of the roles. */
export function assertRole(user: AuthenticatedUser, roles: readonly Role[]): void {
  if (!hasRole(user.role, roles)) throw forbidden();
}

/**
 * Every /api route needs a valid session unless it is marked public, and the route's roles
 * are enforced here, so a module only declares them.
 */
export const authPlugin = fp<{ db: Database; config: Config }>(async (app, { db, config }) => {
  app.decorateRequest('user', null as unknown as AuthenticatedUser);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    const routeConfig = request.routeOptions.config;
    if (routeConfig.public) return;

    const token = bearerToken(request.headers.authorization);
    const session = token ? await findSessionUser(db, token, config.session.idleMs) : undefined;
    if (!session) throw unauthorized();

    const { lastSeenAt, ...user } = session;
    request.user = user;
    if (routeConfig.roles) assertRole(user, routeConfig.roles);
    if (
      routeConfig.touchesSession !== false &&
      Date.now() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS
    ) {
      await touchSession(db, user.sessionId);
    }
  });
});
