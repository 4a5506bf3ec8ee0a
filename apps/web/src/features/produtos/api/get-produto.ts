import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Produto } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { produtoKeys } from './keys';

/** GET /api/produtos/{id}: every stored field and the photos. */
export function fetchProduto(id: number, signal?: AbortSignal): Promise<Produto> {
  return apiRequest<Produto>(`/produtos/${id}`, { signal });
}

export const produtoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: produtoKeys.detail(id),
    queryFn: ({ signal }) => fetchProduto(id, signal),
    // The edit form always starts from what the server has now.
    staleTime: 0,
    retry: false,
  });

export function useProduto(id: number, enabled = true) {
  return useQuery({ ...produtoQueryOptions(id), enabled });
}
