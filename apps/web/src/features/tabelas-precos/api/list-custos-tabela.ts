import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustoAssociado } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { tabelaPrecoKeys } from './keys';

/** GET /api/tabelas-precos/{id}/custos: every cost, `associado` when the table uses it. */
export function fetchCustosTabela(id: number, signal?: AbortSignal): Promise<CustoAssociado[]> {
  return apiRequest<CustoAssociado[]>(`/tabelas-precos/${id}/custos`, { signal });
}

export const custosTabelaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tabelaPrecoKeys.custos(id),
    queryFn: ({ signal }) => fetchCustosTabela(id, signal),
    retry: false,
  });

export function useCustosTabela(id: number, enabled = true) {
  return useQuery({ ...custosTabelaQueryOptions(id), enabled });
}
