import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiBlob, apiPage, apiRequest } from '../lib/api-client';
import { pageSearchParams, useInvalidatingMutation } from './resource';

/** A create (no id: POST with its Idempotency-Key) or an update (PUT /{id}) of a document. */
export interface SalvarDocumentoInput<Input> {
  /** Absent: POST /path; present: PUT /path/{id}. */
  id?: number;
  dados: Input;
  /** The same for every try of the same body: a retried create is applied once. */
  idempotencyKey: string;
}

/**
 * What the documents (sales, quotes, service orders) share in their clients: the keys under the
 * resource's root key, the server-paged list, the detail, the save, the mutations whose answered
 * document goes into the cache at once (so its screens show it without another call) and mark
 * stale what `afterChange` names, the delete, the attachments and the printable PDF. Each
 * resource keeps its own client in api/<resource>, built on this, with its own names.
 */
export function documentoResource<
  Documento extends { id: number },
  Resumo,
  Filtro extends object,
  Input,
>(
  root: readonly [string],
  { pageSize, afterChange }: { pageSize: number; afterChange: () => QueryKey[] },
) {
  const path = `/${root[0]}`;
  const keys = {
    all: root,
    list: (filtro: Filtro, page: number) => [...root, 'list', filtro, page] as const,
    detail: (id: number) => [...root, 'detail', id] as const,
  };

  /** GET /path?filtro&limit=&offset=: one page and the total (X-Total-Count). */
  const listQueryOptions = (filtro: Filtro, page: number) =>
    queryOptions({
      queryKey: keys.list(filtro, page),
      queryFn: ({ signal }) =>
        apiPage<Resumo>(`${path}?${pageSearchParams(filtro, page, pageSize)}`, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    });

  /** GET /path/{id}: every field, the lines, the history. */
  const detailQueryOptions = (id: number) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => apiRequest<Documento>(`${path}/${id}`, { signal }),
      staleTime: 0,
      retry: false,
    });

  function salvar({ id, dados, idempotencyKey }: SalvarDocumentoInput<Input>): Promise<Documento> {
    return id
      ? apiRequest<Documento>(`${path}/${id}`, { method: 'PUT', body: dados })
      : apiRequest<Documento>(path, { method: 'POST', body: dados, idempotencyKey });
  }

  /** Path of an attached file (for downloadFile). */
  const anexoPath = (id: number, arquivoId: number) => `${path}/${id}/anexos/${arquivoId}`;

  /** POST /path/{id}/anexos (multipart, field "anexos"): the document with its files. */
  function enviarAnexos({ id, arquivos }: { id: number; arquivos: File[] }) {
    const body = new FormData();
    for (const arquivo of arquivos) body.append('anexos', arquivo);
    return apiRequest<Documento>(`${path}/${id}/anexos`, { method: 'POST', body });
  }

  return {
    keys,
    listQueryOptions,
    detailQueryOptions,
    salvar,
    anexoPath,
    enviarAnexos,

    useLista(filtro: Filtro, page: number) {
      return useQuery(listQueryOptions(filtro, page));
    },

    /** Asked only for a valid id. */
    useDetalhe(id: number) {
      return useQuery({ ...detailQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
    },

    /** A change answered with the document: cached at once, then what it changes marked stale. */
    useMutacao<Variables>(mutationFn: (variables: Variables) => Promise<Documento>) {
      const queryClient = useQueryClient();
      return useInvalidatingMutation(async (variables: Variables) => {
        const documento = await mutationFn(variables);
        queryClient.setQueryData(keys.detail(documento.id), documento);
        return documento;
      }, afterChange);
    },

    /** DELETE /path/{id}: its detail leaves the cache, its lists are stale. */
    useExcluir() {
      const queryClient = useQueryClient();
      return useInvalidatingMutation(
        async (id: number) => {
          await apiRequest<void>(`${path}/${id}`, { method: 'DELETE' });
          queryClient.removeQueries({ queryKey: keys.detail(id) });
        },
        () => [root],
      );
    },

    /** The files sent; the answered document goes into the cache. */
    useEnviarAnexos() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: enviarAnexos,
        onSuccess: (documento) => queryClient.setQueryData(keys.detail(documento.id), documento),
      });
    },

    /** DELETE /path/{id}/anexos/{arquivoId}: the document is stale. */
    useRemoverAnexo() {
      return useInvalidatingMutation(
        ({ id, arquivoId }: { id: number; arquivoId: number }) =>
          apiRequest<void>(anexoPath(id, arquivoId), { method: 'DELETE' }),
        (_result, { id }) => [keys.detail(id)],
      );
    },

    /** GET /path/{id}/pdf (or `sufixo` after the id) and the file's name. */
    async fetchPdf(
      documento: { id: number },
      fileName: string,
      sufixo = 'pdf',
    ): Promise<{ blob: Blob; fileName: string }> {
      const blob = await apiBlob(`${path}/${documento.id}/${sufixo}`);
      return { blob, fileName };
    },
  };
}
