import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MovimentacaoInput, MovimentacaoSaved } from '@prumo/shared/estoque';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterMovimentacao } from './keys';

/** POST /api/estoque/movimentacoes: the form plus produto_id and a numeric quantidade. */
export function createMovimentacao(input: MovimentacaoInput): Promise<MovimentacaoSaved> {
  return apiRequest<MovimentacaoSaved>('/estoque/movimentacoes', { method: 'POST', body: input });
}

/** Success reloads the stock list (spec section 7). */
export function useCreateMovimentacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMovimentacao,
    onSuccess: () => invalidateAfterMovimentacao(queryClient),
  });
}
