// Constants and rules of sign-in and roles, free of zod so the login page stays light.

export const ROLES = ['admin', 'manager', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Role lists of the spec's rules (part 1, section 6), used by the server routes and the guard. */
export const ALL_ROLES: readonly Role[] = ROLES;
export const ADMIN_MANAGER: readonly Role[] = ['admin', 'manager'];
export const ADMIN_ONLY: readonly Role[] = ['admin'];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  manager: 'Gerente',
  user: 'Usuário',
};

export const EMPTY_LOGIN_MESSAGE = 'Por favor, preencha todos os campos';
export const INVALID_LOGIN_MESSAGE = 'E-mail ou senha inválidos';

/** The browser checks the token with the server this often (spec: 300000 ms). */
export const TOKEN_VALIDATION_INTERVAL_MS = 300_000;

/** localStorage keys of the session (spec section 4). */
export const SESSION_STORAGE_KEYS = { token: 'token', user: 'user' } as const;

/** The user kept in the session (spec section 3: nome, email, role). */
export interface SessionUser {
  nome: string;
  email: string;
  role: Role;
}

export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.nome === 'string' &&
    typeof candidate.email === 'string' &&
    (ROLES as readonly unknown[]).includes(candidate.role)
  );
}

/** True when the role may open something restricted to `allowed` (an empty list allows all). */
export function hasRole(role: Role | undefined, allowed: readonly Role[]): boolean {
  if (allowed.length === 0) return true;
  return role !== undefined && allowed.includes(role);
}
