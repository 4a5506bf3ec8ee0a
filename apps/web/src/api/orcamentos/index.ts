import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  formatNumeroOrcamento,
  type Orcamento,
  type OrcamentoConversao,
  type OrcamentoConverterInput,
  type OrcamentoInputValues,
  type OrcamentoListQueryInput,
  type OrcamentoResumo,
  type OrcamentoStatusInput,
} from '@prumo/shared/orcamentos';
import { apiBlob, apiPage, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { pageSearchParams, useInvalidatingMutation } from '../resource';

/**
 * Quotes (/api/orcamentos): the server-paged list by tab and filters, one quote with its lines,
 * installments and history, create/update/delete, the status moves, the copy, the conversion
 * into a sale and a service order, the attachments and the printable quote.
 */
export type OrcamentosFiltro = Omit<OrcamentoListQueryInput, 'limit' | 'offset'>;

/** Rows per page of the list (the server pages it). */
export const ORCAMENTOS_PAGE_SIZE = 20;

export const orcamentoKeys = {
  all: ROOT_KEYS.orcamentos,
  list: (filtro: OrcamentosFiltro, page: number) =>
    [...ROOT_KEYS.orcamentos, 'list', filtro, page] as const,
  detail: (id: number) => [...ROOT_KEYS.orcamentos, 'detail', id] as const,
};

/** GET /api/orcamentos?aba=&status=&q=&de=&ate=: a page and the total (X-Total-Count). */
export function useOrcamentos(filtro: OrcamentosFiltro, page: number) {
  return useQuery({
    queryKey: orcamentoKeys.list(filtro, page),
    queryFn: ({ signal }) =>
      apiPage<OrcamentoResumo>(
        `/orcamentos?${pageSearchParams(filtro, page, ORCAMENTOS_PAGE_SIZE)}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * Whether there is any quote at all (GET /api/orcamentos?limit=1, its X-Total-Count): an empty
 * tab says so differently when the shop has none yet. Asked only when `enabled`.
 */
export function useHaOrcamentos(enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT_KEYS.orcamentos, 'total'] as const,
    queryFn: async ({ signal }) =>
      (await apiPage<OrcamentoResumo>('/orcamentos?limit=1', signal)).total > 0,
    enabled,
    staleTime: 0,
  });
}

/** GET /api/orcamentos/{id}: every field, the lines with their subtotals, the history. */
export const orcamentoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orcamentoKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Orcamento>(`/orcamentos/${id}`, { signal }),
    staleTime: 0,
    retry: false,
  });

export function useOrcamento(id: number) {
  return useQuery({ ...orcamentoQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/** The answered quote goes into the cache at once, so its screens show it without another call. */
function useOrcamentoMutation<Variables>(mutationFn: (variables: Variables) => Promise<Orcamento>) {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(
    async (variables: Variables) => {
      const orcamento = await mutationFn(variables);
      queryClient.setQueryData(orcamentoKeys.detail(orcamento.id), orcamento);
      return orcamento;
    },
    () => [ROOT_KEYS.orcamentos],
  );
}

export interface SalvarOrcamentoInput {
  /** Absent: POST /api/orcamentos; present: PUT /api/orcamentos/{id}. */
  id?: number;
  dados: OrcamentoInputValues;
  /** The same for every try of the same body: a retried create is applied once. */
  idempotencyKey: string;
}

export function salvarOrcamento({
  id,
  dados,
  idempotencyKey,
}: SalvarOrcamentoInput): Promise<Orcamento> {
  return id
    ? apiRequest<Orcamento>(`/orcamentos/${id}`, { method: 'PUT', body: dados })
    : apiRequest<Orcamento>('/orcamentos', { method: 'POST', body: dados, idempotencyKey });
}

export function useSalvarOrcamento() {
  return useOrcamentoMutation(salvarOrcamento);
}

export interface MudarStatusOrcamentoInput {
  id: number;
  status: OrcamentoStatusInput['status'];
  observacao?: string;
  idempotencyKey: string;
}

/** PATCH /api/orcamentos/{id}/status { status, observacao? }: send, approve or reject. */
export function useMudarStatusOrcamento() {
  return useOrcamentoMutation(
    ({ id, status, observacao, idempotencyKey }: MudarStatusOrcamentoInput) =>
      apiRequest<Orcamento>(`/orcamentos/${id}/status`, {
        method: 'PATCH',
        body: observacao ? { status, observacao } : { status },
        idempotencyKey,
      }),
  );
}

/** POST /api/orcamentos/{id}/duplicar: a new draft copy, dated today. */
export function useDuplicarOrcamento() {
  return useOrcamentoMutation(({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
    apiRequest<Orcamento>(`/orcamentos/${id}/duplicar`, { method: 'POST', idempotencyKey }),
  );
}

export interface ConverterOrcamentoInput {
  id: number;
  dados: Partial<OrcamentoConverterInput>;
  idempotencyKey: string;
}

/**
 * POST /api/orcamentos/{id}/converter: an approved quote becomes a pending sale and/or an open
 * service order, so the sales and the orders are out of date along with the quote.
 */
export function useConverterOrcamento() {
  return useInvalidatingMutation(
    ({ id, dados, idempotencyKey }: ConverterOrcamentoInput) =>
      apiRequest<OrcamentoConversao>(`/orcamentos/${id}/converter`, {
        method: 'POST',
        body: dados,
        idempotencyKey,
      }),
    () => [ROOT_KEYS.orcamentos, ROOT_KEYS.vendas, ROOT_KEYS.ordensServico],
  );
}

/** DELETE /api/orcamentos/{id}: refused once converted. */
export function useExcluirOrcamento() {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(
    async (id: number) => {
      await apiRequest<void>(`/orcamentos/${id}`, { method: 'DELETE' });
      queryClient.removeQueries({ queryKey: orcamentoKeys.detail(id) });
    },
    () => [ROOT_KEYS.orcamentos],
  );
}

/** Path of an attached file (for downloadFile). */
export const anexoOrcamentoPath = (id: number, arquivoId: number) =>
  `/orcamentos/${id}/anexos/${arquivoId}`;

/** POST /api/orcamentos/{id}/anexos (multipart, field "anexos"): the quote with its files. */
export function enviarAnexosOrcamento({ id, arquivos }: { id: number; arquivos: File[] }) {
  const body = new FormData();
  for (const arquivo of arquivos) body.append('anexos', arquivo);
  return apiRequest<Orcamento>(`/orcamentos/${id}/anexos`, { method: 'POST', body });
}

export function useEnviarAnexosOrcamento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enviarAnexosOrcamento,
    onSuccess: (orcamento) =>
      queryClient.setQueryData(orcamentoKeys.detail(orcamento.id), orcamento),
  });
}

/** DELETE /api/orcamentos/{id}/anexos/{arquivoId}. */
export function useRemoverAnexoOrcamento() {
  return useInvalidatingMutation(
    ({ id, arquivoId }: { id: number; arquivoId: number }) =>
      apiRequest<void>(anexoOrcamentoPath(id, arquivoId), { method: 'DELETE' }),
    (_result, { id }) => [orcamentoKeys.detail(id)],
  );
}

/** GET /api/orcamentos/{id}/pdf: the A4 quote and its file name. */
export async function fetchOrcamentoPdf(orcamento: {
  id: number;
  numero: number;
}): Promise<{ blob: Blob; fileName: string }> {
  const blob = await apiBlob(`/orcamentos/${orcamento.id}/pdf`);
  return { blob, fileName: `orcamento-${formatNumeroOrcamento(orcamento.numero)}.pdf` };
}
