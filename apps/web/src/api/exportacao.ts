import { apiDownload } from '../lib/api-client';
import { filtroSearchParams } from './resource';

export type FormatoLista = 'csv' | 'xlsx';

/**
 * GET /api<path>/exportar?formato=&<the list's filters>: every row of a list's filter (no page,
 * no limit) as a file, and its name from Content-Disposition (null when the server names none).
 */
export async function exportarLista(
  path: string,
  filtro: object,
  formato: FormatoLista,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string | null }> {
  const params = filtroSearchParams(filtro);
  params.delete('limit');
  params.delete('offset');
  params.set('formato', formato);
  const { blob, fileName } = await apiDownload(`${path}/exportar?${params}`, { signal });
  return { blob, fileName };
}
