import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatNumeroLocacao,
  type Calendario,
  type ItemLocavel,
  type ItemLocavelInput,
  type ItemLocavelUpdateInput,
  type ItensLocaveisFiltro,
  type Locacao,
  type LocacaoInput,
  type LocacaoResumo,
  type LocacoesContagem,
  type LocacoesFiltro,
  type LocacaoStatusInput,
} from '@prumo/shared/contratos';
import { apiPage, apiRequest } from '../../lib/api-client';
import { documentoResource, type SalvarDocumentoInput } from '../documento';
import { ROOT_KEYS } from '../keys';
import { filtroSearchParams, pageSearchParams, useInvalidatingMutation } from '../resource';

/**
 * Equipment rentals (/api/locacoes, admins and managers): the server-paged list with its
 * Atrasadas count, one rental with its units and bills, create/update, check-out, check-in and
 * cancel, the printable contract, the month's calendar and the rentable items.
 */
export type LocacoesListaFiltro = Omit<LocacoesFiltro, 'limit' | 'offset'>;
export type ItensLocaveisListaFiltro = Omit<ItensLocaveisFiltro, 'limit' | 'offset'>;

/** Rows per page of the lists (the server pages them). */
export const LOCACOES_PAGE_SIZE = 20;

const root = ROOT_KEYS.locacoes;

/** A rental's move changes the stock (its units) and Financeiro (its bills). */
const afterLocacao = () => [
  ROOT_KEYS.locacoes,
  ROOT_KEYS.estoque,
  ROOT_KEYS.produtos,
  ROOT_KEYS.financeiro,
  ROOT_KEYS.dashboard,
];

const locacoes = documentoResource<Locacao, LocacaoResumo, LocacoesListaFiltro, LocacaoInput>(
  root,
  { pageSize: LOCACOES_PAGE_SIZE, afterChange: afterLocacao },
);

export const locacaoKeys = {
  ...locacoes.keys,
  contagem: () => [...root, 'resumo'] as const,
  calendario: (mes: string) => [...root, 'calendario', mes] as const,
  itens: (filtro: ItensLocaveisListaFiltro, page: number) =>
    [...root, 'itens', filtro, page] as const,
};

/** GET /api/locacoes?q=&situacao=&atrasadas=&limit=&offset=. */
export const useLocacoes = locacoes.useLista;
/** GET /api/locacoes/{id}. */
export const useLocacao = locacoes.useDetalhe;

/** POST /api/locacoes (with its Idempotency-Key) or PUT /api/locacoes/{id}. */
export type SalvarLocacaoInput = SalvarDocumentoInput<LocacaoInput>;
export function useSalvarLocacao() {
  return locacoes.useMutacao(locacoes.salvar);
}

export interface MudarSituacaoLocacaoInput extends LocacaoStatusInput {
  id: number;
  idempotencyKey: string;
}

/** PATCH /api/locacoes/{id}/status: Retirada, Devolvida (with `danos`) or Cancelada. */
export function useMudarSituacaoLocacao() {
  return locacoes.useMutacao(({ id, idempotencyKey, ...body }: MudarSituacaoLocacaoInput) =>
    apiRequest<Locacao>(`/locacoes/${id}/status`, { method: 'PATCH', body, idempotencyKey }),
  );
}

/** GET /api/locacoes/{id}/pdf: the rental contract. */
export function fetchLocacaoPdf(locacao: { id: number; numero: number }) {
  return locacoes.fetchPdf(locacao, `locacao-${formatNumeroLocacao(locacao.numero)}.pdf`);
}

/** GET /api/locacoes/resumo: how many are booked, out and late. */
export function useContagemLocacoes() {
  return useQuery({
    queryKey: locacaoKeys.contagem(),
    queryFn: ({ signal }) => apiRequest<LocacoesContagem>('/locacoes/resumo', { signal }),
    staleTime: 0,
  });
}

/** GET /api/locacoes/calendario?mes=aaaa-mm. */
export function useCalendarioLocacoes(mes: string) {
  return useQuery({
    queryKey: locacaoKeys.calendario(mes),
    queryFn: ({ signal }) =>
      apiRequest<Calendario>(`/locacoes/calendario?${filtroSearchParams({ mes })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/locacoes/itens: a page of rentable items (with a period: the units free in it). */
export function useItensLocaveis(filtro: ItensLocaveisListaFiltro, page: number, pageSize = 20) {
  return useQuery({
    queryKey: locacaoKeys.itens(filtro, page),
    queryFn: ({ signal }) =>
      apiPage<ItemLocavel>(`/locacoes/itens?${pageSearchParams(filtro, page, pageSize)}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export interface SalvarItemLocavelInput {
  id?: number;
  dados: ItemLocavelInput | ItemLocavelUpdateInput;
}

/** POST /api/locacoes/itens or PUT /api/locacoes/itens/{id}. */
export function useSalvarItemLocavel() {
  return useInvalidatingMutation(
    ({ id, dados }: SalvarItemLocavelInput) =>
      id
        ? apiRequest<ItemLocavel>(`/locacoes/itens/${id}`, { method: 'PUT', body: dados })
        : apiRequest<ItemLocavel>('/locacoes/itens', { method: 'POST', body: dados }),
    () => [root],
  );
}
