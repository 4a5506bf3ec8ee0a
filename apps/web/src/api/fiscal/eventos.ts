import { useQuery } from '@tanstack/react-query';
import type {
  CancelamentoResultado,
  CancelarNotaInput,
  CartaCorrecaoInput,
  EventoNfe,
  EventosDaNota,
  Inutilizacao,
  InutilizacaoInput,
  InutilizarNotaInput,
  LacunasSerie,
  ModeloFiscal,
  NotaFiscal,
  NotaFiscalResumo,
} from '@prumo/shared/fiscal';
import { apiPage, apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/files';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/**
 * A note's life after its issue (issue 29): its events and what may be done now
 * (/api/notas-fiscais/{id}/eventos), the cancellation, the correction letters with their XML
 * and PDF, the voiding of a draft's number; the voided ranges and the séries' gaps
 * (/api/fiscal/inutilizacoes, /api/fiscal/lacunas).
 */
export const eventoKeys = {
  daNota: (id: number) => [...ROOT_KEYS.notasFiscais, 'eventos', id] as const,
  inutilizacoes: (modelo: ModeloFiscal) => [...ROOT_KEYS.fiscal, 'inutilizacoes', modelo] as const,
  lacunas: (modelo: ModeloFiscal) => [...ROOT_KEYS.fiscal, 'lacunas', modelo] as const,
};

/** Voided numbers change the gaps and the list of inutilizações, and the notes' lists. */
const depoisDeInutilizar = () => [ROOT_KEYS.fiscal, ROOT_KEYS.notasFiscais];

/**
 * A cancellation may cancel the sale: its stock and money return, so every screen that shows
 * them is stale, and the bell.
 */
const depoisDeCancelar = () => [
  ROOT_KEYS.notasFiscais,
  ROOT_KEYS.fiscal,
  ROOT_KEYS.vendas,
  ROOT_KEYS.produtos,
  ROOT_KEYS.estoque,
  ROOT_KEYS.financeiro,
  ROOT_KEYS.caixas,
  ROOT_KEYS.dashboard,
  ROOT_KEYS.notificacoes,
];

/** GET /api/notas-fiscais/{id}/eventos: the deadline, the letters left and the events. */
export function useEventosDaNota(id: number) {
  return useQuery({
    queryKey: eventoKeys.daNota(id),
    queryFn: ({ signal }) => apiRequest<EventosDaNota>(`/notas-fiscais/${id}/eventos`, { signal }),
    staleTime: 0,
  });
}

interface ComChave<T> {
  id: number;
  dados: T;
  /** The same for every try of one request: a retried event is sent once. */
  idempotencyKey: string;
}

/** POST /api/notas-fiscais/{id}/cancelar (admins and managers). */
export function useCancelarNota() {
  return useInvalidatingMutation(
    ({ id, dados, idempotencyKey }: ComChave<CancelarNotaInput>) =>
      apiRequest<CancelamentoResultado>(`/notas-fiscais/${id}/cancelar`, {
        method: 'POST',
        body: dados,
        idempotencyKey,
      }),
    depoisDeCancelar,
  );
}

/** POST /api/notas-fiscais/{id}/correcoes: the next correction letter. */
export function useCorrigirNota() {
  return useInvalidatingMutation(
    ({ id, dados, idempotencyKey }: ComChave<CartaCorrecaoInput>) =>
      apiRequest<EventoNfe>(`/notas-fiscais/${id}/correcoes`, {
        method: 'POST',
        body: dados,
        idempotencyKey,
      }),
    () => [ROOT_KEYS.notasFiscais],
  );
}

/** POST /api/notas-fiscais/{id}/inutilizar: a draft or rejected note gives up its number. */
export function useInutilizarNota() {
  return useInvalidatingMutation(
    ({ id, dados, idempotencyKey }: ComChave<InutilizarNotaInput>) =>
      apiRequest<NotaFiscal>(`/notas-fiscais/${id}/inutilizar`, {
        method: 'POST',
        body: dados,
        idempotencyKey,
      }),
    depoisDeInutilizar,
  );
}

/** GET /api/fiscal/lacunas?modelo=: the gaps of each série of the modelo. */
export function useLacunas(modelo: ModeloFiscal) {
  return useQuery({
    queryKey: eventoKeys.lacunas(modelo),
    queryFn: ({ signal }) =>
      apiRequest<LacunasSerie[]>(`/fiscal/lacunas?modelo=${modelo}`, { signal }),
    staleTime: 0,
  });
}

/** GET /api/fiscal/inutilizacoes?modelo=: the latest voided ranges (one page). */
export function useInutilizacoes(modelo: ModeloFiscal) {
  return useQuery({
    queryKey: eventoKeys.inutilizacoes(modelo),
    queryFn: async ({ signal }) =>
      (await apiPage<Inutilizacao>(`/fiscal/inutilizacoes?modelo=${modelo}&limit=10`, signal))
        .items,
    staleTime: 0,
  });
}

/** POST /api/fiscal/inutilizacoes (admins and managers). */
export function useInutilizarNumeracao() {
  return useInvalidatingMutation(
    ({ dados, idempotencyKey }: Omit<ComChave<InutilizacaoInput>, 'id'>) =>
      apiRequest<Inutilizacao>('/fiscal/inutilizacoes', {
        method: 'POST',
        body: dados,
        idempotencyKey,
      }),
    depoisDeInutilizar,
  );
}

type NotaDoEvento = Pick<NotaFiscalResumo, 'id' | 'chave'>;
const SUFIXO: Record<EventoNfe['tipo_evento'], string> = {
  '110111': 'procEventoCancNFe',
  '110110': 'procCCeNFe',
};

/** GET /api/notas-fiscais/{id}/eventos/{eventoId}/xml: the event's procEventoNFe. */
export function baixarXmlEvento(nota: NotaDoEvento, evento: EventoNfe) {
  return downloadFile(
    `/notas-fiscais/${nota.id}/eventos/${evento.id}/xml`,
    `${nota.chave}-${evento.sequencia}-${SUFIXO[evento.tipo_evento]}.xml`,
  );
}

/** GET /api/notas-fiscais/{id}/correcoes/{eventoId}/pdf: the printable correction letter. */
export function baixarPdfCorrecao(nota: NotaDoEvento, evento: EventoNfe) {
  return downloadFile(
    `/notas-fiscais/${nota.id}/correcoes/${evento.id}/pdf`,
    `CCe-${evento.sequencia}-${nota.chave}.pdf`,
  );
}

/** GET /api/fiscal/inutilizacoes/{id}/xml: the ProcInutNFe. */
export function baixarXmlInutilizacao(inutilizacao: Inutilizacao) {
  const { modelo, serie, numero_inicial: inicio, numero_final: fim } = inutilizacao;
  return downloadFile(
    `/fiscal/inutilizacoes/${inutilizacao.id}/xml`,
    `inutilizacao-${modelo}-${serie}-${inicio}-${fim}-procInutNFe.xml`,
  );
}
