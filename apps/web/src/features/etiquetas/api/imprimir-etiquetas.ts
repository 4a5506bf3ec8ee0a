import { useMutation } from '@tanstack/react-query';
import type { ImprimirEtiquetasInput } from '@prumo/shared/etiquetas';
import { apiPostBlob } from '../../../lib/api-client';

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
