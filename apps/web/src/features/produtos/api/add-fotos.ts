import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProdutoFoto } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { produtoKeys } from './keys';

/** POST /api/produtos/{id}/fotos (multipart, field "fotos"). */
export function addFotos({ id, fotos }: { id: number; fotos: File[] }): Promise<ProdutoFoto[]> {
  const body = new FormData();
  for (const foto of fotos) body.append('fotos', foto);
  return apiRequest<ProdutoFoto[]>(`/produtos/${id}/fotos`, { method: 'POST', body });
}

export function useAddFotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFotos,
    onSuccess: (_fotos, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: produtoKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: produtoKeys.list() }),
      ]),
  });
}
