import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CadastroDetalhe } from '@prumo/shared/cadastros';
import { apiRequest } from '../../../lib/api-client';
import { cadastroKeys } from './list-cadastros';

/** GET /api/cadastros/{id}: every field of the edit forms, contacts, photo and attachments. */
export function fetchCadastro(id: number, signal?: AbortSignal) {
  return apiRequest<CadastroDetalhe>(`/cadastros/${id}`, { signal });
}

export function cadastroQueryOptions(id: number) {
  return queryOptions({
    queryKey: cadastroKeys.detail(id),
    queryFn: ({ signal }) => fetchCadastro(id, signal),
    staleTime: 0,
    retry: false,
  });
}

export function useCadastro(id: number) {
  return useQuery({ ...cadastroQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/** Paths of the stored files (for useObjectUrl and downloadFile). */
export const fotoPath = (id: number) => `/cadastros/${id}/foto`;
export const anexoPath = (id: number, arquivoId: number) => `/cadastros/${id}/anexos/${arquivoId}`;
