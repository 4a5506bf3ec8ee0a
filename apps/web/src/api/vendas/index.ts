import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
import {
  HORARIOS_PADRAO,
  VENDAS_LIMIT_MAX,
  type Disponibilidade,
  type DisponibilidadeQuery,
  type VendaStatsServicos,
} from '@prumo/shared/vendas';
import { ApiError, apiPage, apiRequest } from '../../lib/api-client';
import { documentoResource, type SalvarDocumentoInput } from '../documento';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/**
 * Product and counter sales (/api/vendas): the lists of both tabs, the sale view, the product
 * sale form, the counter (PDV) and its stats, and the receipts.
 */
export type VendasFiltro = Omit<VendaListQueryInput, 'limit' | 'offset'>;

/** Rows per page of the sales tables (the server pages them). */
export const VENDAS_PAGE_SIZE = 20;

/**
 * A sale changes the sales lists and stats, and once finalized or cancelled the products'
 * stock, the stock ledger, the operator's caixa, its receivables and the dashboard.
 */
const afterVenda = () => [
  ROOT_KEYS.vendas,
  ROOT_KEYS.produtos,
  ROOT_KEYS.estoque,
  ROOT_KEYS.caixas,
  ROOT_KEYS.financeiro,
  ROOT_KEYS.dashboard,
  ROOT_KEYS.notificacoes,
];

const vendas = documentoResource<Venda, VendaResumo, VendasFiltro, VendaInputValues>(
  ROOT_KEYS.vendas,
  { pageSize: VENDAS_PAGE_SIZE, afterChange: afterVenda },
);

export const vendaKeys = {
  ...vendas.keys,
  statsBalcao: () => [...ROOT_KEYS.vendas, 'stats', 'balcao'] as const,
  parametros: () => [...ROOT_KEYS.vendas, 'parametros'] as const,
};

/** GET /api/vendas?tipo=&status=&q=&limit=&offset=: one page and the total (X-Total-Count). */
export const vendasQueryOptions = vendas.listQueryOptions;
export const useVendas = vendas.useLista;

/** GET /api/vendas/{id}: the sale with its lines, payments and status history. */
export const vendaQueryOptions = vendas.detailQueryOptions;

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

/** One key per attempt (a new one when the body changes, as after a manager's authorization). */
export type SalvarVendaInput = SalvarDocumentoInput<VendaInputValues>;

export function salvarVenda(input: SalvarVendaInput): Promise<Venda> {
  return comRetentativas(() => vendas.salvar(input));
}

/** The saved sale goes into the cache at once, so its view shows it without another call. */
export function useSalvarVenda() {
  return vendas.useMutacao(salvarVenda);
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
  return vendas.useMutacao(alterarStatusVenda);
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
export function fetchComprovante(
  venda: { id: number; numero: number },
  formato: FormatoComprovante,
): Promise<{ blob: Blob; fileName: string }> {
  return vendas.fetchPdf(
    venda,
    `venda-${formatNumeroVenda(venda.numero)}-${formato}.pdf`,
    `comprovante?formato=${formato}`,
  );
}

// --- Appointments (service sales, tipo servico) ----------------------------------------------

/** Most appointments the month grid and the agenda read in one call (the server's maximum). */
export const AGENDAMENTOS_LIMIT = VENDAS_LIMIT_MAX;

export const agendamentoKeys = {
  lista: (q: string) => [...ROOT_KEYS.vendas, 'agendamentos', q] as const,
  stats: () => [...ROOT_KEYS.vendas, 'stats', 'servicos'] as const,
  disponibilidade: (query: DisponibilidadeQuery) =>
    [...ROOT_KEYS.vendas, 'disponibilidade', query] as const,
};

/**
 * GET /api/vendas?tipo=servico&q=&limit=500: the latest appointments at once (the list has no
 * data_agendamento filter; the month grid and the agenda pick their days on the client).
 */
export function useAgendamentos(q = '') {
  return useQuery({
    queryKey: agendamentoKeys.lista(q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ tipo: 'servico', limit: String(AGENDAMENTOS_LIMIT) });
      if (q) params.set('q', q);
      return apiPage<VendaResumo>(`/vendas?${params}`, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/vendas/stats/servicos: the four cards of the Serviços tab. */
export function useStatsServicos() {
  return useQuery({
    queryKey: agendamentoKeys.stats(),
    queryFn: ({ signal }) => apiRequest<VendaStatsServicos>('/vendas/stats/servicos', { signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/**
 * GET /api/agendamentos/disponibilidade: the professional's free slots for the service on the
 * day. When the lookup fails, the default slots (spec 8 and 9), with `padrao` true.
 */
export function useDisponibilidade(query: DisponibilidadeQuery | null) {
  return useQuery({
    queryKey: agendamentoKeys.disponibilidade(query ?? { data: '' }),
    enabled: query !== null,
    queryFn: async ({ signal }): Promise<{ horarios: readonly string[]; padrao: boolean }> => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) {
        if (value !== undefined && value !== null) params.set(key, String(value));
      }
      try {
        const resposta = await apiRequest<Disponibilidade>(
          `/agendamentos/disponibilidade?${params}`,
          { signal },
        );
        return { horarios: resposta.horariosDisponiveis, padrao: false };
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('Erro ao carregar horários disponíveis', error);
        return { horarios: HORARIOS_PADRAO, padrao: true };
      }
    },
    staleTime: 0,
    retry: false,
  });
}
