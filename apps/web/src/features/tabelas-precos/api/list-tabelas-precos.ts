import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TabelaPreco } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { tabelaPrecoKeys } from './keys';

/** GET /api/tabelas-precos */
export function fetchTabelasPrecos(signal?: AbortSignal): Promise<TabelaPreco[]> {
  return apiRequest<TabelaPreco[]>('/tabelas-precos', { signal });
}

export const tabelasPrecosQueryOptions = () =>
  queryOptions({
    queryKey: tabelaPrecoKeys.list(),
    queryFn: ({ signal }) => fetchTabelasPrecos(signal),
  });

export function useTabelasPrecos() {
  return useQuery(tabelasPrecosQueryOptions());
}
