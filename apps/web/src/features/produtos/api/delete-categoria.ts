import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { categoriaKeys } from './keys';

/** DELETE /api/categorias/{id} (409 when products still use the group). */
export function deleteCategoria(id: number): Promise<void> {
  return apiRequest<void>(`/categorias/${id}`, { method: 'DELETE' });
}

export function useDeleteCategoria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategoria,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriaKeys.list() }),
  });
}
