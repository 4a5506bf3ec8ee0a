import { useQuery } from '@tanstack/react-query';
import type { PrecoProduto, PrecoProdutoInput } from '@prumo/shared/precos';
import { apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/** A product's price in each price table (/api/produtos/{id}/precos). */
export const precoProdutoKeys = {
  all: ROOT_KEYS.precosProduto,
  list: (produtoId: number) => [...ROOT_KEYS.precosProduto, produtoId] as const,
};

/** One row per price table (margem null where none is defined). */
export function usePrecosProduto(id: number) {
  return useQuery({
    queryKey: precoProdutoKeys.list(id),
    queryFn: ({ signal }) => apiRequest<PrecoProduto[]>(`/produtos/${id}/precos`, { signal }),
  });
}

/** The tables' product lists and counts change with a product's margin. */
const afterChange = (_result: unknown, { id }: { id: number }) => [
  precoProdutoKeys.list(id),
  ROOT_KEYS.tabelasPrecos,
];

/** POST /api/produtos/{id}/precos: defines or updates the margin in a table. */
export function useDefinirPrecoProduto() {
  return useInvalidatingMutation(
    ({ id, dados }: { id: number; dados: PrecoProdutoInput }) =>
      apiRequest<PrecoProduto>(`/produtos/${id}/precos`, { method: 'POST', body: dados }),
    afterChange,
  );
}

/** DELETE /api/produtos/{id}/precos/{tabelaId} */
export function useRemoverPrecoProduto() {
  return useInvalidatingMutation(
    ({ id, tabelaId }: { id: number; tabelaId: number }) =>
      apiRequest<void>(`/produtos/${id}/precos/${tabelaId}`, { method: 'DELETE' }),
    afterChange,
  );
}
