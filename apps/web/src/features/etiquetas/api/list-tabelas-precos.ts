import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TabelaPreco } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { impressaoKeys } from './keys';

/** GET /api/tabelas-precos: to print the price of a table. */
export function fetchTabelasPrecos(signal?: AbortSignal): Promise<TabelaPreco[]> {
  return apiRequest<TabelaPreco[]>('/tabelas-precos', { signal });
}

export const tabelasPrecosQueryOptions = () =>
  queryOptions({
    queryKey: impressaoKeys.tabelas(),
    queryFn: ({ signal }) => fetchTabelasPrecos(signal),
  });

export function useTabelasPrecos() {
  return useQuery(tabelasPrecosQueryOptions());
}
