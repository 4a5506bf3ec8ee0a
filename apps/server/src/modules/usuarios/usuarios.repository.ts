import { eq, sql } from 'drizzle-orm';
import type { Role } from '@prumo/shared/auth';
import type { Executor } from '../../db/database';
import { ptBrOrder } from '../../db/sql-helpers';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { usuarios } from './usuarios.table';

export async function findUsuarioByEmail(db: Executor, email: string) {
  const [usuario] = await db
    .select()
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email.trim().toLowerCase()))
    .limit(1);
  return usuario;
}

/**
 * Signing in: the user with this e-mail and password when the account is active, otherwise
 * undefined (an unknown e-mail, a wrong password and a disabled account alike). An unknown e-mail
 * still costs one password verification, so the answer time does not tell whether it exists.
 */
export async function usuarioPorCredenciais(db: Executor, email: string, password: string) {
  const usuario = await findUsuarioByEmail(db, email);
  const valid = usuario
    ? await verifyPassword(usuario.senhaHash, password)
    : await verifyAgainstDummy(password);
  if (!usuario || !valid || !usuario.ativo) return undefined;
  return { id: usuario.id, nome: usuario.nome, email: usuario.email, role: usuario.role };
}

export function listUsuarios(db: Executor) {
  return db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
      role: usuarios.role,
      ativo: usuarios.ativo,
    })
    .from(usuarios)
    .orderBy(ptBrOrder(usuarios.nome));
}

export async function createUsuario(
  db: Executor,
  data: { nome: string; email: string; role: Role; password: string; ativo?: boolean },
) {
  const [created] = await db
    .insert(usuarios)
    .values({
      nome: data.nome,
      email: data.email.trim(),
      role: data.role,
      senhaHash: await hashPassword(data.password),
      ativo: data.ativo ?? true,
    })
    .returning();
  return created!;
}

/** Makes an existing account an active admin with a new password. */
export async function resetAdmin(db: Executor, id: number, password: string): Promise<void> {
  await db
    .update(usuarios)
    .set({
      role: 'admin',
      ativo: true,
      senhaHash: await hashPassword(password),
      updatedAt: sql`now()`,
    })
    .where(eq(usuarios.id, id));
}

export function countUsuarios(db: Executor): Promise<number> {
  return db.$count(usuarios);
}

/**
 * The active users as a subquery (id, nome, email, role) for another module to join in one
 * query, such as the session lookup of every request.
 */
export function usuariosAtivos(db: Executor) {
  return db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
      role: usuarios.role,
    })
    .from(usuarios)
    .where(eq(usuarios.ativo, true))
    .as('usuario_ativo');
}

/** Every user's id and nome (disabled ones too), as a subquery joined under `alias`. */
export function nomesDeUsuarios<Alias extends string>(db: Executor, alias: Alias) {
  return db.select({ id: usuarios.id, nome: usuarios.nome }).from(usuarios).as(alias);
}
