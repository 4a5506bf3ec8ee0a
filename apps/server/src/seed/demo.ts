import type { Database } from '../db/database';
import { MODULES } from '../modules';
import { countUsuarios, createUsuario } from '../modules/usuarios/usuarios.repository';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';
import { seedDemoFinanceiro } from './historico-financeiro';

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
    await seedDemoFinanceiro(tx);
  });
  return true;
}
