import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  CADASTROS_LIMIT_MAX,
  type CadastroDetalhe,
  type CadastroListItem,
  type TipoCadastro,
} from '@prumo/shared/cadastros';
import { apiPage, apiRequest } from '../../lib/api-client';
import { multipartBody } from '../../lib/files';
import { ROOT_KEYS } from '../keys';
import { pageSearchParams } from '../resource';

/** The registry (/api/cadastros): clientes, fornecedores, funcionários and transportadoras. */
export const cadastroKeys = {
  all: ROOT_KEYS.cadastros,
  lists: () => [...ROOT_KEYS.cadastros, 'list'] as const,
  list: (tipo: TipoCadastro) => [...cadastroKeys.lists(), tipo] as const,
  busca: (tipo: TipoCadastro, q: string, limit: number) =>
    [...cadastroKeys.lists(), tipo, 'busca', q, limit] as const,
  aba: (tipo: TipoCadastro) => [...cadastroKeys.lists(), tipo, 'aba'] as const,
  paginas: (tipo: TipoCadastro) => [...cadastroKeys.lists(), tipo, 'pagina'] as const,
  pagina: (tipo: TipoCadastro, q: string, page: number) =>
    [...cadastroKeys.paginas(tipo), q, page] as const,
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

/**
 * Up to this many records a tab holds them all and searches on the client (spec 2.6); a larger
 * registry is paged and searched by the server, so 10,000 customers are never all downloaded.
 */
export const CADASTROS_LOCAL_MAX = CADASTROS_LIMIT_MAX;

/** Rows per page of the list. */
export const CADASTROS_PAGE_SIZE = 20;

type CadastrosPage = { items: CadastroListItem[]; total: number };

/**
 * A tab of the list (GET /api/cadastros?tipo=&limit=CADASTROS_LOCAL_MAX): every record when the
 * total fits (`completa`), otherwise only the first ones and the total, and the screen pages and
 * searches on the server (useCadastrosPagina). Changing the tab reloads it (spec 2.6).
 */
export function useCadastrosAba(tipo: TipoCadastro) {
  return useQuery({
    queryKey: cadastroKeys.aba(tipo),
    queryFn: ({ signal }) =>
      apiPage<CadastroListItem>(`/cadastros?tipo=${tipo}&limit=${CADASTROS_LOCAL_MAX}`, signal),
    select: (page) => ({ ...page, completa: page.total <= page.items.length }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** GET /api/cadastros?tipo=&q=&limit=&offset=: one page of a large registry and its total. */
export function useCadastrosPagina(tipo: TipoCadastro, q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: cadastroKeys.pagina(tipo, q, page),
    queryFn: ({ signal }) =>
      apiPage<CadastroListItem>(
        `/cadastros?${pageSearchParams({ tipo, q }, page, CADASTROS_PAGE_SIZE)}`,
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
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

/**
 * DELETE /api/cadastros/{id}; the row leaves the cached lists at once (spec 7) and the server's
 * pages of the tab are read again.
 */
export function useDeleteCadastro(tipo: TipoCadastro) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/cadastros/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<CadastroListItem[]>(cadastroKeys.list(tipo), (rows) =>
        rows?.filter((row) => row.id !== id),
      );
      queryClient.setQueryData<CadastrosPage>(cadastroKeys.aba(tipo), (page) =>
        page && page.items.some((row) => row.id === id)
          ? { items: page.items.filter((row) => row.id !== id), total: page.total - 1 }
          : page,
      );
      queryClient.removeQueries({ queryKey: cadastroKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: cadastroKeys.paginas(tipo) });
    },
  });
}
