import type { Database } from '../db/database';
import {
  countUsuarios,
  createUsuario,
  findUsuarioByEmail,
  resetAdmin,
} from '../modules/usuarios/usuarios.repository';

export const MIN_ADMIN_PASSWORD_LENGTH = 8;

function checkCredentials(email: string, password: string): void {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new Error(`ADMIN_EMAIL inválido: "${email}".`);
  }
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`ADMIN_PASSWORD deve ter pelo menos ${MIN_ADMIN_PASSWORD_LENGTH} caracteres.`);
  }
}

/** At start: creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when there are no users. */
export async function createFirstAdmin(
  db: Database,
  email: string,
  password: string,
): Promise<boolean> {
  checkCredentials(email, password);
  if ((await countUsuarios(db)) > 0) return false;
  await createUsuario(db, { nome: 'Administrador', email, role: 'admin', password });
  return true;
}

/**
 * `npm run create-admin`: creates the admin, or, when the e-mail already has an account, makes it
 * an active admin with the new password (the way back in after a lost password).
 */
export async function createOrResetAdmin(
  db: Database,
  email: string,
  password: string,
): Promise<'created' | 'updated'> {
  checkCredentials(email, password);
  const existing = await findUsuarioByEmail(db, email);
  if (!existing) {
    await createUsuario(db, { nome: 'Administrador', email, role: 'admin', password });
    return 'created';
  }
  await resetAdmin(db, existing.id, password);
  return 'updated';
}
