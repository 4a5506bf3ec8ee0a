import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Categoria } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { impressaoKeys } from './keys';

/** GET /api/categorias: to print all the products of a group. */
export function fetchCategorias(signal?: AbortSignal): Promise<Categoria[]> {
  return apiRequest<Categoria[]>('/categorias', { signal });
}

export const categoriasQueryOptions = () =>
  queryOptions({
    queryKey: impressaoKeys.categorias(),
    queryFn: ({ signal }) => fetchCategorias(signal),
  });

export function useCategorias() {
  return useQuery(categoriasQueryOptions());
}
