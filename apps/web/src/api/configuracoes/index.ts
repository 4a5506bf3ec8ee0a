import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BackupArquivo,
  Backups,
  Empresa,
  EmpresaInput,
  Preferencias,
  PreferenciasInput,
  Tema,
} from '@prumo/shared/configuracoes';
import { apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/files';
import { ROOT_KEYS } from '../keys';

/**
 * The company (/api/configuracoes/empresa, its logo and PIX key), the company's preferences and
 * the signed-in user's theme (/api/configuracoes/preferencias, /api/configuracoes/tema).
 */
export const configuracoesKeys = {
  all: ROOT_KEYS.configuracoes,
  empresa: () => [...ROOT_KEYS.configuracoes, 'empresa'] as const,
  preferencias: () => [...ROOT_KEYS.configuracoes, 'preferencias'] as const,
  backups: () => [...ROOT_KEYS.configuracoes, 'backups'] as const,
};

/** Where the logo is served (an <img> needs useObjectUrl: the call carries the token). */
export const LOGO_PATH = '/configuracoes/empresa/logo';

export function useEmpresa() {
  return useQuery({
    queryKey: configuracoesKeys.empresa(),
    queryFn: ({ signal }) => apiRequest<Empresa>('/configuracoes/empresa', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePreferencias() {
  return useQuery({
    queryKey: configuracoesKeys.preferencias(),
    queryFn: ({ signal }) => apiRequest<Preferencias>('/configuracoes/preferencias', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Every company answer is the whole company: it replaces the cached one. */
function useEmpresaMutation<Variables>(mutationFn: (variables: Variables) => Promise<Empresa>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (empresa) => queryClient.setQueryData(configuracoesKeys.empresa(), empresa),
  });
}

/** PUT /api/configuracoes/empresa (admins). */
export function useSalvarEmpresa() {
  return useEmpresaMutation((dados: EmpresaInput) =>
    apiRequest<Empresa>('/configuracoes/empresa', { method: 'PUT', body: dados }),
  );
}

/** POST /api/configuracoes/empresa/logo (multipart, field "logo"; PNG or JPG). */
export function useEnviarLogo() {
  return useEmpresaMutation((logo: File) => {
    const body = new FormData();
    body.append('logo', logo);
    return apiRequest<Empresa>(LOGO_PATH, { method: 'POST', body });
  });
}

/** DELETE /api/configuracoes/empresa/logo. */
export function useRemoverLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(LOGO_PATH, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.setQueryData<Empresa>(
        configuracoesKeys.empresa(),
        (empresa) => empresa && { ...empresa, tem_logo: false },
      ),
  });
}

/** PUT /api/configuracoes/preferencias (admins): the switches and the idle logout. */
export function useSalvarPreferencias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dados: PreferenciasInput) =>
      apiRequest<Preferencias>('/configuracoes/preferencias', { method: 'PUT', body: dados }),
    onSuccess: (preferencias) => {
      queryClient.setQueryData(configuracoesKeys.preferencias(), preferencias);
      // The backup schedule is part of both answers.
      return queryClient.invalidateQueries({ queryKey: configuracoesKeys.backups() });
    },
  });
}

const BACKUPS_PATH = '/configuracoes/backups';

/** GET /api/configuracoes/backups (admins): the mode, the schedule and the kept files. */
export function useBackups() {
  return useQuery({
    queryKey: configuracoesKeys.backups(),
    queryFn: ({ signal }) => apiRequest<Backups>(BACKUPS_PATH, { signal }),
  });
}

/** Downloads a kept backup (GET /api/configuracoes/backups/{nome}, with the session's token). */
export function baixarBackup(nome: string): Promise<void> {
  return downloadFile(`${BACKUPS_PATH}/${encodeURIComponent(nome)}`, nome);
}

/** POST /api/configuracoes/backups: makes a backup now and downloads it. */
export function useBaixarBackupAgora() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const arquivo = await apiRequest<BackupArquivo>(BACKUPS_PATH, { method: 'POST' });
      await baixarBackup(arquivo.nome);
      return arquivo;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: configuracoesKeys.backups() }),
  });
}

/** PUT /api/configuracoes/tema: the signed-in user's theme, remembered on the server. */
export function useSalvarTema() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tema: Tema) =>
      apiRequest<{ tema: Tema }>('/configuracoes/tema', { method: 'PUT', body: { tema } }),
    // A preferences read still in flight (the one after signing in) would answer the old theme
    // and switch the screen back: drop it, and read again once the choice is saved.
    onMutate: async (tema) => {
      await queryClient.cancelQueries({ queryKey: configuracoesKeys.preferencias() });
      queryClient.setQueryData<Preferencias>(
        configuracoesKeys.preferencias(),
        (preferencias) => preferencias && { ...preferencias, tema },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: configuracoesKeys.preferencias() }),
  });
}
