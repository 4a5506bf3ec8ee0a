import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MovimentacaoInput, MovimentacaoSaved } from '@prumo/shared/estoque';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterMovimentacao } from './keys';

/** PUT /api/estoque/movimentacoes/{id}: same body as POST; the stock follows the difference. */
export function updateMovimentacao({
  id,
  input,
}: {
  id: number;
  input: MovimentacaoInput;
}): Promise<MovimentacaoSaved> {
  return apiRequest<MovimentacaoSaved>(`/estoque/movimentacoes/${id}`, {
    method: 'PUT',
    body: input,
  });
}

export function useUpdateMovimentacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMovimentacao,
    onSuccess: () => invalidateAfterMovimentacao(queryClient),
  });
}
