import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Etiqueta, EtiquetaInput } from '@prumo/shared/etiquetas';
import { apiRequest } from '../../../lib/api-client';
import { etiquetaKeys } from './keys';

/** POST /api/etiquetas, or PUT /api/etiquetas/{id} when an id is given (camel-case payload). */
export function saveEtiqueta({ id, dados }: { id?: number; dados: EtiquetaInput }) {
  return apiRequest<Etiqueta>(id ? `/etiquetas/${id}` : '/etiquetas', {
    method: id ? 'PUT' : 'POST',
    body: dados,
  });
}

export function useSaveEtiqueta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEtiqueta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: etiquetaKeys.all }),
  });
}
