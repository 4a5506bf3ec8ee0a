import { useQuery } from '@tanstack/react-query';
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
import { apiPage, apiRequest } from '../../lib/api-client';
import { documentoResource, type SalvarDocumentoInput } from '../documento';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/**
 * Quotes (/api/orcamentos): the server-paged list by tab and filters, one quote with its lines,
 * installments and history, create/update/delete, the status moves, the copy, the conversion
 * into a sale and a service order, the attachments and the printable quote.
 */
export type OrcamentosFiltro = Omit<OrcamentoListQueryInput, 'limit' | 'offset'>;

/** Rows per page of the list (the server pages it). */
export const ORCAMENTOS_PAGE_SIZE = 20;

const orcamentos = documentoResource<
  Orcamento,
  OrcamentoResumo,
  OrcamentosFiltro,
  OrcamentoInputValues
>(ROOT_KEYS.orcamentos, {
  pageSize: ORCAMENTOS_PAGE_SIZE,
  afterChange: () => [ROOT_KEYS.orcamentos],
});

export const orcamentoKeys = orcamentos.keys;

/** GET /api/orcamentos?aba=&status=&q=&de=&ate=: a page and the total (X-Total-Count). */
export const useOrcamentos = orcamentos.useLista;

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
export const orcamentoQueryOptions = orcamentos.detailQueryOptions;
export const useOrcamento = orcamentos.useDetalhe;

export type SalvarOrcamentoInput = SalvarDocumentoInput<OrcamentoInputValues>;
export const salvarOrcamento = orcamentos.salvar;

/** The answered quote goes into the cache at once, so its screens show it without another call. */
export function useSalvarOrcamento() {
  return orcamentos.useMutacao(salvarOrcamento);
}

export interface MudarStatusOrcamentoInput {
  id: number;
  status: OrcamentoStatusInput['status'];
  observacao?: string;
  idempotencyKey: string;
}

/** PATCH /api/orcamentos/{id}/status { status, observacao? }: send, approve or reject. */
export function useMudarStatusOrcamento() {
  return orcamentos.useMutacao(
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
  return orcamentos.useMutacao(({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
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
export const useExcluirOrcamento = orcamentos.useExcluir;

/** Path of an attached file (for downloadFile). */
export const anexoOrcamentoPath = orcamentos.anexoPath;

/** POST /api/orcamentos/{id}/anexos (multipart, field "anexos"): the quote with its files. */
export const enviarAnexosOrcamento = orcamentos.enviarAnexos;
export const useEnviarAnexosOrcamento = orcamentos.useEnviarAnexos;

/** DELETE /api/orcamentos/{id}/anexos/{arquivoId}. */
export const useRemoverAnexoOrcamento = orcamentos.useRemoverAnexo;

/** GET /api/orcamentos/{id}/pdf: the A4 quote and its file name. */
export function fetchOrcamentoPdf(orcamento: {
  id: number;
  numero: number;
}): Promise<{ blob: Blob; fileName: string }> {
  return orcamentos.fetchPdf(orcamento, `orcamento-${formatNumeroOrcamento(orcamento.numero)}.pdf`);
}
