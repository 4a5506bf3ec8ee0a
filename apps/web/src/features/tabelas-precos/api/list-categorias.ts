import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Categoria } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { categoriaKeys } from './keys';

/** GET /api/categorias: the groups, to filter a table's products. */
export function fetchCategorias(signal?: AbortSignal): Promise<Categoria[]> {
  return apiRequest<Categoria[]>('/categorias', { signal });
}

export const categoriasQueryOptions = () =>
  queryOptions({
    queryKey: categoriaKeys.list(),
    queryFn: ({ signal }) => fetchCategorias(signal),
  });

export function useCategorias() {
  return useQuery(categoriasQueryOptions());
}
