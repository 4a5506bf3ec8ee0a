import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProdutoListItem } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { produtoKeys } from './keys';

/** DELETE /api/produtos/{id} */
export function deleteProduto(id: number): Promise<void> {
  return apiRequest<void>(`/produtos/${id}`, { method: 'DELETE' });
}

export function useDeleteProduto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduto,
    onSuccess: (_result, id) => {
      // The row leaves the table at once; the list is then read again (spec: success reloads).
      queryClient.setQueryData<ProdutoListItem[]>(produtoKeys.list(), (list) =>
        list?.filter((produto) => produto.id !== id),
      );
      queryClient.removeQueries({ queryKey: produtoKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: produtoKeys.list() });
    },
  });
}
