import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MargemEmLoteInput } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { precosProdutoKeys, tabelaPrecoKeys } from './keys';

/** POST /api/tabelas-precos/{id}/produtos: one margin (or none) for many products. */
export function definirMargens({ id, dados }: { id: number; dados: MargemEmLoteInput }) {
  return apiRequest<{ atualizados: number }>(`/tabelas-precos/${id}/produtos`, {
    method: 'POST',
    body: dados,
  });
}

export function useDefinirMargens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: definirMargens,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tabelaPrecoKeys.all }),
        queryClient.invalidateQueries({ queryKey: precosProdutoKeys.all }),
      ]),
  });
}
