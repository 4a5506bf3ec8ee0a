import { useMutation } from '@tanstack/react-query';
import type {
  EntradaConfirmarInput,
  EntradaNfe,
  EntradaNfeResumo,
  EntradaPrevia,
  EntradasNfeQuery,
} from '@prumo/shared/fiscal';
import { apiRequest } from '../../lib/api-client';
import { documentoResource } from '../documento';
import { ROOT_KEYS } from '../keys';

/**
 * Purchases entered from the supplier's NF-e XML (/api/entradas-nfe, admins and managers): the
 * server-paged list, one entry with its items, stock entradas and payables, the nfeProc, the
 * preview of an uploaded XML and its confirmation (the same file sent again with the decisions).
 */
export type EntradasFiltro = Partial<Omit<EntradasNfeQuery, 'limit' | 'offset'>>;

/** Rows per page of the entries' table. */
export const ENTRADAS_PAGE_SIZE = 20;

/**
 * An entry fills the stock (the catalogue's stock and the movements), may register the supplier
 * and create products, and writes payables.
 */
const afterEntrada = () => [
  ROOT_KEYS.entradasNfe,
  ROOT_KEYS.estoque,
  ROOT_KEYS.produtos,
  ROOT_KEYS.cadastros,
  ROOT_KEYS.financeiro,
  ROOT_KEYS.notificacoes,
];

const entradas = documentoResource<EntradaNfe, EntradaNfeResumo, EntradasFiltro, never>(
  ROOT_KEYS.entradasNfe,
  { pageSize: ENTRADAS_PAGE_SIZE, afterChange: afterEntrada },
);

export const entradaKeys = entradas.keys;

/** GET /api/entradas-nfe?q=&de=&ate=: a page and the total (X-Total-Count). */
export const useEntradasNfe = entradas.useLista;

/** GET /api/entradas-nfe/{id}. */
export const useEntradaNfe = entradas.useDetalhe;

/** The upload: the nfeProc in `xml`, and the decisions as JSON in `dados` when confirming. */
function corpo(arquivo: File, dados?: EntradaConfirmarInput): FormData {
  const form = new FormData();
  if (dados) form.append('dados', JSON.stringify(dados));
  form.append('xml', arquivo);
  return form;
}

/** POST /api/entradas-nfe/previa: the note checked, each item's proposal; nothing is written. */
export function usePreviaEntrada() {
  return useMutation({
    mutationFn: (arquivo: File) =>
      apiRequest<EntradaPrevia>('/entradas-nfe/previa', { method: 'POST', body: corpo(arquivo) }),
  });
}

export interface ConfirmarEntradaInput {
  arquivo: File;
  dados: EntradaConfirmarInput;
  /** The same for every try of the same confirmation: a retried entry is written once. */
  idempotencyKey: string;
}

/** POST /api/entradas-nfe: stock, costs and payables in one go; answers the entry. */
export function useConfirmarEntrada() {
  return entradas.useMutacao(({ arquivo, dados, idempotencyKey }: ConfirmarEntradaInput) =>
    apiRequest<EntradaNfe>('/entradas-nfe', {
      method: 'POST',
      body: corpo(arquivo, dados),
      idempotencyKey,
    }),
  );
}

/** GET /api/entradas-nfe/{id}/xml: the nfeProc as entered ("<chave>-procNFe.xml"). */
export function fetchXmlEntrada(entrada: Pick<EntradaNfeResumo, 'id' | 'chave'>) {
  return entradas.fetchPdf(entrada, `${entrada.chave}-procNFe.xml`, 'xml');
}
