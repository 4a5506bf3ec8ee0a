import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BaixaInput,
  CategoriaFinanceira,
  Cobrancas,
  Conta,
  ContaInput,
  Dashboard,
  Dre,
  Extrato,
  FluxoCaixaQuery,
  FluxoCaixa,
  FormaFinanceira,
  ParcelaListQuery,
  ParcelaResumo,
  Titulo,
  TituloDetalhe,
  TituloInputValues,
  TituloListQuery,
  TransferenciaInput,
} from '@prumo/shared/financeiro';
import { apiBlob, apiPage, apiPageComSoma, apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { filtroSearchParams, pageSearchParams, useInvalidatingMutation } from '../resource';

/**
 * Finance (/api/financeiro/…, admins and managers) and the dashboard (/api/dashboard, anyone):
 * accounts and their statements, transfers, the chart of accounts, the payment methods' rules,
 * payables and receivables with their installments and settlements, the cash flow, the DRE and
 * the collections. Every change of money makes the whole of finance and the dashboard stale.
 */
export type TitulosFiltro = Omit<TituloListQuery, 'limit' | 'offset'>;
export type ParcelasFiltro = Omit<ParcelaListQuery, 'limit' | 'offset'>;

/** Rows per page of the title and installment lists (the server pages them). */
export const FINANCEIRO_PAGE_SIZE = 20;

const root = ROOT_KEYS.financeiro;
export const financeiroKeys = {
  all: root,
  contas: () => [...root, 'contas'] as const,
  extrato: (id: number, de: string, ate: string) => [...root, 'extrato', id, de, ate] as const,
  categorias: () => [...root, 'categorias'] as const,
  formas: () => [...root, 'formas'] as const,
  titulos: (filtro: TitulosFiltro, page: number) => [...root, 'titulos', filtro, page] as const,
  titulo: (id: number) => [...root, 'titulo', id] as const,
  parcelas: (filtro: ParcelasFiltro, page: number) => [...root, 'parcelas', filtro, page] as const,
  fluxo: (query: FluxoCaixaQuery) => [...root, 'fluxo-caixa', query] as const,
  dre: (de: string, ate: string) => [...root, 'dre', de, ate] as const,
  cobrancas: () => [...root, 'cobrancas'] as const,
};

/** What any finance write makes stale: every finance screen, the dashboard and the bell. */
const depoisDeMover = () => [ROOT_KEYS.financeiro, ROOT_KEYS.dashboard, ROOT_KEYS.notificacoes];

// ---------------------------------------------------------------- accounts

/** GET /api/financeiro/contas: every account with its computed balance. */
export function useContas() {
  return useQuery({
    queryKey: financeiroKeys.contas(),
    queryFn: ({ signal }) => apiRequest<Conta[]>('/financeiro/contas', { signal }),
    staleTime: 0,
  });
}

/** POST /api/financeiro/contas, or PUT /api/financeiro/contas/{id}. */
export function useSalvarConta() {
  return useInvalidatingMutation(
    ({ id, dados }: { id?: number; dados: ContaInput }) =>
      apiRequest<Conta>(id ? `/financeiro/contas/${id}` : '/financeiro/contas', {
        method: id ? 'PUT' : 'POST',
        body: dados,
      }),
    depoisDeMover,
  );
}

/** DELETE /api/financeiro/contas/{id}: refused (EM_USO) once it has movements. */
export function useExcluirConta() {
  return useInvalidatingMutation(
    (id: number) => apiRequest<void>(`/financeiro/contas/${id}`, { method: 'DELETE' }),
    depoisDeMover,
  );
}

/** GET /api/financeiro/contas/{id}/extrato?de=&ate=: the statement of a period. */
export function useExtrato(id: number | null, de: string, ate: string) {
  return useQuery({
    queryKey: financeiroKeys.extrato(id ?? 0, de, ate),
    queryFn: ({ signal }) =>
      apiRequest<Extrato>(`/financeiro/contas/${id}/extrato?${new URLSearchParams({ de, ate })}`, {
        signal,
      }),
    enabled: id !== null && Boolean(de && ate),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/financeiro/transferencias: money moved from one account to another. */
export function useTransferir() {
  return useInvalidatingMutation(
    ({ dados, idempotencyKey }: { dados: TransferenciaInput; idempotencyKey: string }) =>
      apiRequest<unknown>('/financeiro/transferencias', {
        method: 'POST',
        body: dados,
        idempotencyKey,
      }),
    depoisDeMover,
  );
}

/** DELETE /api/financeiro/transferencias/{id}: the transfer reversed. */
export function useEstornarTransferencia() {
  return useInvalidatingMutation(
    (id: number) => apiRequest<void>(`/financeiro/transferencias/${id}`, { method: 'DELETE' }),
    depoisDeMover,
  );
}

// ---------------------------------------------------------------- chart of accounts and methods

export function useCategoriasFinanceiras() {
  return useQuery({
    queryKey: financeiroKeys.categorias(),
    queryFn: ({ signal }) =>
      apiRequest<CategoriaFinanceira[]>('/financeiro/categorias', { signal }),
  });
}

export interface CategoriaFinanceiraDados {
  nome: string;
  tipo: CategoriaFinanceira['tipo'];
  ativo: boolean;
}

/** POST /api/financeiro/categorias, or PUT /api/financeiro/categorias/{id}. */
export function useSalvarCategoriaFinanceira() {
  return useInvalidatingMutation(
    ({ id, dados }: { id?: number; dados: CategoriaFinanceiraDados }) =>
      apiRequest<CategoriaFinanceira>(
        id ? `/financeiro/categorias/${id}` : '/financeiro/categorias',
        { method: id ? 'PUT' : 'POST', body: dados },
      ),
    depoisDeMover,
  );
}

export function useExcluirCategoriaFinanceira() {
  return useInvalidatingMutation(
    (id: number) => apiRequest<void>(`/financeiro/categorias/${id}`, { method: 'DELETE' }),
    depoisDeMover,
  );
}

/** GET /api/financeiro/formas: how each payment method of a sale becomes a receivable. */
export function useFormasFinanceiras() {
  return useQuery({
    queryKey: financeiroKeys.formas(),
    queryFn: ({ signal }) => apiRequest<FormaFinanceira[]>('/financeiro/formas', { signal }),
  });
}

export function useSalvarFormasFinanceiras() {
  return useInvalidatingMutation(
    (formas: FormaFinanceira[]) =>
      apiRequest<FormaFinanceira[]>('/financeiro/formas', { method: 'PUT', body: formas }),
    () => [financeiroKeys.formas()],
  );
}

// ---------------------------------------------------------------- titles and installments

/**
 * GET /api/financeiro/titulos?natureza=&status=&q=&categoria_id=&de=&ate=: a page, the filter's
 * total and what the whole filter still owes (`saldo`, from X-Total-Saldo).
 */
export function useTitulos(filtro: TitulosFiltro, page: number) {
  return useQuery({
    queryKey: financeiroKeys.titulos(filtro, page),
    queryFn: async ({ signal }) => {
      const { soma, ...pagina } = await apiPageComSoma<Titulo>(
        `/financeiro/titulos?${pageSearchParams(filtro, page, FINANCEIRO_PAGE_SIZE)}`,
        'x-total-saldo',
        signal,
      );
      return { ...pagina, saldo: soma };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const tituloQueryOptions = (id: number) =>
  queryOptions({
    queryKey: financeiroKeys.titulo(id),
    queryFn: ({ signal }) => apiRequest<TituloDetalhe>(`/financeiro/titulos/${id}`, { signal }),
    staleTime: 0,
    retry: false,
  });

/** GET /api/financeiro/titulos/{id}: the title with each installment's settlements. */
export function useTitulo(id: number | null) {
  return useQuery({ ...tituloQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}

export interface SalvarTituloInput {
  /** Absent: POST (recorrente_meses may make several titles); present: PUT. */
  id?: number;
  dados: TituloInputValues;
  idempotencyKey: string;
}

export function useSalvarTitulo() {
  return useInvalidatingMutation(
    ({ id, dados, idempotencyKey }: SalvarTituloInput) =>
      id
        ? apiRequest<unknown>(`/financeiro/titulos/${id}`, { method: 'PUT', body: dados })
        : apiRequest<unknown>('/financeiro/titulos', {
            method: 'POST',
            body: dados,
            idempotencyKey,
          }),
    depoisDeMover,
  );
}

/** POST /api/financeiro/titulos/{id}/cancelar: refused while a settlement stands. */
export function useCancelarTitulo() {
  return useInvalidatingMutation(
    ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      apiRequest<TituloDetalhe>(`/financeiro/titulos/${id}/cancelar`, {
        method: 'POST',
        idempotencyKey,
      }),
    depoisDeMover,
  );
}

/** GET /api/financeiro/parcelas?natureza=&status=&forma_pagamento=&q=&de=&ate=: one per row. */
export function useParcelas(filtro: ParcelasFiltro, page: number) {
  return useQuery({
    queryKey: financeiroKeys.parcelas(filtro, page),
    queryFn: ({ signal }) =>
      apiPage<ParcelaResumo>(
        `/financeiro/parcelas?${pageSearchParams(filtro, page, FINANCEIRO_PAGE_SIZE)}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/financeiro/parcelas/{id}/baixas: the title as it stands after the settlement. */
export function useRegistrarBaixa() {
  return useInvalidatingMutation(
    ({
      parcelaId,
      dados,
      idempotencyKey,
    }: {
      parcelaId: number;
      dados: BaixaInput;
      idempotencyKey: string;
    }) =>
      apiRequest<TituloDetalhe>(`/financeiro/parcelas/${parcelaId}/baixas`, {
        method: 'POST',
        body: dados,
        idempotencyKey,
      }),
    depoisDeMover,
  );
}

/** DELETE /api/financeiro/baixas/{id}: the settlement reversed (estorno). */
export function useEstornarBaixa() {
  return useInvalidatingMutation(
    (id: number) => apiRequest<TituloDetalhe>(`/financeiro/baixas/${id}`, { method: 'DELETE' }),
    depoisDeMover,
  );
}

// ---------------------------------------------------------------- reports

/** GET /api/financeiro/fluxo-caixa?de=&ate=&agrupar=&conta_id=. */
export function useFluxoCaixa(query: FluxoCaixaQuery) {
  return useQuery({
    queryKey: financeiroKeys.fluxo(query),
    queryFn: ({ signal }) =>
      apiRequest<FluxoCaixa>(`/financeiro/fluxo-caixa?${filtroSearchParams(query)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const dreParams = (de: string, ate: string, formato?: 'csv') =>
  new URLSearchParams({ de, ate, ...(formato ? { formato } : {}) });

/** GET /api/financeiro/dre?de=aaaa-mm&ate=aaaa-mm. */
export function useDre(de: string, ate: string) {
  return useQuery({
    queryKey: financeiroKeys.dre(de, ate),
    queryFn: ({ signal }) => apiRequest<Dre>(`/financeiro/dre?${dreParams(de, ate)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/financeiro/dre?…&formato=csv: the DRE as a spreadsheet file. */
export function fetchDreCsv(de: string, ate: string): Promise<Blob> {
  return apiBlob(`/financeiro/dre?${dreParams(de, ate, 'csv')}`);
}

/** GET /api/financeiro/cobrancas: overdue receivables and who owes them. */
export function useCobrancas() {
  return useQuery({
    queryKey: financeiroKeys.cobrancas(),
    queryFn: ({ signal }) => apiRequest<Cobrancas>('/financeiro/cobrancas', { signal }),
    staleTime: 0,
  });
}

// ---------------------------------------------------------------- dashboard

/** GET /api/dashboard: the figures of the home screen (finance ones only for finance roles). */
export function useDashboard() {
  return useQuery({
    queryKey: ROOT_KEYS.dashboard,
    queryFn: ({ signal }) => apiRequest<Dashboard>('/dashboard', { signal }),
    staleTime: 0,
  });
}
