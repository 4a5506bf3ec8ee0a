import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelarNfseInput,
  EmitirNfseInput,
  Nfse,
  NfseResumo,
  NfsesQuery,
} from '@prumo/shared/fiscal';
import { apiPage, apiRequest } from '../../lib/api-client';
import { documentoResource } from '../documento';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';
import { comRetentativas } from '../vendas';

/**
 * The national NFS-e (issue 30, /api/nfse): the server-paged list, one note with its timeline,
 * the notes of a service order or an appointment, the emission from a concluded one (one note
 * per service code), transmission, cancellation, and the XML and DANFSe files.
 */
export type NfsesFiltro = Partial<Omit<NfsesQuery, 'limit' | 'offset'>>;

/** Rows per page of the NFS-e tab (the server pages it). */
export const NFSE_PAGE_SIZE = 20;

/** Where a note came from: a service order or an appointment (a sale of tipo servico). */
export type OrigemNfse =
  { ordem_servico_id: number } | { venda_id: number } | { contrato_fatura_id: number };

/**
 * A note changes the NFS-e lists, and the fiscal state its order's or appointment's screen shows
 * (their own queries too: the order's form, the appointments' list); a refusal reaches the bell.
 */
const afterNfse = () => [
  ROOT_KEYS.nfse,
  ROOT_KEYS.ordensServico,
  ROOT_KEYS.vendas,
  ROOT_KEYS.contratos,
  ROOT_KEYS.notificacoes,
];

const nfses = documentoResource<Nfse, NfseResumo, NfsesFiltro, EmitirNfseInput>(ROOT_KEYS.nfse, {
  pageSize: NFSE_PAGE_SIZE,
  afterChange: afterNfse,
});

export const nfseKeys = {
  ...nfses.keys,
  daOrigem: (origem: OrigemNfse) => [...ROOT_KEYS.nfse, 'origem', origem] as const,
};

/** GET /api/nfse?q=&situacao=&de=&ate=: a page and the total (X-Total-Count). */
export const useNfses = nfses.useLista;

/** GET /api/nfse/{id}: the note, its pendências, its cancellation and its timeline. */
export const useNfse = nfses.useDetalhe;

/** "ordem_servico_id=12", "venda_id=40" or "contrato_fatura_id=7". */
const origemParams = (origem: OrigemNfse) =>
  Object.entries(origem)
    .map(([campo, id]) => `${campo}=${String(id)}`)
    .join('&');

/** GET /api/nfse?ordem_servico_id= (or ?venda_id=): the notes of one order or appointment. */
export function useNfsesDaOrigem(origem: OrigemNfse, enabled = true) {
  return useQuery({
    queryKey: nfseKeys.daOrigem(origem),
    queryFn: async ({ signal }) =>
      (await apiPage<NfseResumo>(`/nfse?${origemParams(origem)}&limit=20`, signal)).items,
    enabled,
    staleTime: 0,
  });
}

/**
 * POST /api/nfse with its Idempotency-Key, sent again (same key) while the server was not
 * reached: the order's or appointment's notes, one per service code, each as it ended
 * (Autorizada, Rejeitada, or a Rascunho with its pendências); asked again, the existing ones.
 */
export function emitirNfse({
  dados,
  idempotencyKey,
}: {
  dados: EmitirNfseInput;
  idempotencyKey: string;
}): Promise<Nfse[]> {
  return comRetentativas(() =>
    apiRequest<Nfse[]>('/nfse', { method: 'POST', body: dados, idempotencyKey }),
  );
}

/** The answered notes go into the cache at once; the lists and the origin are stale. */
export function useEmitirNfse() {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(async (variables: Parameters<typeof emitirNfse>[0]) => {
    const notas = await emitirNfse(variables);
    for (const nota of notas) queryClient.setQueryData(nfseKeys.detail(nota.id), nota);
    return notas;
  }, afterNfse);
}

/**
 * POST /api/nfse/{id}/transmitir: a Rascunho or Rejeitada sent again under its number (after a
 * send without answer, the server asks for the DPS by its Id first).
 */
export function useTransmitirNfse() {
  return nfses.useMutacao((id: number) =>
    apiRequest<Nfse>(`/nfse/${id}/transmitir`, { method: 'POST' }),
  );
}

/** POST /api/nfse/{id}/cancelar {motivo, justificativa} (admins and managers): event 101101. */
export function useCancelarNfse() {
  return nfses.useMutacao(({ id, dados }: { id: number; dados: CancelarNfseInput }) =>
    apiRequest<Nfse>(`/nfse/${id}/cancelar`, { method: 'POST', body: dados }),
  );
}

type NfseArquivo = Pick<NfseResumo, 'id' | 'chave' | 'id_dps'>;

/** GET /api/nfse/{id}/xml: the NFS-e ("NFSe-<chave>.xml"), or the DPS before it has a key. */
export function fetchXmlNfse(nota: NfseArquivo) {
  const nome = nota.chave ? `NFSe-${nota.chave}` : nota.id_dps;
  return nfses.fetchPdf(nota, `${nome}.xml`, 'xml');
}

/** GET /api/nfse/{id}/danfse: the DANFSe (A4). */
export function fetchDanfse(nota: NfseArquivo) {
  return nfses.fetchPdf(nota, `DANFSe-${nota.chave ?? nota.id_dps}.pdf`, 'danfse');
}
