import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Etiqueta } from '@prumo/shared/etiquetas';
import { apiRequest } from '../../../lib/api-client';
import { etiquetaKeys } from './keys';

/** GET /api/etiquetas */
export function fetchEtiquetas(signal?: AbortSignal): Promise<Etiqueta[]> {
  return apiRequest<Etiqueta[]>('/etiquetas', { signal });
}

export const etiquetasQueryOptions = () =>
  queryOptions({ queryKey: etiquetaKeys.list(), queryFn: ({ signal }) => fetchEtiquetas(signal) });

export function useEtiquetas() {
  return useQuery(etiquetasQueryOptions());
}
