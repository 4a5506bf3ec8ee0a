import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Assinatura,
  AssinaturaInput,
  AssinaturaResumo,
  AssinaturasQuery,
  CancelamentoAssinaturaInput,
  ConfiguracaoCobranca,
  MetricasAssinaturas,
  MudancaPlanoPrevia,
  Plano,
  PlanoInput,
  RenovacaoResultado,
} from '@prumo/shared/contratos';
import { apiPage, apiRequest } from '../../lib/api-client';
import { documentoResource } from '../documento';
import { ROOT_KEYS } from '../keys';
import { pageSearchParams, useInvalidatingMutation } from '../resource';

/**
 * Subscriptions (/api/assinaturas, admins and managers): the server-paged list, one subscription
 * with its bills and plan changes, subscribing, the change of plan with its proration preview,
 * the cancellation, the plans, the dunning rules, "Renovar agora" and the metrics.
 */
export type AssinaturasFiltro = Partial<Omit<AssinaturasQuery, 'limit' | 'offset'>>;

/** Rows per page of the lists (the server pages them). */
export const ASSINATURAS_PAGE_SIZE = 20;

const root = ROOT_KEYS.assinaturas;

/** A subscription's change moves its lists and metrics; its bills are receivables. */
const afterAssinatura = () => [
  ROOT_KEYS.assinaturas,
  ROOT_KEYS.financeiro,
  ROOT_KEYS.dashboard,
  ROOT_KEYS.notificacoes,
];

const assinaturas = documentoResource<
  Assinatura,
  AssinaturaResumo,
  AssinaturasFiltro,
  AssinaturaInput
>(root, { pageSize: ASSINATURAS_PAGE_SIZE, afterChange: afterAssinatura });

export const assinaturaKeys = {
  ...assinaturas.keys,
  planos: (q: string, page: number) => [...root, 'planos', q, page] as const,
  planosAtivos: () => [...root, 'planos', 'ativos'] as const,
  previa: (id: number, planoId: number) => [...root, 'mudanca', id, planoId] as const,
  metricas: () => [...root, 'metricas'] as const,
  configuracao: () => [...root, 'configuracao'] as const,
};

/** GET /api/assinaturas?q=&situacao=&plano_id=&limit=&offset=: a page and the total. */
export const useAssinaturas = assinaturas.useLista;

/** GET /api/assinaturas/{id}: with its bills and plan changes. */
export const useAssinatura = assinaturas.useDetalhe;

/** POST /api/assinaturas (with its Idempotency-Key). */
export function useAssinar() {
  return assinaturas.useMutacao(assinaturas.salvar);
}

/**
 * GET /api/assinaturas/{id}/mudanca-de-plano?plano_id=: the proration of a change today. Asked
 * only once a plan is chosen.
 */
export function useMudancaPrevia(id: number, planoId: number | null) {
  return useQuery({
    queryKey: assinaturaKeys.previa(id, planoId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<MudancaPlanoPrevia>(
        `/assinaturas/${id}/mudanca-de-plano?${new URLSearchParams({ plano_id: String(planoId) })}`,
        { signal },
      ),
    enabled: planoId !== null,
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/assinaturas/{id}/mudanca-de-plano { plano_id }. */
export function useMudarPlano() {
  return assinaturas.useMutacao(
    ({ id, plano_id, idempotencyKey }: { id: number; plano_id: number; idempotencyKey: string }) =>
      apiRequest<Assinatura>(`/assinaturas/${id}/mudanca-de-plano`, {
        method: 'POST',
        body: { plano_id },
        idempotencyKey,
      }),
  );
}

/** POST /api/assinaturas/{id}/cancelamento { quando, motivo }. */
export function useCancelarAssinatura() {
  return assinaturas.useMutacao(
    ({
      id,
      idempotencyKey,
      ...body
    }: CancelamentoAssinaturaInput & { id: number; idempotencyKey: string }) =>
      apiRequest<Assinatura>(`/assinaturas/${id}/cancelamento`, {
        method: 'POST',
        body,
        idempotencyKey,
      }),
  );
}

/** POST /api/assinaturas/renovar: the dunning and every period due, billed once. */
export function useRenovarAssinaturas() {
  return useInvalidatingMutation(
    ({ idempotencyKey }: { idempotencyKey: string }) =>
      apiRequest<RenovacaoResultado>('/assinaturas/renovar', { method: 'POST', idempotencyKey }),
    afterAssinatura,
  );
}

/** GET /api/assinaturas/metricas: MRR, ARR, subscribers and churn month by month. */
export function useMetricasAssinaturas() {
  return useQuery({
    queryKey: assinaturaKeys.metricas(),
    queryFn: ({ signal }) => apiRequest<MetricasAssinaturas>('/assinaturas/metricas', { signal }),
    staleTime: 0,
  });
}

/** GET /api/assinaturas/planos?q=: a page of the plans (all of them, active first), while `enabled`. */
export function usePlanos(q: string, page: number, enabled = true) {
  return useQuery({
    queryKey: assinaturaKeys.planos(q, page),
    queryFn: ({ signal }) =>
      apiPage<Plano>(
        `/assinaturas/planos?${pageSearchParams({ q: q || undefined }, page, ASSINATURAS_PAGE_SIZE)}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

/** The active plans a subscription may take (the first 200, by name). */
export function usePlanosAtivos() {
  return useQuery({
    queryKey: assinaturaKeys.planosAtivos(),
    queryFn: ({ signal }) =>
      apiRequest<Plano[]>('/assinaturas/planos?ativo=true&limit=200', { signal }),
    staleTime: 0,
  });
}

/** POST /api/assinaturas/planos or PUT …/planos/{id}. */
export function useSalvarPlano() {
  return useInvalidatingMutation(
    ({ id, dados }: { id?: number; dados: PlanoInput }) =>
      id
        ? apiRequest<Plano>(`/assinaturas/planos/${id}`, { method: 'PUT', body: dados })
        : apiRequest<Plano>('/assinaturas/planos', { method: 'POST', body: dados }),
    () => [root],
  );
}

/** GET /api/assinaturas/configuracao: the dunning rules. */
export function useConfiguracaoCobranca(enabled = true) {
  return useQuery({
    queryKey: assinaturaKeys.configuracao(),
    queryFn: ({ signal }) =>
      apiRequest<ConfiguracaoCobranca>('/assinaturas/configuracao', { signal }),
    enabled,
    staleTime: 0,
  });
}

/** PUT /api/assinaturas/configuracao. */
export function useSalvarConfiguracaoCobranca() {
  return useInvalidatingMutation(
    (dados: ConfiguracaoCobranca) =>
      apiRequest<ConfiguracaoCobranca>('/assinaturas/configuracao', { method: 'PUT', body: dados }),
    () => [assinaturaKeys.configuracao()],
  );
}
