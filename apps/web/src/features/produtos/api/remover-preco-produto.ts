import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { precoProdutoKeys, tabelaPrecoKeys } from './keys';

/** DELETE /api/produtos/{id}/precos/{tabelaId} */
export function removerPrecoProduto({ id, tabelaId }: { id: number; tabelaId: number }) {
  return apiRequest<void>(`/produtos/${id}/precos/${tabelaId}`, { method: 'DELETE' });
}

export function useRemoverPrecoProduto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removerPrecoProduto,
    onSuccess: (_result, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: precoProdutoKeys.list(id) }),
        queryClient.invalidateQueries({ queryKey: tabelaPrecoKeys.all }),
      ]),
  });
}
