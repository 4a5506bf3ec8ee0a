import type { Role } from '@prumo/shared/auth';

/** The signed-in user a request carries once the auth plugin has checked its session. */
export interface AuthenticatedUser {
  id: number;
  nome: string;
  email: string;
  role: Role;
  sessionId: number;
}
