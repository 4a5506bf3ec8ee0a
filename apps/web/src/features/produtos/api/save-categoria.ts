import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Categoria, CategoriaInput } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { categoriaKeys, produtoKeys } from './keys';

/** POST /api/categorias, or PUT /api/categorias/{id} when an id is given. */
export function saveCategoria({ id, dados }: { id?: number; dados: CategoriaInput }) {
  return apiRequest<Categoria>(id ? `/categorias/${id}` : '/categorias', {
    method: id ? 'PUT' : 'POST',
    body: dados,
  });
}

export function useSaveCategoria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategoria,
    onSuccess: (_saved, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoriaKeys.list() }),
        // A renamed group changes categoria_nome in the product list.
        id ? queryClient.invalidateQueries({ queryKey: produtoKeys.all }) : undefined,
      ]),
  });
}
