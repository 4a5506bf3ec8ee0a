import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Produto, ProdutoUpdate } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { produtoKeys } from './keys';

/** PUT /api/produtos/{id} */
export function updateProduto({ id, dados }: { id: number; dados: ProdutoUpdate }) {
  return apiRequest<Produto>(`/produtos/${id}`, { method: 'PUT', body: dados });
}

export function useUpdateProduto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduto,
    onSuccess: (updated) => {
      queryClient.setQueryData(produtoKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: produtoKeys.list() });
    },
  });
}
