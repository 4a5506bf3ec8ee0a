import type { Role } from '@prumo/shared/auth';
import type { Database } from '../db/database';
import { MODULES } from '../modules';
import { countUsuarios, createUsuario } from '../modules/usuarios/usuarios.repository';

export const DEMO_PASSWORD = 'demo@2026';

export const DEMO_USERS: ReadonlyArray<{ nome: string; email: string; role: Role }> = [
  { nome: 'Ana Administradora', email: 'admin@empresa.com.br', role: 'admin' },
  { nome: 'Gustavo Gerente', email: 'gerente@empresa.com.br', role: 'manager' },
  { nome: 'Vera Vendedora', email: 'vendedor@empresa.com.br', role: 'user' },
];

/** The credentials the login screen's demo box shows and fills (the admin's). */
export const DEMO_LOGIN = { email: DEMO_USERS[0]!.email, password: DEMO_PASSWORD };

/**
 * Seeds a fresh database (no users yet) with the demo users. Returns false when the database
 * already had users, so an existing installation is never touched.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  if ((await countUsuarios(db)) > 0) return false;
  await db.transaction(async (tx) => {
    for (const user of DEMO_USERS) {
      await createUsuario(tx, { ...user, password: DEMO_PASSWORD });
    }
    for (const { seedDemo } of MODULES) await seedDemo?.(tx);
  });
  return true;
}
