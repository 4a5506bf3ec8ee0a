import { useQuery } from '@tanstack/react-query';
import {
  formatNumeroOs,
  type OrdemServico,
  type OrdemServicoInputValues,
  type OrdemServicoListQueryInput,
  type OrdemServicoResumo,
  type OrdemServicoStatusInput,
  type PainelOS,
} from '@prumo/shared/ordens-servico';
import { apiRequest } from '../../lib/api-client';
import { documentoResource, type SalvarDocumentoInput } from '../documento';
import { ROOT_KEYS } from '../keys';

/**
 * Service orders (/api/ordens-servico): the server-paged list with its filters, the panel's
 * counts, one order with its lines and history, create/update/delete, the situação changes and
 * the printable order.
 */
export type OrdensServicoFiltro = Omit<OrdemServicoListQueryInput, 'limit' | 'offset'>;

/** Rows per page of the list (the server pages it). */
export const OS_PAGE_SIZE = 20;

/**
 * An order changes the lists and the panel; a concluded one took its parts out of stock (the
 * products, their stock view and ledger) and made its receivables (finance, the dashboard).
 */
const afterOrdem = () => [
  ROOT_KEYS.ordensServico,
  ROOT_KEYS.produtos,
  ROOT_KEYS.estoque,
  ROOT_KEYS.financeiro,
  ROOT_KEYS.dashboard,
  ROOT_KEYS.notificacoes,
];

const ordens = documentoResource<
  OrdemServico,
  OrdemServicoResumo,
  OrdensServicoFiltro,
  OrdemServicoInputValues
>(ROOT_KEYS.ordensServico, { pageSize: OS_PAGE_SIZE, afterChange: afterOrdem });

export const ordemServicoKeys = {
  ...ordens.keys,
  painel: () => [...ROOT_KEYS.ordensServico, 'painel'] as const,
};

/** GET /api/ordens-servico?situacao=&prioridade=&prazo=&tecnico_id=&q=&de=&ate=: a page and the total. */
export const useOrdensServico = ordens.useLista;

/** GET /api/ordens-servico/painel: the open queue by deadline and priority, revenue by technician. */
export function usePainelOs() {
  return useQuery({
    queryKey: ordemServicoKeys.painel(),
    queryFn: ({ signal }) => apiRequest<PainelOS>('/ordens-servico/painel', { signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/** GET /api/ordens-servico/{id}: every field, the lines with names and subtotals, the history. */
export const ordemServicoQueryOptions = ordens.detailQueryOptions;
export const useOrdemServico = ordens.useDetalhe;

export type SalvarOrdemServicoInput = SalvarDocumentoInput<OrdemServicoInputValues>;
export const salvarOrdemServico = ordens.salvar;

/** The saved order goes into the cache at once, so its form shows it without another call. */
export function useSalvarOrdemServico() {
  return ordens.useMutacao(salvarOrdemServico);
}

export interface MudarSituacaoOsInput extends Partial<Omit<OrdemServicoStatusInput, 'situacao'>> {
  id: number;
  situacao: OrdemServicoStatusInput['situacao'];
  idempotencyKey: string;
}

/** PATCH /api/ordens-servico/{id}/status { situacao, aprovado_por?, entregue_a?, observacao? }. */
export function mudarSituacaoOs({
  id,
  idempotencyKey,
  ...corpo
}: MudarSituacaoOsInput): Promise<OrdemServico> {
  const body = Object.fromEntries(
    Object.entries(corpo).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
  return apiRequest<OrdemServico>(`/ordens-servico/${id}/status`, {
    method: 'PATCH',
    body,
    idempotencyKey,
  });
}

export function useMudarSituacaoOs() {
  return ordens.useMutacao(mudarSituacaoOs);
}

/** DELETE /api/ordens-servico/{id}: an order still em aberto only. */
export const useExcluirOrdemServico = ordens.useExcluir;

/** Path of an attached file (for downloadFile). */
export const anexoOsPath = ordens.anexoPath;

/** POST /api/ordens-servico/{id}/anexos (multipart, field "anexos"): the order with its files. */
export const enviarAnexosOs = ordens.enviarAnexos;
export const useEnviarAnexosOs = ordens.useEnviarAnexos;

/** DELETE /api/ordens-servico/{id}/anexos/{arquivoId}. */
export const useRemoverAnexoOs = ordens.useRemoverAnexo;

/** GET /api/ordens-servico/{id}/pdf: the A4 printable order and its file name. */
export function fetchOrdemServicoPdf(ordem: {
  id: number;
  numero: number;
}): Promise<{ blob: Blob; fileName: string }> {
  return ordens.fetchPdf(ordem, `os-${formatNumeroOs(ordem.numero)}.pdf`);
}
