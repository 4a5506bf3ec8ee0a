import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUTO_SEARCH_MIN_CHARS, type ProdutoSearchItem } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { impressaoKeys } from './keys';

/** GET /api/produtos/search?q= : products by name, barcode or internal code. */
export function searchProdutos(termo: string, signal?: AbortSignal): Promise<ProdutoSearchItem[]> {
  return apiRequest<ProdutoSearchItem[]>(`/produtos/search?q=${encodeURIComponent(termo)}`, {
    signal,
  });
}

export const sugestoesQueryOptions = (termo: string) =>
  queryOptions({
    queryKey: impressaoKeys.sugestoes(termo),
    queryFn: ({ signal }) => searchProdutos(termo, signal),
    enabled: termo.length >= PRODUTO_SEARCH_MIN_CHARS,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export function useSugestoesProdutos(termo: string) {
  return useQuery(sugestoesQueryOptions(termo));
}
