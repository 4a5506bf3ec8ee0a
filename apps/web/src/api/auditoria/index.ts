import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditoriaEntrada, AuditoriaListQueryInput } from '@prumo/shared/auditoria';
import { apiPage, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';

/** The audit trail (GET /api/auditoria, admins only): one client for every screen that reads it. */
export type AuditoriaFiltro = Omit<AuditoriaListQueryInput, 'limit' | 'offset'>;

export const AUDITORIA_PAGE_SIZE = 50;

export const auditoriaKeys = {
  all: ROOT_KEYS.auditoria,
  list: (filtro: AuditoriaFiltro, page: number) =>
    [...auditoriaKeys.all, 'list', filtro, page] as const,
  registro: (recurso: string, registroId: string | number) =>
    [...auditoriaKeys.all, 'registro', recurso, String(registroId)] as const,
};

/** The query string of a filter: empty values are left out. */
export function auditoriaSearchParams(filtro: AuditoriaFiltro, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtro)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  params.set('limit', String(AUDITORIA_PAGE_SIZE));
  params.set('offset', String((page - 1) * AUDITORIA_PAGE_SIZE));
  return params;
}

export const auditoriaQueryOptions = (filtro: AuditoriaFiltro, page: number) =>
  queryOptions({
    queryKey: auditoriaKeys.list(filtro, page),
    queryFn: ({ signal }) =>
      apiPage<AuditoriaEntrada>(`/auditoria?${auditoriaSearchParams(filtro, page)}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAuditoria(filtro: AuditoriaFiltro, page: number) {
  return useQuery(auditoriaQueryOptions(filtro, page));
}

/** GET /api/auditoria/{recurso}/{id}: one record's history, newest first. */
export function useHistoricoRegistro(
  recurso: string,
  registroId: string | number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: auditoriaKeys.registro(recurso, registroId),
    queryFn: ({ signal }) =>
      apiRequest<AuditoriaEntrada[]>(
        `/auditoria/${encodeURIComponent(recurso)}/${encodeURIComponent(String(registroId))}`,
        { signal },
      ),
    enabled,
    staleTime: 0,
  });
}
