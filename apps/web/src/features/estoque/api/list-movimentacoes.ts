import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Movimentacao, MovimentacaoListQueryInput } from '@prumo/shared/estoque';
import { apiRequest } from '../../../lib/api-client';
import { estoqueKeys } from './keys';

/** Rows per call of the history; "Carregar mais" asks for the next ones. */
export const HISTORICO_PAGE_SIZE = 50;

export type MovimentacoesFiltro = Omit<MovimentacaoListQueryInput, 'limit' | 'offset'>;

/** GET /api/estoque/movimentacoes?produto_id=&de=&ate=&limit=&offset= (newest first). */
export function fetchMovimentacoes(
  filtro: MovimentacoesFiltro,
  offset: number,
  signal?: AbortSignal,
): Promise<Movimentacao[]> {
  const params = new URLSearchParams({
    limit: String(HISTORICO_PAGE_SIZE),
    offset: String(offset),
  });
  for (const [key, value] of Object.entries(filtro)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return apiRequest<Movimentacao[]>(`/estoque/movimentacoes?${params}`, { signal });
}

export const movimentacoesQueryOptions = (filtro: MovimentacoesFiltro) =>
  infiniteQueryOptions({
    queryKey: estoqueKeys.movimentacoes(filtro),
    queryFn: ({ pageParam, signal }) => fetchMovimentacoes(filtro, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length === HISTORICO_PAGE_SIZE ? pages.length * HISTORICO_PAGE_SIZE : undefined,
    staleTime: 0,
  });

export function useMovimentacoes(filtro: MovimentacoesFiltro, enabled = true) {
  return useInfiniteQuery({ ...movimentacoesQueryOptions(filtro), enabled });
}
