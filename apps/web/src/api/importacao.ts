import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Importacao,
  ImportacaoArquivo,
  ImportacaoOpcoes,
  ImportacaoSimulacao,
  MapeamentoSalvo,
  TipoImportacao,
} from '@prumo/shared/importacao';
import { apiDownload, apiRequest } from '../lib/api-client';
import { saveBlob } from '../lib/files';
import { filtroSearchParams } from './resource';

/**
 * Data import (/api/importacoes): the file sent, its columns mapped, a dry run, the job and its
 * progress, the refused rows, the history and the saved mappings. An import creates and updates
 * customers, products, services or stock, so a finished one makes those lists stale.
 */
const ROOT = ['importacoes'] as const;

export const importacaoKeys = {
  all: ROOT,
  historico: (tipo?: TipoImportacao) => [...ROOT, 'historico', tipo ?? null] as const,
  detalhe: (id: number) => [...ROOT, 'detalhe', id] as const,
  mapeamentos: (tipo: TipoImportacao) => [...ROOT, 'mapeamentos', tipo] as const,
  simulacao: (id: number, opcoes: ImportacaoOpcoes, pagina: number, soErros: boolean) =>
    [...ROOT, 'simulacao', id, opcoes, pagina, soErros] as const,
};

/** What a finished import may have changed, by kind. */
const ALTERADOS: Record<TipoImportacao, readonly string[]> = {
  clientes: ['cadastros'],
  fornecedores: ['cadastros'],
  funcionarios: ['cadastros'],
  transportadoras: ['cadastros'],
  produtos: ['produtos', 'estoque'],
  servicos: ['servicos'],
  estoque: ['produtos', 'estoque'],
};

/** The statuses after which a job no longer changes. */
export const STATUS_FINAIS: readonly Importacao['status'][] = ['Concluída', 'Cancelada', 'Falhou'];

export const importacaoTerminou = (importacao: Importacao) =>
  STATUS_FINAIS.includes(importacao.status);

/** GET /api/importacoes?tipo=: the history, newest first. */
export function useImportacoes(tipo?: TipoImportacao) {
  return useQuery({
    queryKey: importacaoKeys.historico(tipo),
    queryFn: ({ signal }) =>
      apiRequest<Importacao[]>(`/importacoes?${filtroSearchParams({ tipo })}`, { signal }),
  });
}

/** How often a running job is asked how far it got. */
export const POLL_MS = 1000;

/** GET /api/importacoes/{id}: the job, polled while it runs. */
export function importacaoQueryOptions(id: number) {
  return queryOptions({
    queryKey: importacaoKeys.detalhe(id),
    queryFn: ({ signal }) => apiRequest<Importacao>(`/importacoes/${id}`, { signal }),
    refetchInterval: (query) =>
      query.state.data && importacaoTerminou(query.state.data) ? false : POLL_MS,
  });
}

export function useImportacao(id: number | null) {
  return useQuery({ ...importacaoQueryOptions(id ?? 0), enabled: id !== null });
}

/** POST /api/importacoes (multipart tipo + arquivo): the file read, its sheets and columns. */
export function useEnviarArquivo() {
  return useMutation({
    mutationFn: ({ tipo, arquivo }: { tipo: TipoImportacao; arquivo: File }) => {
      const form = new FormData();
      form.append('tipo', tipo);
      form.append('arquivo', arquivo);
      return apiRequest<ImportacaoArquivo>('/importacoes', { method: 'POST', body: form });
    },
  });
}

/** POST /api/importacoes/{id}/folha: another sheet of the workbook. */
export function useEscolherFolha() {
  return useMutation({
    mutationFn: ({ id, folha }: { id: number; folha: string }) =>
      apiRequest<ImportacaoArquivo>(`/importacoes/${id}/folha`, {
        method: 'POST',
        body: { folha },
      }),
  });
}

/** POST /api/importacoes/{id}/simular?pagina=&so_erros=: the dry run, one page of rows. */
export function simularImportacao(
  id: number,
  opcoes: ImportacaoOpcoes,
  { pagina, soErros }: { pagina: number; soErros: boolean },
  signal?: AbortSignal,
): Promise<ImportacaoSimulacao> {
  const params = filtroSearchParams({ pagina, so_erros: soErros || undefined });
  return apiRequest<ImportacaoSimulacao>(`/importacoes/${id}/simular?${params}`, {
    method: 'POST',
    body: opcoes,
    signal,
  });
}

/**
 * The dry run as a query: it runs again when the options, the page or the filter change, and the
 * rows on screen stay until the new answer arrives. It writes nothing but the options.
 */
export function useSimulacao(
  id: number,
  opcoes: ImportacaoOpcoes,
  { pagina, soErros }: { pagina: number; soErros: boolean },
  enabled = true,
) {
  return useQuery({
    queryKey: importacaoKeys.simulacao(id, opcoes, pagina, soErros),
    queryFn: ({ signal }) => simularImportacao(id, opcoes, { pagina, soErros }, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    enabled,
  });
}

/**
 * POST /api/importacoes/{id}/executar: starts the job (202). The key stays the same while the
 * same options are retried, so an answer lost on the way does not start the import twice.
 */
export function useExecutarImportacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      opcoes,
      idempotencyKey,
    }: {
      id: number;
      opcoes: ImportacaoOpcoes;
      idempotencyKey: string;
    }) =>
      apiRequest<Importacao>(`/importacoes/${id}/executar`, {
        method: 'POST',
        body: opcoes,
        idempotencyKey,
      }),
    onSuccess: (importacao) => {
      queryClient.setQueryData(importacaoKeys.detalhe(importacao.id), importacao);
      return queryClient.invalidateQueries({ queryKey: [...ROOT, 'historico'] });
    },
  });
}

/** POST /api/importacoes/{id}/cancelar. */
export function useCancelarImportacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<Importacao>(`/importacoes/${id}/cancelar`, { method: 'POST' }),
    onSuccess: (importacao) => {
      queryClient.setQueryData(importacaoKeys.detalhe(importacao.id), importacao);
      return queryClient.invalidateQueries({ queryKey: [...ROOT, 'historico'] });
    },
  });
}

/** Once a job ends: the history and the lists it wrote to are out of date. */
export function useAoTerminarImportacao() {
  const queryClient = useQueryClient();
  return (importacao: Importacao) =>
    Promise.all(
      [[...ROOT, 'historico'], ...ALTERADOS[importacao.tipo].map((raiz) => [raiz])].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** GET /api/importacoes/mapeamentos?tipo=: the mappings saved for a kind. */
export function useMapeamentos(tipo: TipoImportacao | null) {
  return useQuery({
    queryKey: importacaoKeys.mapeamentos(tipo ?? 'clientes'),
    queryFn: ({ signal }) =>
      apiRequest<MapeamentoSalvo[]>(`/importacoes/mapeamentos?tipo=${tipo}`, { signal }),
    enabled: tipo !== null,
  });
}

/** POST /api/importacoes/mapeamentos: saves the columns chosen under a name. */
export function useSalvarMapeamento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dados: Omit<MapeamentoSalvo, 'id'>) =>
      apiRequest<MapeamentoSalvo>('/importacoes/mapeamentos', { method: 'POST', body: dados }),
    onSuccess: (salvo) =>
      queryClient.invalidateQueries({ queryKey: importacaoKeys.mapeamentos(salvo.tipo) }),
  });
}

/** DELETE /api/importacoes/mapeamentos/{id}. */
export function useExcluirMapeamento(tipo: TipoImportacao) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<void>(`/importacoes/mapeamentos/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importacaoKeys.mapeamentos(tipo) }),
  });
}

/** GET /api/importacoes/modelo/{tipo}?formato=: the sample sheet of a kind, saved. */
export async function baixarModelo(tipo: TipoImportacao, formato: 'xlsx' | 'csv'): Promise<void> {
  const { blob, fileName } = await apiDownload(`/importacoes/modelo/${tipo}?formato=${formato}`);
  saveBlob(blob, fileName ?? `modelo-${tipo}.${formato}`);
}

/** GET /api/importacoes/{id}/recusadas: the refused rows with their reason (CSV), saved. */
export async function baixarRecusadas(id: number): Promise<void> {
  const { blob, fileName } = await apiDownload(`/importacoes/${id}/recusadas`);
  saveBlob(blob, fileName ?? `importacao-${id}-recusadas.csv`);
}
