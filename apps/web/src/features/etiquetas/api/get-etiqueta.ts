import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Etiqueta } from '@prumo/shared/etiquetas';
import { apiRequest } from '../../../lib/api-client';
import { etiquetaKeys } from './keys';

/** GET /api/etiquetas/{id} */
export function fetchEtiqueta(id: number, signal?: AbortSignal): Promise<Etiqueta> {
  return apiRequest<Etiqueta>(`/etiquetas/${id}`, { signal });
}

export const etiquetaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: etiquetaKeys.detail(id),
    queryFn: ({ signal }) => fetchEtiqueta(id, signal),
    retry: false,
  });

export function useEtiqueta(id: number, enabled = true) {
  return useQuery({ ...etiquetaQueryOptions(id), enabled });
}
