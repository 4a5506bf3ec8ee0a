import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { custoKeys, precosProdutoKeys, tabelaPrecoKeys } from './keys';

/** DELETE /api/tabelas-precos/{id} (its products' prices in it go too). */
export function deleteTabelaPreco(id: number): Promise<void> {
  return apiRequest<void>(`/tabelas-precos/${id}`, { method: 'DELETE' });
}

export function useDeleteTabelaPreco() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTabelaPreco,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tabelaPrecoKeys.all }),
        queryClient.invalidateQueries({ queryKey: custoKeys.all }),
        queryClient.invalidateQueries({ queryKey: precosProdutoKeys.all }),
      ]),
  });
}
