import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SUGESTOES_MIN_CHARS } from '@prumo/shared/estoque';
import type { ProdutoSearchItem } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { estoqueKeys } from './keys';

/** GET /api/produtos/search?q= : id, nome, categoria_nome, estoque, unidade_medida (and more). */
export function searchProdutos(termo: string, signal?: AbortSignal): Promise<ProdutoSearchItem[]> {
  return apiRequest<ProdutoSearchItem[]>(`/produtos/search?q=${encodeURIComponent(termo)}`, {
    signal,
  });
}

export const sugestoesQueryOptions = (termo: string) =>
  queryOptions({
    queryKey: estoqueKeys.sugestoes(termo),
    queryFn: ({ signal }) => searchProdutos(termo, signal),
    enabled: termo.length >= SUGESTOES_MIN_CHARS,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

/** Suggestions for the movement modal; nothing is searched below 2 characters. */
export function useSugestoesProdutos(termo: string) {
  return useQuery(sugestoesQueryOptions(termo));
}
