import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Caixa,
  CaixaAbertura,
  CaixaFechamento,
  CaixaMovimentoInput,
  CaixaResumo,
} from '@prumo/shared/caixas';
import { apiBlob, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/**
 * The counter's cash drawer sessions (/api/caixas): the operator's open caixa, its sangrias and
 * suprimentos, its closing count and closing report, and (admins and managers) past caixas.
 */
export const caixaKeys = {
  all: ROOT_KEYS.caixas,
  atual: () => [...ROOT_KEYS.caixas, 'atual'] as const,
  list: () => [...ROOT_KEYS.caixas, 'list'] as const,
  detail: (id: number) => [...ROOT_KEYS.caixas, 'detail', id] as const,
};

/** GET /api/caixas/atual: the caller's open caixa with its movements and summary, or null. */
export const caixaAtualQueryOptions = () =>
  queryOptions({
    queryKey: caixaKeys.atual(),
    queryFn: ({ signal }) => apiRequest<Caixa | null>('/caixas/atual', { signal }),
    staleTime: 0,
  });

export function useCaixaAtual() {
  return useQuery(caixaAtualQueryOptions());
}

/** GET /api/caixas (admins and managers): newest first, without movements. */
export function useCaixas(enabled = true) {
  return useQuery({
    queryKey: caixaKeys.list(),
    queryFn: ({ signal }) => apiRequest<CaixaResumo[]>('/caixas', { signal }),
    staleTime: 0,
    enabled,
  });
}

/** GET /api/caixas/{id}: a caixa, open or closed, with its movements and summary. */
export function useCaixa(id: number | null) {
  return useQuery({
    queryKey: caixaKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiRequest<Caixa>(`/caixas/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Every answer is the whole caixa: it replaces the cached one, and the lists go stale. */
function useCaixaMutation<Variables>(mutationFn: (variables: Variables) => Promise<Caixa>) {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(
    async (variables: Variables) => {
      const caixa = await mutationFn(variables);
      queryClient.setQueryData(caixaKeys.detail(caixa.id), caixa);
      queryClient.setQueryData(caixaKeys.atual(), caixa.status === 'aberto' ? caixa : null);
      return caixa;
    },
    () => [caixaKeys.list(), [...ROOT_KEYS.vendas, 'stats']],
  );
}

/** POST /api/caixas { valor_inicial, observacoes }: opens the caller's caixa (one at a time). */
export function useAbrirCaixa() {
  return useCaixaMutation((dados: CaixaAbertura) =>
    apiRequest<Caixa>('/caixas', { method: 'POST', body: dados }),
  );
}

/** POST /api/caixas/{id}/movimentos { tipo, valor, motivo }: a sangria or a suprimento. */
export function useMovimentoCaixa() {
  return useCaixaMutation(
    ({
      id,
      dados,
      idempotencyKey,
    }: {
      id: number;
      dados: CaixaMovimentoInput;
      idempotencyKey: string;
    }) =>
      apiRequest<Caixa>(`/caixas/${id}/movimentos`, {
        method: 'POST',
        body: dados,
        idempotencyKey,
      }),
  );
}

/** POST /api/caixas/{id}/fechamento { contado, observacoes }: closes it with the count. */
export function useFecharCaixa() {
  return useCaixaMutation(({ id, dados }: { id: number; dados: CaixaFechamento }) =>
    apiRequest<Caixa>(`/caixas/${id}/fechamento`, { method: 'POST', body: dados }),
  );
}

/** GET /api/caixas/{id}/relatorio: the closing report as a PDF and its file name. */
export async function fetchRelatorioCaixa(id: number): Promise<{ blob: Blob; fileName: string }> {
  const blob = await apiBlob(`/caixas/${id}/relatorio`);
  return { blob, fileName: `caixa-${id}.pdf` };
}
