import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { produtoKeys } from './keys';

/** DELETE /api/produtos/{id}/fotos/{fotoId} */
export function deleteFoto({ id, fotoId }: { id: number; fotoId: number }): Promise<void> {
  return apiRequest<void>(`/produtos/${id}/fotos/${fotoId}`, { method: 'DELETE' });
}

export function useDeleteFoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFoto,
    onSuccess: (_result, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: produtoKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: produtoKeys.list() }),
      ]),
  });
}
