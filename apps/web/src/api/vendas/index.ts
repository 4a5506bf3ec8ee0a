import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatNumeroVenda,
  type ComprovanteQuery,
  type ModoBalanca,
  type Venda,
  type VendaInputValues,
  type VendaListQueryInput,
  type VendaResumo,
  type VendaStatsBalcao,
  type VendaStatusInput,
} from '@prumo/shared/vendas';
import { ApiError, apiBlob, apiPage, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/**
 * Product and counter sales (/api/vendas): the lists of both tabs, the sale view, the product
 * sale form, the counter (PDV) and its stats, and the receipts.
 */
export type VendasFiltro = Omit<VendaListQueryInput, 'limit' | 'offset'>;

/** Rows per page of the sales tables (the server pages them). */
export const VENDAS_PAGE_SIZE = 20;

export const vendaKeys = {
  all: ROOT_KEYS.vendas,
  list: (filtro: VendasFiltro, page: number) =>
    [...ROOT_KEYS.vendas, 'list', filtro, page] as const,
  detail: (id: number) => [...ROOT_KEYS.vendas, 'detail', id] as const,
  statsBalcao: () => [...ROOT_KEYS.vendas, 'stats', 'balcao'] as const,
  parametros: () => [...ROOT_KEYS.vendas, 'parametros'] as const,
};

/** The query string of a filter and page: empty values are left out. */
export function vendasSearchParams(filtro: VendasFiltro, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtro)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  params.set('limit', String(VENDAS_PAGE_SIZE));
  params.set('offset', String((page - 1) * VENDAS_PAGE_SIZE));
  return params;
}

/** GET /api/vendas?tipo=&status=&q=&limit=&offset=: one page and the total (X-Total-Count). */
export const vendasQueryOptions = (filtro: VendasFiltro, page: number) =>
  queryOptions({
    queryKey: vendaKeys.list(filtro, page),
    queryFn: ({ signal }) =>
      apiPage<VendaResumo>(`/vendas?${vendasSearchParams(filtro, page)}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useVendas(filtro: VendasFiltro, page: number) {
  return useQuery(vendasQueryOptions(filtro, page));
}

/** GET /api/vendas/{id}: the sale with its lines, payments and status history. */
export const vendaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: vendaKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Venda>(`/vendas/${id}`, { signal }),
    staleTime: 0,
    retry: false,
  });

export function useVenda(id: number | null) {
  return useQuery({ ...vendaQueryOptions(id ?? 0), enabled: id !== null });
}

/** GET /api/vendas/stats/balcao: today's counter figures (the four cards). */
export function useStatsBalcao() {
  return useQuery({
    queryKey: vendaKeys.statsBalcao(),
    queryFn: ({ signal }) => apiRequest<VendaStatsBalcao>('/vendas/stats/balcao', { signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/** GET /api/vendas/parametros: the discount limit (percent) and what a scale label holds. */
export interface ParametrosVenda {
  desconto_limite: number;
  balanca_modo: ModoBalanca;
}

export function useParametrosVenda() {
  return useQuery({
    queryKey: vendaKeys.parametros(),
    queryFn: ({ signal }) => apiRequest<ParametrosVenda>('/vendas/parametros', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** How many times a call that did not reach the server (or whose first try still runs) is retried. */
export const RETENTATIVAS = 3;

/**
 * Sends, and sends again (the same call: same body, same Idempotency-Key) while the server was
 * not reached or the first try is still running, up to RETENTATIVAS more times. A refusal is
 * thrown at once.
 */
export async function comRetentativas<T>(
  enviar: () => Promise<T>,
  espera = (tentativa: number) => new Promise((resolve) => setTimeout(resolve, 250 * tentativa)),
): Promise<T> {
  for (let tentativa = 1; ; tentativa++) {
    try {
      return await enviar();
    } catch (error) {
      const retentavel =
        error instanceof ApiError &&
        (error.isConnectionFailure || error.code === 'IDEMPOTENCIA_EM_ANDAMENTO');
      if (!retentavel || tentativa > RETENTATIVAS) throw error;
      await espera(tentativa);
    }
  }
}

export interface SalvarVendaInput {
  /** Absent: POST /api/vendas; present: PUT /api/vendas/{id} (a Pendente sale). */
  id?: number;
  dados: VendaInputValues;
  /** One per attempt (a new one when the body changes, as after a manager's authorization). */
  idempotencyKey: string;
}

export function salvarVenda({ id, dados, idempotencyKey }: SalvarVendaInput): Promise<Venda> {
  return comRetentativas(() =>
    id
      ? apiRequest<Venda>(`/vendas/${id}`, { method: 'PUT', body: dados })
      : apiRequest<Venda>('/vendas', { method: 'POST', body: dados, idempotencyKey }),
  );
}

/**
 * A sale changes the sales lists and stats, and once finalized or cancelled the products'
 * stock, the stock ledger and the operator's caixa.
 */
const afterVenda = () => [
  ROOT_KEYS.vendas,
  ROOT_KEYS.produtos,
  ROOT_KEYS.estoque,
  ROOT_KEYS.caixas,
];

/** The saved sale goes into the cache at once, so its view shows it without another call. */
function useVendaMutation<Variables>(mutationFn: (variables: Variables) => Promise<Venda>) {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(async (variables: Variables) => {
    const venda = await mutationFn(variables);
    queryClient.setQueryData(vendaKeys.detail(venda.id), venda);
    return venda;
  }, afterVenda);
}

export function useSalvarVenda() {
  return useVendaMutation(salvarVenda);
}

export interface AlterarStatusInput {
  id: number;
  status: VendaStatusInput['status'];
  motivo?: string | null;
  idempotencyKey: string;
}

/** PATCH /api/vendas/{id}/status { status, motivo }: Finalizada or Cancelada. */
export function alterarStatusVenda({
  id,
  status,
  motivo,
  idempotencyKey,
}: AlterarStatusInput): Promise<Venda> {
  return comRetentativas(() =>
    apiRequest<Venda>(`/vendas/${id}/status`, {
      method: 'PATCH',
      body: motivo ? { status, motivo } : { status },
      idempotencyKey,
    }),
  );
}

export function useAlterarStatusVenda() {
  return useVendaMutation(alterarStatusVenda);
}

/** DELETE /api/vendas/{id}: a Pendente sale only. */
export function useDeleteVenda() {
  return useInvalidatingMutation(
    (id: number) => apiRequest<void>(`/vendas/${id}`, { method: 'DELETE' }),
    () => [ROOT_KEYS.vendas],
  );
}

export type FormatoComprovante = ComprovanteQuery['formato'];

/** GET /api/vendas/{id}/comprovante?formato=80mm|a4: the receipt as a PDF and its file name. */
export async function fetchComprovante(
  venda: { id: number; numero: number },
  formato: FormatoComprovante,
): Promise<{ blob: Blob; fileName: string }> {
  const blob = await apiBlob(`/vendas/${venda.id}/comprovante?formato=${formato}`);
  return { blob, fileName: `venda-${formatNumeroVenda(venda.numero)}-${formato}.pdf` };
}
