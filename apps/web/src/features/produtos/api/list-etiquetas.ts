import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { etiquetaKeys } from './keys';

/** What the Etiquetas tab shows of a label template (section 3.4). */
export interface EtiquetaResumo {
  id: number;
  nome: string;
  padrao?: string | null;
  altura_etiqueta?: number | string | null;
  largura_etiqueta?: number | string | null;
  fonte_etiqueta?: string | null;
  tamanho_fonte?: number | string | null;
  colunas_pagina?: number | string | null;
  linhas_pagina?: number | string | null;
  tamanho_pagina?: string | null;
}

/**
 * GET /api/etiquetas. A failure shows the empty state and is only logged (a 404 not even
 * that), as spec 8 (Lists) says.
 */
export async function fetchEtiquetas(signal?: AbortSignal): Promise<EtiquetaResumo[]> {
  try {
    const list = await apiRequest<EtiquetaResumo[]>('/etiquetas', { signal });
    return Array.isArray(list) ? list : [];
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    if (!(error instanceof ApiError && error.status === 404)) {
      console.error('Erro ao carregar etiquetas', error);
    }
    return [];
  }
}

export const etiquetasQueryOptions = () =>
  queryOptions({ queryKey: etiquetaKeys.list(), queryFn: ({ signal }) => fetchEtiquetas(signal) });

export function useEtiquetas() {
  return useQuery(etiquetasQueryOptions());
}
