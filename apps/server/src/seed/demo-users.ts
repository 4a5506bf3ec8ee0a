import type { Role } from '@prumo/shared/auth';

// Constants only: the sign-in route shows them, the seed creates them (neither imports the other).
export const DEMO_PASSWORD = 'demo@2026';

export const DEMO_USERS: ReadonlyArray<{ nome: string; email: string; role: Role }> = [
  { nome: 'Ana Administradora', email: 'admin@empresa.com.br', role: 'admin' },
  { nome: 'Gustavo Gerente', email: 'gerente@empresa.com.br', role: 'manager' },
  { nome: 'Vera Vendedora', email: 'vendedor@empresa.com.br', role: 'user' },
];

/** The credentials the login screen's demo box shows and fills (the admin's). */
export const DEMO_LOGIN = { email: DEMO_USERS[0]!.email, password: DEMO_PASSWORD };
