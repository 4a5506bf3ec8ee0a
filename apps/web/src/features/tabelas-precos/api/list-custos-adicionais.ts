import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustoAdicional } from '@prumo/shared/precos';
import { apiRequest } from '../../../lib/api-client';
import { custoKeys } from './keys';

/** GET /api/custos-adicionais */
export function fetchCustosAdicionais(signal?: AbortSignal): Promise<CustoAdicional[]> {
  return apiRequest<CustoAdicional[]>('/custos-adicionais', { signal });
}

export const custosAdicionaisQueryOptions = () =>
  queryOptions({
    queryKey: custoKeys.list(),
    queryFn: ({ signal }) => fetchCustosAdicionais(signal),
  });

export function useCustosAdicionais(enabled = true) {
  return useQuery({ ...custosAdicionaisQueryOptions(), enabled });
}
