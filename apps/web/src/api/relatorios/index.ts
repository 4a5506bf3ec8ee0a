import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  FormatoExportacao,
  RelatorioResposta,
  RelatorioResumo,
} from '@prumo/shared/relatorios';
import { apiDownload, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';

/**
 * The reports of /relatorios (issue 32): the catalogue the user's role may open, one page of a
 * report with the whole filter's totals, and its export (CSV, XLSX or PDF) read as a stream.
 */
const root = ROOT_KEYS.relatorios;

/**
 * A report's query string as sent: its filters (de, ate, agrupar, vendedor_id…), sort, order,
 * limit and offset, already as text. The screen sends only the filters the report reads.
 */
export type RelatorioParams = Record<string, string>;

export const relatorioKeys = {
  all: root,
  catalogo: () => [...root, 'catalogo'] as const,
  pagina: (id: string, params: RelatorioParams) => [...root, 'pagina', id, params] as const,
};

/** GET /api/relatorios: the reports the role may open, in the catalogue's order. */
export function useCatalogoRelatorios() {
  return useQuery({
    queryKey: relatorioKeys.catalogo(),
    queryFn: ({ signal }) => apiRequest<RelatorioResumo[]>('/relatorios', { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /api/relatorios/{id}?…: one page of rows, the row count and the totals. The page on
 * screen stays while the next filter's answer comes (keepPreviousData).
 */
export function useRelatorio(id: string | null, params: RelatorioParams) {
  return useQuery({
    queryKey: relatorioKeys.pagina(id ?? '', params),
    queryFn: ({ signal }) =>
      apiRequest<RelatorioResposta>(`/relatorios/${id}?${new URLSearchParams(params)}`, {
        signal,
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

export interface ProgressoExportacao {
  /** Rows the file will hold (X-Total-Count), once the headers arrived. */
  linhas: number | null;
  /** Bytes received so far. */
  bytes: number;
}

/**
 * GET /api/relatorios/{id}/exportar?formato=&…: the file and its name (Content-Disposition).
 * CSV and XLSX come as a stream of any length; a PDF over its row limit is a 400 whose message
 * says so (ApiError).
 */
export async function exportarRelatorio(
  id: string,
  formato: FormatoExportacao,
  params: RelatorioParams,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (p: ProgressoExportacao) => void },
): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams({ ...params, formato });
  const { blob, fileName } = await apiDownload(`/relatorios/${id}/exportar?${query}`, {
    signal,
    onProgress: (bytes, headers) => {
      const linhas = headers.get('x-total-count');
      onProgress?.({ linhas: linhas === null ? null : Number(linhas), bytes });
    },
  });
  return { blob, fileName: fileName ?? `${id}.${formato}` };
}
