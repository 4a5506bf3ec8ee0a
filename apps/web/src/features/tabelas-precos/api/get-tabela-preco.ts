import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TabelaPreco } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { tabelaPrecoKeys } from './keys';

/** GET /api/tabelas-precos/{id} */
export function fetchTabelaPreco(id: number, signal?: AbortSignal): Promise<TabelaPreco> {
  return apiRequest<TabelaPreco>(`/tabelas-precos/${id}`, { signal });
}

export const tabelaPrecoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tabelaPrecoKeys.detail(id),
    queryFn: ({ signal }) => fetchTabelaPreco(id, signal),
    retry: false,
  });

export function useTabelaPreco(id: number, enabled = true) {
  return useQuery({ ...tabelaPrecoQueryOptions(id), enabled });
}
