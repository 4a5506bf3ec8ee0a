import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustoAdicional, CustoAdicionalInput } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { custoKeys, precosProdutoKeys, tabelaPrecoKeys } from './keys';

/** POST /api/custos-adicionais, or PUT /api/custos-adicionais/{id} when an id is given. */
export function saveCustoAdicional({ id, dados }: { id?: number; dados: CustoAdicionalInput }) {
  return apiRequest<CustoAdicional>(id ? `/custos-adicionais/${id}` : '/custos-adicionais', {
    method: id ? 'PUT' : 'POST',
    body: dados,
  });
}

export function useSaveCustoAdicional() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustoAdicional,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: custoKeys.all }),
        // A changed value changes the prices of the tables that use it.
        queryClient.invalidateQueries({ queryKey: tabelaPrecoKeys.all }),
        queryClient.invalidateQueries({ queryKey: precosProdutoKeys.all }),
      ]),
  });
}
