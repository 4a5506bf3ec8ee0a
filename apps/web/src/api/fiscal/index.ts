import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  CenarioSimulacao,
  CertificadoInfo,
  ConfiguracaoFiscal,
  ConfiguracaoFiscalInput,
  EmitirNotaInput,
  NotaFiscal,
  NotaFiscalResumo,
  NotasFiscaisQuery,
  StatusFiscal,
} from '@prumo/shared/fiscal';
import { apiPage, apiRequest, newIdempotencyKey } from '../../lib/api-client';
import { multipartBody } from '../../lib/files';
import { documentoResource } from '../documento';
import { ROOT_KEYS } from '../keys';
import { comRetentativas } from '../vendas';

/**
 * Fiscal notes (issue 28): the settings and the A1 certificate (/api/fiscal/configuracao,
 * /api/fiscal/certificado, admins), SEFAZ's status (/api/fiscal/status) and the notes themselves
 * (/api/notas-fiscais): the server-paged list, one note with its timeline, emission from a
 * finalized sale, transmission, consultation, and the XML and DANFE/DANFCE files.
 */
export type NotasFiltro = Partial<Omit<NotasFiscaisQuery, 'limit' | 'offset'>>;

/** Rows per page of the notes' tables (the server pages them). */
export const NOTAS_PAGE_SIZE = 20;

export const fiscalKeys = {
  all: ROOT_KEYS.fiscal,
  configuracao: () => [...ROOT_KEYS.fiscal, 'configuracao'] as const,
  status: () => [...ROOT_KEYS.fiscal, 'status'] as const,
};

/**
 * A note changes the notes' lists, the settings' next numbers and SEFAZ's status (the
 * contingency queue), and a rejection reaches the bell.
 */
const afterNota = () => [ROOT_KEYS.notasFiscais, ROOT_KEYS.fiscal, ROOT_KEYS.notificacoes];

const notas = documentoResource<NotaFiscal, NotaFiscalResumo, NotasFiltro, EmitirNotaInput>(
  ROOT_KEYS.notasFiscais,
  { pageSize: NOTAS_PAGE_SIZE, afterChange: afterNota },
);

export const notaKeys = {
  ...notas.keys,
  daVenda: (vendaId: number) => [...ROOT_KEYS.notasFiscais, 'venda', vendaId] as const,
};

// --- Settings and certificate (admins) ------------------------------------------------------

/** GET /api/fiscal/configuracao: every setting and the certificate's summary (never secrets). */
export const configuracaoFiscalQueryOptions = () =>
  queryOptions({
    queryKey: fiscalKeys.configuracao(),
    queryFn: ({ signal }) => apiRequest<ConfiguracaoFiscal>('/fiscal/configuracao', { signal }),
    staleTime: 0,
  });

export function useConfiguracaoFiscal() {
  return useQuery(configuracaoFiscalQueryOptions());
}

/**
 * PUT /api/fiscal/configuracao: the answer replaces the cached settings; the status follows.
 * Without `nfse_proximo_numero` the DPS série keeps its own next number in the ambiente saved.
 */
export function useSalvarConfiguracaoFiscal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      dados: Omit<ConfiguracaoFiscalInput, 'nfse_proximo_numero'> & {
        nfse_proximo_numero?: number;
      },
    ) => apiRequest<ConfiguracaoFiscal>('/fiscal/configuracao', { method: 'PUT', body: dados }),
    onSuccess: (configuracao) => {
      queryClient.setQueryData(fiscalKeys.configuracao(), configuracao);
      return queryClient.invalidateQueries({ queryKey: fiscalKeys.status() });
    },
  });
}

export interface EnviarCertificadoInput {
  arquivo: File;
  senha: string;
}

/**
 * POST /api/fiscal/certificado: multipart as every upload of the app, the password as JSON in
 * `dados` ({"senha": "…"}) and the .pfx/.p12 in `certificado`.
 */
export function enviarCertificado({ arquivo, senha }: EnviarCertificadoInput) {
  return apiRequest<CertificadoInfo>('/fiscal/certificado', {
    method: 'POST',
    body: multipartBody({ senha }, { certificado: arquivo }),
  });
}

/** The new certificate goes into the cached settings; the status (pendências) is stale. */
export function useEnviarCertificado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enviarCertificado,
    onSuccess: (certificado) => {
      queryClient.setQueryData<ConfiguracaoFiscal>(
        fiscalKeys.configuracao(),
        (configuracao) => configuracao && { ...configuracao, certificado },
      );
      return queryClient.invalidateQueries({ queryKey: fiscalKeys.status() });
    },
  });
}

/** DELETE /api/fiscal/certificado. */
export function useRemoverCertificado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/fiscal/certificado', { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.setQueryData<ConfiguracaoFiscal>(
        fiscalKeys.configuracao(),
        (configuracao) => configuracao && { ...configuracao, certificado: null },
      );
      return queryClient.invalidateQueries({ queryKey: fiscalKeys.status() });
    },
  });
}

// --- SEFAZ status (anyone) -----------------------------------------------------------------

/** GET /api/fiscal/status: whether NF-e and NFC-e are on and ready, and SEFAZ as last known. */
export const statusFiscalQueryOptions = () =>
  queryOptions({
    queryKey: fiscalKeys.status(),
    queryFn: ({ signal }) => apiRequest<StatusFiscal>('/fiscal/status', { signal }),
    staleTime: 30_000,
  });

/**
 * `acompanharFila` keeps a screen that shows the queue up to date: the status every 5 s while
 * notes wait in contingency (every minute otherwise), and the note lists refetched each time the
 * queue moves.
 */
export function useStatusFiscal({ acompanharFila = false } = {}) {
  const queryClient = useQueryClient();
  const status = useQuery({
    ...statusFiscalQueryOptions(),
    refetchInterval: acompanharFila
      ? (query) => (query.state.data?.fila_contingencia ? 5_000 : 60_000)
      : false,
  });
  const fila = status.data?.fila_contingencia;
  const anterior = useRef(fila);
  useEffect(() => {
    if (anterior.current !== undefined && fila !== anterior.current) {
      void queryClient.invalidateQueries({ queryKey: notaKeys.all });
    }
    anterior.current = fila;
  }, [fila, queryClient]);
  return status;
}

/** POST /api/fiscal/status/consultar: asks SEFAZ now; the answer is the new status. */
export function useConsultarSefaz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<StatusFiscal>('/fiscal/status/consultar', { method: 'POST' }),
    onSuccess: (status) => queryClient.setQueryData(fiscalKeys.status(), status),
  });
}

/**
 * PUT /api/fiscal/simulacao (ambiente de simulação; admins and managers): how the simulated
 * SEFAZ behaves, so the demo shows contingency ("silencio": it stops answering). The answer is
 * the new status.
 */
export function useDefinirCenarioSimulacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cenario: CenarioSimulacao) =>
      apiRequest<StatusFiscal>('/fiscal/simulacao', { method: 'PUT', body: { cenario } }),
    onSuccess: (status) => queryClient.setQueryData(fiscalKeys.status(), status),
  });
}

// --- Notes ---------------------------------------------------------------------------------

/** GET /api/notas-fiscais?modelo=&q=&situacao=&de=&ate=: a page and the total (X-Total-Count). */
export const useNotasFiscais = notas.useLista;

/** GET /api/notas-fiscais/{id}: the note, its timeline of events and its pendências. */
export const useNotaFiscal = notas.useDetalhe;

/** GET /api/notas-fiscais?venda_id=: the notes of one sale (a sale has at most one per model). */
export function useNotasDaVenda(vendaId: number, enabled = true) {
  return useQuery({
    queryKey: notaKeys.daVenda(vendaId),
    queryFn: async ({ signal }) =>
      (await apiPage<NotaFiscalResumo>(`/notas-fiscais?venda_id=${vendaId}&limit=10`, signal))
        .items,
    enabled,
    staleTime: 0,
  });
}

/**
 * POST /api/notas-fiscais with its Idempotency-Key, sent again (same key) while the server was
 * not reached. The answer may be Autorizada, Rejeitada, Em contingência or a Rascunho with its
 * pendências; a sale that already has a note of the model answers that note.
 */
export function emitirNota({
  dados,
  idempotencyKey,
}: {
  dados: EmitirNotaInput;
  idempotencyKey: string;
}): Promise<NotaFiscal> {
  return comRetentativas(() => notas.salvar({ dados, idempotencyKey }));
}

export function useEmitirNota() {
  return notas.useMutacao(emitirNota);
}

/**
 * POST /api/notas-fiscais/{id}/transmitir, a status change with its own Idempotency-Key: rebuilds
 * a Rascunho or Rejeitada from the current data (same number), or sends a contingency note.
 */
export function useTransmitirNota() {
  return notas.useMutacao((id: number) =>
    apiRequest<NotaFiscal>(`/notas-fiscais/${id}/transmitir`, {
      method: 'POST',
      idempotencyKey: newIdempotencyKey(),
    }),
  );
}

/** POST /api/notas-fiscais/{id}/consultar: asks SEFAZ what it has for the note's key. */
export function useConsultarNota() {
  return notas.useMutacao((id: number) =>
    apiRequest<NotaFiscal>(`/notas-fiscais/${id}/consultar`, { method: 'POST' }),
  );
}

type NotaArquivo = Pick<NotaFiscalResumo, 'id' | 'modelo' | 'chave' | 'situacao'>;

/**
 * GET /api/notas-fiscais/{id}/xml: the nfeProc of an authorized note ("<chave>-procNFe.xml"), or
 * the note's XML ("<chave>.xml"), named as the server names them.
 */
export function fetchXmlNota(nota: NotaArquivo) {
  const nome = nota.situacao === 'Autorizada' ? `${nota.chave}-procNFe` : nota.chave;
  return notas.fetchPdf(nota, `${nome}.xml`, 'xml');
}

/** GET /api/notas-fiscais/{id}/danfe: the DANFE (A4, NF-e) or the DANFCE (80 mm, NFC-e). */
export function fetchDanfe(nota: NotaArquivo) {
  const nome = nota.modelo === 65 ? 'DANFCE' : 'DANFE';
  return notas.fetchPdf(nota, `${nome}-${nota.chave}.pdf`, 'danfe');
}

/** A note's events, the voided numbers and the séries' gaps (issue 29). */
export * from './eventos';

/** Returns of a sale's note or of a purchase (issue 29, item 4). */
export * from './devolucoes';

/** The national NFS-e of service orders and appointments (issue 30). */
export * from './nfse';
