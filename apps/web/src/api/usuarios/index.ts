import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Usuario,
  UsuarioCreate,
  UsuarioSenha,
  UsuarioUpdate,
  Vendedor,
} from '@prumo/shared/auth';
import { apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/** The users (/api/usuarios, admins only). */
export const usuariosKeys = { all: ROOT_KEYS.usuarios };

export const usuariosQueryOptions = () =>
  queryOptions({
    queryKey: usuariosKeys.all,
    queryFn: ({ signal }) => apiRequest<Usuario[]>('/usuarios', { signal }),
    staleTime: 5 * 60_000,
  });

/** GET /api/usuarios/vendedores: the active users' names, which every role may read. */
export function useVendedores() {
  return useQuery({
    queryKey: [...usuariosKeys.all, 'vendedores'] as const,
    queryFn: ({ signal }) => apiRequest<Vendedor[]>('/usuarios/vendedores', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useUsuarios(enabled = true) {
  return useQuery({ ...usuariosQueryOptions(), enabled });
}

/** POST /api/usuarios; 409 DUPLICADO on an e-mail already taken. */
export function useCreateUsuario() {
  return useInvalidatingMutation(
    (dados: UsuarioCreate) => apiRequest<Usuario>('/usuarios', { method: 'POST', body: dados }),
    () => [usuariosKeys.all],
  );
}

/**
 * PUT /api/usuarios/{id}: nome, e-mail, role and ativo (409 REGRA_VIOLADA for the last active
 * admin). The user's history and the signed-in user's own profile may change with it.
 */
export function useUpdateUsuario() {
  return useInvalidatingMutation(
    ({ id, dados }: { id: number; dados: UsuarioUpdate }) =>
      apiRequest<Usuario>(`/usuarios/${id}`, { method: 'PUT', body: dados }),
    () => [usuariosKeys.all, ROOT_KEYS.auditoria, ROOT_KEYS.perfil],
  );
}

/** POST /api/usuarios/{id}/senha: a new password for another user (their sessions end). */
export function useRedefinirSenha() {
  return useInvalidatingMutation(
    ({ id, dados }: { id: number; dados: UsuarioSenha }) =>
      apiRequest<void>(`/usuarios/${id}/senha`, { method: 'POST', body: dados }),
    () => [],
  );
}

/** POST /api/usuarios/{id}/dois-fatores/redefinir: clears another user's second factor. */
export function useRedefinirDoisFatores() {
  return useInvalidatingMutation(
    (id: number) => apiRequest<void>(`/usuarios/${id}/dois-fatores/redefinir`, { method: 'POST' }),
    () => [usuariosKeys.all, ROOT_KEYS.auditoria],
  );
}
