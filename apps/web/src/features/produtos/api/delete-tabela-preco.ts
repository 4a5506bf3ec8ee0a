import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tabelaPrecoKeys } from './keys';

/** DELETE /api/tabelas-precos/{id} */
export function deleteTabelaPreco(id: number): Promise<void> {
  return apiRequest<void>(`/tabelas-precos/${id}`, { method: 'DELETE' });
}

export function useDeleteTabelaPreco() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTabelaPreco,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tabelaPrecoKeys.list() }),
  });
}
