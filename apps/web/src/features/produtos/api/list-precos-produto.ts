import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrecoProduto } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { precoProdutoKeys } from './keys';

/** GET /api/produtos/{id}/precos: one row per price table (margem null where none is defined). */
export function fetchPrecosProduto(id: number, signal?: AbortSignal): Promise<PrecoProduto[]> {
  return apiRequest<PrecoProduto[]>(`/produtos/${id}/precos`, { signal });
}

export const precosProdutoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: precoProdutoKeys.list(id),
    queryFn: ({ signal }) => fetchPrecosProduto(id, signal),
  });

export function usePrecosProduto(id: number) {
  return useQuery(precosProdutoQueryOptions(id));
}
