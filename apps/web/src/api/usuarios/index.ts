import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Usuario } from '@prumo/shared/auth';
import { apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';

/** The users (GET /api/usuarios, admins only). */
export const usuariosKeys = { all: ROOT_KEYS.usuarios };

export const usuariosQueryOptions = () =>
  queryOptions({
    queryKey: usuariosKeys.all,
    queryFn: ({ signal }) => apiRequest<Usuario[]>('/usuarios', { signal }),
    staleTime: 5 * 60_000,
  });

export function useUsuarios(enabled = true) {
  return useQuery({ ...usuariosQueryOptions(), enabled });
}
