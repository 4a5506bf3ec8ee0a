import { useMutation, useQuery } from '@tanstack/react-query';
import type { Etiqueta, EtiquetaInput, ImprimirEtiquetasInput } from '@prumo/shared/etiquetas';
import { apiPostBlob } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { crudResource, useInvalidatingMutation } from '../resource';

/** Label templates (/api/etiquetas) and their printing. */
export const etiquetas = crudResource<Etiqueta, EtiquetaInput>(ROOT_KEYS.etiquetas);
export const etiquetaKeys = etiquetas.keys;

export function useEtiquetas() {
  return useQuery(etiquetas.listQueryOptions());
}

export function useEtiqueta(id: number, enabled = true) {
  return useQuery({ ...etiquetas.detailQueryOptions(id), enabled });
}

export function useSaveEtiqueta() {
  return useInvalidatingMutation(etiquetas.save, () => [etiquetaKeys.all]);
}

export function useDeleteEtiqueta() {
  return useInvalidatingMutation(etiquetas.remove, () => [etiquetaKeys.all]);
}

export interface PdfEtiquetas {
  blob: Blob;
  etiquetas: number;
  paginas: number;
}

/** POST /api/etiquetas/imprimir: the server builds the PDF; the browser only downloads it. */
export async function imprimirEtiquetas(pedido: ImprimirEtiquetasInput): Promise<PdfEtiquetas> {
  const { blob, headers } = await apiPostBlob('/etiquetas/imprimir', pedido);
  return {
    blob,
    etiquetas: Number(headers.get('x-total-etiquetas') ?? 0),
    paginas: Number(headers.get('x-total-paginas') ?? 0),
  };
}

export function useImprimirEtiquetas() {
  return useMutation({ mutationFn: imprimirEtiquetas });
}
