import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrecoProduto, PrecoProdutoInput } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { precoProdutoKeys, tabelaPrecoKeys } from './keys';

/** POST /api/produtos/{id}/precos: defines or updates the margin in a table. */
export function definirPrecoProduto({ id, dados }: { id: number; dados: PrecoProdutoInput }) {
  return apiRequest<PrecoProduto>(`/produtos/${id}/precos`, { method: 'POST', body: dados });
}

export function useDefinirPrecoProduto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: definirPrecoProduto,
    onSuccess: (_row, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: precoProdutoKeys.list(id) }),
        // The tables' product counts change.
        queryClient.invalidateQueries({ queryKey: tabelaPrecoKeys.all }),
      ]),
  });
}
