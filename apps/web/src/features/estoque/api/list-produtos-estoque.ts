import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProdutoListItem } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { toEstoqueProduto, type EstoqueProduto } from '../estoque-view';
import { estoqueKeys } from './keys';

/** GET /api/produtos (spec section 7: "used by the products screen, stock, ..."), as section 3.9's view. */
export async function fetchProdutosEstoque(signal?: AbortSignal): Promise<EstoqueProduto[]> {
  const produtos = await apiRequest<ProdutoListItem[]>('/produtos', { signal });
  return produtos.map(toEstoqueProduto);
}

export const produtosEstoqueQueryOptions = () =>
  queryOptions({
    queryKey: estoqueKeys.produtos(),
    queryFn: ({ signal }) => fetchProdutosEstoque(signal),
    // The list is loaded when the screen opens; cached rows show meanwhile.
    staleTime: 0,
    refetchOnMount: 'always',
  });

export function useProdutosEstoque() {
  return useQuery(produtosEstoqueQueryOptions());
}
