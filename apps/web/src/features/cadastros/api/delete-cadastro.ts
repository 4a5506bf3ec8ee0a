import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CadastroListItem, TipoCadastro } from '@prumo/shared/cadastros';
import { apiRequest } from '../../../lib/api-client';
import { cadastroKeys } from './list-cadastros';

/** DELETE /api/cadastros/{id}. */
export function deleteCadastro(id: number) {
  return apiRequest<void>(`/cadastros/${id}`, { method: 'DELETE' });
}

/** On success the row is removed from the cached list (spec 7: "removes the row locally"). */
export function useDeleteCadastro(tipo: TipoCadastro) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCadastro(id),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<CadastroListItem[]>(cadastroKeys.list(tipo), (rows) =>
        rows?.filter((row) => row.id !== id),
      );
      queryClient.removeQueries({ queryKey: cadastroKeys.detail(id) });
    },
  });
}
