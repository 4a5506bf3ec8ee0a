import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CadastroDetalhe, CadastroListItem, TipoCadastro } from '@prumo/shared/cadastros';
import { apiPage, apiRequest } from '../../lib/api-client';
import { multipartBody } from '../../lib/files';
import { ROOT_KEYS } from '../keys';

/** The registry (/api/cadastros): clientes, fornecedores, funcionários and transportadoras. */
export const cadastroKeys = {
  all: ROOT_KEYS.cadastros,
  lists: () => [...ROOT_KEYS.cadastros, 'list'] as const,
  list: (tipo: TipoCadastro) => [...cadastroKeys.lists(), tipo] as const,
  busca: (tipo: TipoCadastro, q: string, limit: number) =>
    [...cadastroKeys.lists(), tipo, 'busca', q, limit] as const,
  detail: (id: number) => [...ROOT_KEYS.cadastros, 'detail', id] as const,
};

/** GET /api/cadastros?tipo=… (spec section 7): id, nome, email, telefone, tipo. */
export function cadastrosQueryOptions(tipo: TipoCadastro) {
  return queryOptions({
    queryKey: cadastroKeys.list(tipo),
    queryFn: ({ signal }) => apiRequest<CadastroListItem[]>(`/cadastros?tipo=${tipo}`, { signal }),
    // Changing the tab reloads the list (spec 2.6); the cached rows show meanwhile.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useCadastros(tipo: TipoCadastro) {
  return useQuery(cadastrosQueryOptions(tipo));
}

/**
 * GET /api/cadastros?tipo=&q=&limit=: the first `limit` records whose name or e-mail holds the
 * text (a picker over 10,000 customers asks the server, never loads them all).
 */
export function useBuscaCadastros(tipo: TipoCadastro, q: string, limit: number) {
  return useQuery({
    queryKey: cadastroKeys.busca(tipo, q, limit),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ tipo, limit: String(limit) });
      if (q) params.set('q', q);
      return apiPage<CadastroListItem>(`/cadastros?${params}`, signal);
    },
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/cadastros/{id}: every field of the edit forms, contacts, photo and attachments. */
export function cadastroQueryOptions(id: number) {
  return queryOptions({
    queryKey: cadastroKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<CadastroDetalhe>(`/cadastros/${id}`, { signal }),
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

export interface CadastroArquivosNovos {
  foto?: File | null;
  anexos?: File[];
}

export interface SaveCadastroInput {
  /** Absent: POST /api/cadastros; present: PUT /api/cadastros/{id}. */
  id?: number;
  dados: Record<string, unknown>;
  arquivos: CadastroArquivosNovos;
}

/**
 * Every field of the form, as JSON when there are no files; otherwise multipart with the JSON in
 * "dados" and the photo and attachments (uploaded on save). An update also names the files to
 * remove in `dados`.
 */
export function saveCadastro({ id, dados, arquivos }: SaveCadastroInput) {
  const hasFiles = Boolean(arquivos.foto) || (arquivos.anexos?.length ?? 0) > 0;
  return apiRequest<CadastroDetalhe>(id ? `/cadastros/${id}` : '/cadastros', {
    method: id ? 'PUT' : 'POST',
    body: hasFiles ? multipartBody(dados, { foto: arquivos.foto, anexos: arquivos.anexos }) : dados,
  });
}

export function useSaveCadastro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCadastro,
    onSuccess: (saved) => {
      queryClient.setQueryData(cadastroKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: cadastroKeys.lists() });
    },
  });
}

/** DELETE /api/cadastros/{id}; the row leaves the cached list at once (spec 7). */
export function useDeleteCadastro(tipo: TipoCadastro) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/cadastros/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<CadastroListItem[]>(cadastroKeys.list(tipo), (rows) =>
        rows?.filter((row) => row.id !== id),
      );
      queryClient.removeQueries({ queryKey: cadastroKeys.detail(id) });
    },
  });
}
