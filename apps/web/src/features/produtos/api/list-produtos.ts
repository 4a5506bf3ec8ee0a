import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProdutoListItem } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { produtoKeys } from './keys';

/** GET /api/produtos: every product (section 3.1 record, categoria_nome, foto_id). */
export function fetchProdutos(signal?: AbortSignal): Promise<ProdutoListItem[]> {
  return apiRequest<ProdutoListItem[]>('/produtos', { signal });
}

export const produtosQueryOptions = () =>
  queryOptions({ queryKey: produtoKeys.list(), queryFn: ({ signal }) => fetchProdutos(signal) });

export function useProdutos() {
  return useQuery(produtosQueryOptions());
}
