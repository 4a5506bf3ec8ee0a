import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TabelaProduto } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { tabelaPrecoKeys } from './keys';

/** GET /api/tabelas-precos/{id}/produtos: every product with its price in the table. */
export function fetchProdutosTabela(id: number, signal?: AbortSignal): Promise<TabelaProduto[]> {
  return apiRequest<TabelaProduto[]>(`/tabelas-precos/${id}/produtos`, { signal });
}

export const produtosTabelaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tabelaPrecoKeys.produtos(id),
    queryFn: ({ signal }) => fetchProdutosTabela(id, signal),
    retry: false,
  });

export function useProdutosTabela(id: number, enabled = true) {
  return useQuery({ ...produtosTabelaQueryOptions(id), enabled });
}
