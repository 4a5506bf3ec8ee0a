import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Movimentacao,
  MovimentacaoInput,
  MovimentacaoListQueryInput,
  MovimentacaoSaved,
} from '@prumo/shared/estoque';
import { ApiError, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/** Stock movements (/api/estoque/movimentacoes); the stock itself is the catalogue's field. */
export type MovimentacoesFiltro = Omit<MovimentacaoListQueryInput, 'limit' | 'offset'>;

export const estoqueKeys = {
  all: ROOT_KEYS.estoque,
  movimentacoes: (filtro: MovimentacoesFiltro) =>
    [...ROOT_KEYS.estoque, 'movimentacoes', filtro] as const,
};

/** Rows per call of the history; "Carregar mais" asks for the next ones. */
export const HISTORICO_PAGE_SIZE = 50;

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

/**
 * A movement changes the histories, the product's stock wherever the catalogue shows, and the
 * bell's products below their minimum.
 */
const afterMovimentacao = () => [ROOT_KEYS.estoque, ROOT_KEYS.produtos, ROOT_KEYS.notificacoes];

/**
 * POST /api/estoque/movimentacoes: the form plus produto_id and a numeric quantidade. The key
 * stays the same while the same form is retried, so a movement whose answer was lost is not
 * applied twice. IDEMPOTENCIA_CONFLITO means an earlier try with the key did go through: the
 * stock changed even though this call failed.
 */
export function useCreateMovimentacao() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(afterMovimentacao().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: MovimentacaoInput; idempotencyKey: string }) =>
      apiRequest<MovimentacaoSaved>('/estoque/movimentacoes', {
        method: 'POST',
        body: input,
        idempotencyKey,
      }),
    onSuccess: refresh,
    onError: (error) =>
      error instanceof ApiError && error.code === 'IDEMPOTENCIA_CONFLITO' ? refresh() : undefined,
  });
}

/** PUT /api/estoque/movimentacoes/{id}: same body as POST; the stock follows the difference. */
export function useUpdateMovimentacao() {
  return useInvalidatingMutation(
    ({ id, input }: { id: number; input: MovimentacaoInput }) =>
      apiRequest<MovimentacaoSaved>(`/estoque/movimentacoes/${id}`, { method: 'PUT', body: input }),
    afterMovimentacao,
  );
}
