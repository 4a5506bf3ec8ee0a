import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { tabelaPrecoKeys } from './keys';

/** What the Valores de venda tab shows of a price table (section 3.5). */
export interface TabelaPrecoResumo {
  id: number;
  nome: string;
  descricao?: string | null;
  tipo?: string | null;
  margem_padrao?: number | string | null;
  total_produtos?: number | string | null;
  created_at?: string | null;
}

/**
 * GET /api/tabelas-precos. A failure shows the empty state and is only logged (a 404 not even
 * that), as spec 8 (Lists) says.
 */
export async function fetchTabelasPrecos(signal?: AbortSignal): Promise<TabelaPrecoResumo[]> {
  try {
    const list = await apiRequest<TabelaPrecoResumo[]>('/tabelas-precos', { signal });
    return Array.isArray(list) ? list : [];
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    if (!(error instanceof ApiError && error.status === 404)) {
      console.error('Erro ao carregar tabelas de preços', error);
    }
    return [];
  }
}

export const tabelasPrecosQueryOptions = () =>
  queryOptions({
    queryKey: tabelaPrecoKeys.list(),
    queryFn: ({ signal }) => fetchTabelasPrecos(signal),
  });

export function useTabelasPrecos() {
  return useQuery(tabelasPrecosQueryOptions());
}
