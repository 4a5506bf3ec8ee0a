import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { etiquetaKeys } from './keys';

/** DELETE /api/etiquetas/{id} */
export function deleteEtiqueta(id: number): Promise<void> {
  return apiRequest<void>(`/etiquetas/${id}`, { method: 'DELETE' });
}

export function useDeleteEtiqueta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEtiqueta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: etiquetaKeys.all }),
  });
}
