import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  formatNumeroOs,
  type OrdemServico,
  type OrdemServicoInputValues,
  type OrdemServicoListQueryInput,
  type OrdemServicoResumo,
  type OrdemServicoStatusInput,
  type PainelOS,
} from '@prumo/shared/ordens-servico';
import { apiBlob, apiPage, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { pageSearchParams, useInvalidatingMutation } from '../resource';

/**
 * Service orders (/api/ordens-servico): the server-paged list with its filters, the panel's
 * counts, one order with its lines and history, create/update/delete, the situação changes and
 * the printable order.
 */
export type OrdensServicoFiltro = Omit<OrdemServicoListQueryInput, 'limit' | 'offset'>;

/** Rows per page of the list (the server pages it). */
export const OS_PAGE_SIZE = 20;

export const ordemServicoKeys = {
  all: ROOT_KEYS.ordensServico,
  list: (filtro: OrdensServicoFiltro, page: number) =>
    [...ROOT_KEYS.ordensServico, 'list', filtro, page] as const,
  detail: (id: number) => [...ROOT_KEYS.ordensServico, 'detail', id] as const,
  painel: () => [...ROOT_KEYS.ordensServico, 'painel'] as const,
};

/** GET /api/ordens-servico?situacao=&prioridade=&prazo=&tecnico_id=&q=&de=&ate=: a page and the total. */
export function useOrdensServico(filtro: OrdensServicoFiltro, page: number) {
  return useQuery({
    queryKey: ordemServicoKeys.list(filtro, page),
    queryFn: ({ signal }) =>
      apiPage<OrdemServicoResumo>(
        `/ordens-servico?${pageSearchParams(filtro, page, OS_PAGE_SIZE)}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

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
export const ordemServicoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ordemServicoKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<OrdemServico>(`/ordens-servico/${id}`, { signal }),
    staleTime: 0,
    retry: false,
  });

export function useOrdemServico(id: number) {
  return useQuery({ ...ordemServicoQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

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

/** The saved order goes into the cache at once, so its form shows it without another call. */
function useOrdemMutation<Variables>(mutationFn: (variables: Variables) => Promise<OrdemServico>) {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(async (variables: Variables) => {
    const ordem = await mutationFn(variables);
    queryClient.setQueryData(ordemServicoKeys.detail(ordem.id), ordem);
    return ordem;
  }, afterOrdem);
}

export interface SalvarOrdemServicoInput {
  /** Absent: POST /api/ordens-servico; present: PUT /api/ordens-servico/{id}. */
  id?: number;
  dados: OrdemServicoInputValues;
  /** The same for every try of the same body: a retried create is applied once. */
  idempotencyKey: string;
}

export function salvarOrdemServico({
  id,
  dados,
  idempotencyKey,
}: SalvarOrdemServicoInput): Promise<OrdemServico> {
  return id
    ? apiRequest<OrdemServico>(`/ordens-servico/${id}`, { method: 'PUT', body: dados })
    : apiRequest<OrdemServico>('/ordens-servico', {
        method: 'POST',
        body: dados,
        idempotencyKey,
      });
}

export function useSalvarOrdemServico() {
  return useOrdemMutation(salvarOrdemServico);
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
  return useOrdemMutation(mudarSituacaoOs);
}

/** DELETE /api/ordens-servico/{id}: an order still em aberto only. */
export function useExcluirOrdemServico() {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(
    async (id: number) => {
      await apiRequest<void>(`/ordens-servico/${id}`, { method: 'DELETE' });
      queryClient.removeQueries({ queryKey: ordemServicoKeys.detail(id) });
    },
    () => [ROOT_KEYS.ordensServico],
  );
}

/** Path of an attached file (for downloadFile). */
export const anexoOsPath = (id: number, arquivoId: number) =>
  `/ordens-servico/${id}/anexos/${arquivoId}`;

/** POST /api/ordens-servico/{id}/anexos (multipart, field "anexos"): the order with its files. */
export function enviarAnexosOs({ id, arquivos }: { id: number; arquivos: File[] }) {
  const body = new FormData();
  for (const arquivo of arquivos) body.append('anexos', arquivo);
  return apiRequest<OrdemServico>(`/ordens-servico/${id}/anexos`, { method: 'POST', body });
}

export function useEnviarAnexosOs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enviarAnexosOs,
    onSuccess: (ordem) => queryClient.setQueryData(ordemServicoKeys.detail(ordem.id), ordem),
  });
}

/** DELETE /api/ordens-servico/{id}/anexos/{arquivoId}. */
export function useRemoverAnexoOs() {
  return useInvalidatingMutation(
    ({ id, arquivoId }: { id: number; arquivoId: number }) =>
      apiRequest<void>(anexoOsPath(id, arquivoId), { method: 'DELETE' }),
    (_result, { id }) => [ordemServicoKeys.detail(id)],
  );
}

/** GET /api/ordens-servico/{id}/pdf: the A4 printable order and its file name. */
export async function fetchOrdemServicoPdf(ordem: {
  id: number;
  numero: number;
}): Promise<{ blob: Blob; fileName: string }> {
  const blob = await apiBlob(`/ordens-servico/${ordem.id}/pdf`);
  return { blob, fileName: `os-${formatNumeroOs(ordem.numero)}.pdf` };
}
