import { useQuery } from '@tanstack/react-query';
import type {
  AFaturar,
  CancelamentoPrevia,
  Contrato,
  ContratoInput,
  ContratoPrecosInput,
  ContratoResumo,
  ContratosQuery,
  ContratoStatusInput,
  ContratoUpdateInput,
  FaturamentoAutomatico,
  FaturamentoResultado,
  Indice,
  IndiceInput,
  IndicePublicado,
} from '@prumo/shared/contratos';
import { apiRequest } from '../../lib/api-client';
import { documentoResource, type SalvarDocumentoInput } from '../documento';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/**
 * Service contracts (/api/contratos, admins and managers): the server-paged list, one contract
 * with its prices, bills and reajustes, create/update, the new prices from a date, the situação
 * changes with the cancellation fee's preview, the printable contract, the "Faturar hoje" queue
 * and its billing, the automatic billing's last run and the table of the reajuste indices.
 */
export type ContratosFiltro = Omit<ContratosQuery, 'limit' | 'offset'>;

/** Rows per page of the list (the server pages it). */
export const CONTRATOS_PAGE_SIZE = 20;

const root = ROOT_KEYS.contratos;

/**
 * A contract's change moves its lists, its queue and its page; its bills are receivables
 * (finance, the dashboard, the bell).
 */
const afterContrato = () => [
  ROOT_KEYS.contratos,
  ROOT_KEYS.financeiro,
  ROOT_KEYS.dashboard,
  ROOT_KEYS.notificacoes,
];

const contratos = documentoResource<
  Contrato,
  ContratoResumo,
  ContratosFiltro,
  ContratoInput | ContratoUpdateInput
>(root, { pageSize: CONTRATOS_PAGE_SIZE, afterChange: afterContrato });

export const contratoKeys = {
  ...contratos.keys,
  cancelamento: (id: number, data: string) => [...root, 'cancelamento', id, data] as const,
  aFaturar: () => [...root, 'a-faturar'] as const,
  automatico: () => [...root, 'faturamento-automatico'] as const,
  indices: () => [...root, 'indices'] as const,
};

/** GET /api/contratos?q=&situacao=&limit=&offset=: a page and the total (X-Total-Count). */
export const useContratos = contratos.useLista;

/** GET /api/contratos/{id}: current prices, price history, bills, reajustes, cancellation. */
export const contratoQueryOptions = contratos.detailQueryOptions;
export const useContrato = contratos.useDetalhe;

/** POST /api/contratos (ContratoInput, with its Idempotency-Key) or PUT /api/contratos/{id}. */
export type SalvarContratoInput = SalvarDocumentoInput<ContratoInput | ContratoUpdateInput>;
export const salvarContrato = contratos.salvar;

export function useSalvarContrato() {
  return contratos.useMutacao(salvarContrato);
}

export interface NovoPrecoInput {
  id: number;
  dados: ContratoPrecosInput;
  /** The same for every try of the same body: a retried change is applied once. */
  idempotencyKey: string;
}

/** POST /api/contratos/{id}/precos { vigente_de, itens }: the services and prices from a day on. */
export function useNovoPrecoContrato() {
  return contratos.useMutacao(({ id, dados, idempotencyKey }: NovoPrecoInput) =>
    apiRequest<Contrato>(`/contratos/${id}/precos`, {
      method: 'POST',
      body: dados,
      idempotencyKey,
    }),
  );
}

export interface MudarSituacaoContratoInput extends ContratoStatusInput {
  id: number;
  idempotencyKey: string;
}

/** PATCH /api/contratos/{id}/status { situacao, motivo?, data? }: suspend, resume or cancel. */
export function useMudarSituacaoContrato() {
  return contratos.useMutacao(({ id, idempotencyKey, ...body }: MudarSituacaoContratoInput) =>
    apiRequest<Contrato>(`/contratos/${id}/status`, { method: 'PATCH', body, idempotencyKey }),
  );
}

/**
 * GET /api/contratos/{id}/cancelamento?data=: the fidelidade fee a cancellation on that day
 * would charge. Asked only for a day (aaaa-mm-dd) while `enabled`.
 */
export function useCancelamentoPrevia(id: number, data: string | null, enabled = true) {
  return useQuery({
    queryKey: contratoKeys.cancelamento(id, data ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<CancelamentoPrevia>(
        `/contratos/${id}/cancelamento?${new URLSearchParams({ data: data ?? '' })}`,
        { signal },
      ),
    enabled: enabled && data !== null,
    staleTime: 0,
    retry: false,
  });
}

/** GET /api/contratos/{id}/pdf: the printable contract and its file name. */
export function fetchContratoPdf(contrato: {
  id: number;
  numero: number;
}): Promise<{ blob: Blob; fileName: string }> {
  return contratos.fetchPdf(contrato, `contrato-${contrato.numero}.pdf`);
}

/** GET /api/contratos/a-faturar: every period due up to today, the missed ones included. */
export function useAFaturar() {
  return useQuery({
    queryKey: contratoKeys.aFaturar(),
    queryFn: ({ signal }) => apiRequest<AFaturar[]>('/contratos/a-faturar', { signal }),
    staleTime: 0,
  });
}

export interface FaturarInput {
  /** Absent: everything due today. */
  contrato_ids?: number[];
  idempotencyKey: string;
}

/** POST /api/contratos/faturar { contrato_ids? }: the bills, which become receivables. */
export function useFaturarContratos() {
  return useInvalidatingMutation(
    ({ idempotencyKey, ...body }: FaturarInput) =>
      apiRequest<FaturamentoResultado>('/contratos/faturar', {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    afterContrato,
  );
}

/** GET /api/contratos/faturamento-automatico: the daily billing job's last run. */
export function useFaturamentoAutomatico() {
  return useQuery({
    queryKey: contratoKeys.automatico(),
    queryFn: ({ signal }) =>
      apiRequest<FaturamentoAutomatico>('/contratos/faturamento-automatico', { signal }),
    staleTime: 0,
  });
}

/** GET /api/contratos/indices: the monthly rates of IPCA and IGP-M the user keeps. */
export function useIndices(enabled = true) {
  return useQuery({
    queryKey: contratoKeys.indices(),
    queryFn: ({ signal }) => apiRequest<Indice[]>('/contratos/indices', { signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * PUT /api/contratos/indices { indice, mes, percentual }: one month's rate, new or corrected.
 * A pending reajuste may now apply: the contracts are stale.
 */
export function useSalvarIndice() {
  return useInvalidatingMutation(
    (dados: IndiceInput) =>
      apiRequest<Indice>('/contratos/indices', { method: 'PUT', body: dados }),
    () => [root],
  );
}

/** DELETE /api/contratos/indices/{indice}/{mes}. */
export function useExcluirIndice() {
  return useInvalidatingMutation(
    ({ indice, mes }: { indice: IndicePublicado; mes: string }) =>
      apiRequest<void>(`/contratos/indices/${indice}/${mes}`, { method: 'DELETE' }),
    () => [root],
  );
}
