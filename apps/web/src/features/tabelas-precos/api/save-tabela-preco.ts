import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TabelaPreco, TabelaPrecoInput } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { precosProdutoKeys, tabelaPrecoKeys } from './keys';

/** POST /api/tabelas-precos, or PUT /api/tabelas-precos/{id} when an id is given. */
export function saveTabelaPreco({ id, dados }: { id?: number; dados: TabelaPrecoInput }) {
  return apiRequest<TabelaPreco>(id ? `/tabelas-precos/${id}` : '/tabelas-precos', {
    method: id ? 'PUT' : 'POST',
    body: dados,
  });
}

export function useSaveTabelaPreco() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTabelaPreco,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tabelaPrecoKeys.all }),
        // Linked costs change the final prices, and the costs' table counts.
        queryClient.invalidateQueries({ queryKey: ['custos-adicionais'] }),
        queryClient.invalidateQueries({ queryKey: precosProdutoKeys.all }),
      ]),
  });
}
