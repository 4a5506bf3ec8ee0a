import { and, count, eq, sql } from 'drizzle-orm';
import {
  USUARIO_MESSAGES,
  type Role,
  type Usuario,
  type UsuarioListQuery,
  type UsuarioSort,
  type UsuarioUpdate,
  type Vendedor,
} from '@prumo/shared/auth';
import type { Executor } from '../../db/database';
import { rethrowUnique } from '../../db/pg-errors';
import { sessoesDoUsuarioMudaram } from './sessoes-em-cache';
import {
  containsSearch,
  pageOf,
  ptBrKey,
  ptBrOrder,
  sortOrder,
  type SortColumns,
} from '../../db/sql-helpers';
import { AppError, notFound } from '../../http/errors';
import { removerDoisFatores } from './dois-fatores.repository';
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
  return {
    id: usuario.id,
    nome: usuario.nome,
    email: usuario.email,
    role: usuario.role,
    doisFatores: usuario.doisFatoresAtivadoEm !== null,
  };
}

/** The columns a user is answered with: never the password hash. */
const USUARIO_COLUMNS = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  role: usuarios.role,
  ativo: usuarios.ativo,
  dois_fatores: sql<boolean>`(${usuarios.doisFatoresAtivadoEm} IS NOT NULL)`.as('dois_fatores'),
};

const USUARIO_SORT_COLUMNS: SortColumns<UsuarioSort> = {
  nome: ptBrKey(usuarios.nome),
  email: [sql`lower(${usuarios.email})`],
};

/**
 * GET /api/usuarios: by name the pt-BR way unless `sort` says otherwise; `q` searches the name
 * and the e-mail. Without `limit`, every user (the spec's array); with it, one page and the total.
 */
/** The active users by name (GET /api/usuarios/vendedores). */
export function listVendedores(db: Executor): Promise<Vendedor[]> {
  return db
    .select({ id: usuarios.id, nome: usuarios.nome })
    .from(usuarios)
    .where(eq(usuarios.ativo, true))
    .orderBy(ptBrOrder(usuarios.nome), usuarios.id);
}

export function listUsuarios(
  db: Executor,
  query: UsuarioListQuery = {},
): Promise<{ items: Usuario[]; total: number | undefined }> {
  const where = query.q ? containsSearch(query.q, usuarios.nome, usuarios.email) : undefined;
  const rows = db
    .select(USUARIO_COLUMNS)
    .from(usuarios)
    .where(where)
    .orderBy(
      ...sortOrder(USUARIO_SORT_COLUMNS, query, { sort: 'nome', order: 'asc', id: usuarios.id }),
    );
  return pageOf(rows, () => db.select({ total: count() }).from(usuarios).where(where), query);
}

export async function getUsuario(db: Executor, id: number): Promise<Usuario | undefined> {
  const [usuario] = await db.select(USUARIO_COLUMNS).from(usuarios).where(eq(usuarios.id, id));
  return usuario;
}

/** A new user; an e-mail already taken (in any letter case) answers 409 DUPLICADO. */
export async function createUsuario(
  db: Executor,
  data: { nome: string; email: string; role: Role; password: string; ativo?: boolean },
): Promise<Usuario> {
  const senhaHash = await hashPassword(data.password);
  try {
    const [created] = await db
      .insert(usuarios)
      .values({
        nome: data.nome,
        email: data.email.trim(),
        role: data.role,
        senhaHash,
        ativo: data.ativo ?? true,
      })
      .returning(USUARIO_COLUMNS);
    return created!;
  } catch (error) {
    rethrowUnique(error, USUARIO_MESSAGES.emailDuplicado, 'email');
  }
}

/**
 * Changes nome, e-mail, role and ativo. The last active admin can be neither disabled nor
 * demoted: the active admins are locked first, so two admins demoting each other at the same
 * time cannot both succeed. Fields left out stay as they are.
 */
export async function updateUsuario(
  db: Executor,
  id: number,
  input: Partial<UsuarioUpdate>,
): Promise<Usuario> {
  const admins = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(eq(usuarios.role, 'admin'), eq(usuarios.ativo, true)))
    .for('update');
  const atual = await getUsuario(db, id);
  if (!atual) throw notFound(USUARIO_MESSAGES.naoEncontrado);
  const continuaAdmin = (input.role ?? atual.role) === 'admin' && (input.ativo ?? atual.ativo);
  const eraAdminAtivo = admins.some((admin) => admin.id === id);
  if (eraAdminAtivo && !continuaAdmin && admins.length <= 1) {
    throw new AppError('REGRA_VIOLADA', USUARIO_MESSAGES.ultimoAdmin);
  }
  try {
    const [updated] = await db
      .update(usuarios)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(usuarios.id, id))
      .returning(USUARIO_COLUMNS);
    void sessoesDoUsuarioMudaram(id);
    return updated!;
  } catch (error) {
    rethrowUnique(error, USUARIO_MESSAGES.emailDuplicado, 'email');
  }
}

/**
 * Sets a new password (hashed here) and its change date, which the user's history shows; 404
 * when the user does not exist.
 */
export async function setSenha(db: Executor, id: number, senha: string): Promise<void> {
  const senhaHash = await hashPassword(senha);
  const rows = await db
    .update(usuarios)
    .set({ senhaHash, senhaAlteradaEm: sql`now()`, updatedAt: sql`now()` })
    .where(eq(usuarios.id, id))
    .returning({ id: usuarios.id });
  if (rows.length === 0) throw notFound(USUARIO_MESSAGES.naoEncontrado);
}

/** True when `senha` is the user's current password. */
export async function senhaConfere(db: Executor, id: number, senha: string): Promise<boolean> {
  const [row] = await db
    .select({ senhaHash: usuarios.senhaHash })
    .from(usuarios)
    .where(eq(usuarios.id, id));
  return row ? verifyPassword(row.senhaHash, senha) : false;
}

/**
 * Makes an existing account an active admin with a new password and no second factor: the
 * command line's way back in for an owner who lost both the password and the phone.
 */
export async function resetAdmin(db: Executor, id: number, password: string): Promise<void> {
  await db
    .update(usuarios)
    .set({
      role: 'admin',
      ativo: true,
      senhaHash: await hashPassword(password),
      senhaAlteradaEm: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(usuarios.id, id));
  await removerDoisFatores(db, id);
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
      doisFatores: sql<boolean>`(${usuarios.doisFatoresAtivadoEm} IS NOT NULL)`.as('dois_fatores'),
    })
    .from(usuarios)
    .where(eq(usuarios.ativo, true))
    .as('usuario_ativo');
}

/** Every user's id and nome (disabled ones too), as a subquery joined under `alias`. */
export function nomesDeUsuarios<Alias extends string>(db: Executor, alias: Alias) {
  return db.select({ id: usuarios.id, nome: usuarios.nome }).from(usuarios).as(alias);
}
