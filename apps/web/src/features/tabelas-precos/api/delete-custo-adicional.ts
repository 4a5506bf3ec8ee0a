import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { custoKeys, precosProdutoKeys, tabelaPrecoKeys } from './keys';

/** DELETE /api/custos-adicionais/{id} (tables that use it stop adding it). */
export function deleteCustoAdicional(id: number): Promise<void> {
  return apiRequest<void>(`/custos-adicionais/${id}`, { method: 'DELETE' });
}

export function useDeleteCustoAdicional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustoAdicional,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: custoKeys.all }),
        queryClient.invalidateQueries({ queryKey: tabelaPrecoKeys.all }),
        queryClient.invalidateQueries({ queryKey: precosProdutoKeys.all }),
      ]),
  });
}
