import type { QueryClient } from '@tanstack/react-query';
import type { MovimentacaoListQueryInput } from '@prumo/shared/estoque';

/** TanStack Query keys of the stock screen. */
export const estoqueKeys = {
  all: ['estoque'] as const,
  produtos: () => [...estoqueKeys.all, 'produtos'] as const,
  movimentacoes: (filtro: Omit<MovimentacaoListQueryInput, 'limit' | 'offset'>) =>
    [...estoqueKeys.all, 'movimentacoes', filtro] as const,
};

/**
 * The product catalogue's queries (another feature) also show stock: a movement marks them
 * stale so the products screen never shows an old stock.
 */
export const PRODUTOS_QUERY_PREFIX = ['produtos'] as const;

/** After a movement: the stock list, the suggestions, the histories and the catalogue. */
export function invalidateAfterMovimentacao(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: estoqueKeys.all }),
    queryClient.invalidateQueries({ queryKey: PRODUTOS_QUERY_PREFIX }),
  ]);
}
