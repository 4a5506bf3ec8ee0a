import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Devolucao,
  DevolucaoCreateInput,
  DevolucaoOrigem,
  DevolucaoOrigemQuery,
  DevolucaoResumo,
  DevolucoesQuery,
} from '@prumo/shared/fiscal';
import { apiPage, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { pageSearchParams, useInvalidatingMutation } from '../resource';
import { comRetentativas } from '../vendas';

/**
 * Returns (issue 29, item 4; admins and managers): what the original note still lets return
 * (/api/devolucoes/origem), the return itself with its NF-e de devolução (POST /api/devolucoes),
 * the server-paged list and one return with its items, stock movements and titles.
 */
export type DevolucoesFiltro = Partial<Omit<DevolucoesQuery, 'limit' | 'offset'>>;

/** Rows per page of the returns' panel. */
export const DEVOLUCOES_PAGE_SIZE = 10;

/** Under the fiscal root: a note transmitted again refreshes the situação the list shows. */
export const devolucaoKeys = {
  all: [...ROOT_KEYS.fiscal, 'devolucoes'] as const,
  lista: (filtro: DevolucoesFiltro, page: number) =>
    [...ROOT_KEYS.fiscal, 'devolucoes', 'lista', filtro, page] as const,
  detalhe: (id: number) => [...ROOT_KEYS.fiscal, 'devolucoes', 'detalhe', id] as const,
  origem: (origem: DevolucaoOrigemQuery) =>
    [...ROOT_KEYS.fiscal, 'devolucoes', 'origem', origem] as const,
};

/**
 * A return issues a note, moves the stock (in from a customer, out to a supplier) and writes a
 * title or a settlement: every screen that shows them is stale, and the bell.
 */
const depoisDeDevolver = () => [
  ROOT_KEYS.notasFiscais,
  ROOT_KEYS.fiscal,
  ROOT_KEYS.entradasNfe,
  ROOT_KEYS.vendas,
  ROOT_KEYS.produtos,
  ROOT_KEYS.estoque,
  ROOT_KEYS.financeiro,
  ROOT_KEYS.caixas,
  ROOT_KEYS.dashboard,
  ROOT_KEYS.notificacoes,
];

/** The query string of the origin: tipo and the note's or the entry's id. */
function origemSearchParams(origem: DevolucaoOrigemQuery): URLSearchParams {
  return origem.tipo === 'cliente'
    ? new URLSearchParams({ tipo: 'cliente', nota_id: String(origem.nota_id) })
    : new URLSearchParams({ tipo: 'fornecedor', entrada_id: String(origem.entrada_id) });
}

/**
 * GET /api/devolucoes/origem?tipo=cliente&nota_id= (or tipo=fornecedor&entrada_id=): the
 * original note's items and how much of each may still be returned; always asked afresh.
 */
export function useOrigemDevolucao(origem: DevolucaoOrigemQuery) {
  return useQuery({
    queryKey: devolucaoKeys.origem(origem),
    queryFn: ({ signal }) =>
      apiRequest<DevolucaoOrigem>(`/devolucoes/origem?${origemSearchParams(origem)}`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** GET /api/devolucoes?q=&tipo=&limit=&offset=: a page and the total (X-Total-Count). */
export function useDevolucoes(filtro: DevolucoesFiltro, page: number) {
  return useQuery({
    queryKey: devolucaoKeys.lista(filtro, page),
    queryFn: ({ signal }) =>
      apiPage<DevolucaoResumo>(
        `/devolucoes?${pageSearchParams(filtro, page, DEVOLUCOES_PAGE_SIZE)}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/devolucoes/{id}: the return, its items, stock movements and titles. */
export function useDevolucao(id: number | null) {
  return useQuery({
    queryKey: devolucaoKeys.detalhe(id ?? 0),
    queryFn: ({ signal }) => apiRequest<Devolucao>(`/devolucoes/${id}`, { signal }),
    enabled: id !== null && id > 0,
    staleTime: 0,
    retry: false,
  });
}

export interface RegistrarDevolucaoInput {
  dados: DevolucaoCreateInput;
  /** The same for every try of the same body: a retried return is registered once. */
  idempotencyKey: string;
}

/**
 * POST /api/devolucoes with its Idempotency-Key, sent again (same key) while the server was not
 * reached: the return, its stock movements, its money and its NF-e de devolução.
 */
export function registrarDevolucao({ dados, idempotencyKey }: RegistrarDevolucaoInput) {
  return comRetentativas(() =>
    apiRequest<Devolucao>('/devolucoes', { method: 'POST', body: dados, idempotencyKey }),
  );
}

export function useRegistrarDevolucao() {
  return useInvalidatingMutation(registrarDevolucao, depoisDeDevolver);
}
