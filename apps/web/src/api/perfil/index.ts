import { useQuery } from '@tanstack/react-query';
import type {
  DoisFatoresAtivado,
  DoisFatoresConfigurar,
  DoisFatoresDesativar,
  DoisFatoresStatus,
  PerfilSenha,
  PerfilUpdate,
  Sessao,
  Usuario,
} from '@prumo/shared/auth';
import { apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';
import { useInvalidatingMutation } from '../resource';

/** The signed-in user's own data, password and sessions (/api/perfil). */
export const perfilKeys = {
  all: ROOT_KEYS.perfil,
  me: () => [...ROOT_KEYS.perfil, 'me'] as const,
  sessoes: () => [...ROOT_KEYS.perfil, 'sessoes'] as const,
  doisFatores: () => [...ROOT_KEYS.perfil, 'dois-fatores'] as const,
};

export function usePerfil() {
  return useQuery({
    queryKey: perfilKeys.me(),
    queryFn: ({ signal }) => apiRequest<Usuario>('/perfil', { signal }),
  });
}

export function useSessoes() {
  return useQuery({
    queryKey: perfilKeys.sessoes(),
    queryFn: ({ signal }) => apiRequest<Sessao[]>('/perfil/sessoes', { signal }),
  });
}

/** PUT /api/perfil: own nome and e-mail (the users' list shows them too). */
export function useUpdatePerfil() {
  return useInvalidatingMutation(
    (dados: PerfilUpdate) => apiRequest<Usuario>('/perfil', { method: 'PUT', body: dados }),
    () => [perfilKeys.me(), ROOT_KEYS.usuarios],
  );
}

/** POST /api/perfil/senha: the other sessions end, so their list changes. */
export function useTrocarSenha() {
  return useInvalidatingMutation(
    (dados: PerfilSenha) => apiRequest<void>('/perfil/senha', { method: 'POST', body: dados }),
    () => [perfilKeys.sessoes()],
  );
}

/** DELETE /api/perfil/sessoes/{id}, one or several (Encerrar as outras). */
export function useEncerrarSessoes() {
  return useInvalidatingMutation(
    (ids: number[]) =>
      Promise.all(ids.map((id) => apiRequest<void>(`/perfil/sessoes/${id}`, { method: 'DELETE' }))),
    () => [perfilKeys.sessoes()],
  );
}

/** GET /api/perfil/dois-fatores: on or off, recovery codes left, required by the company. */
export function useDoisFatores() {
  return useQuery({
    queryKey: perfilKeys.doisFatores(),
    queryFn: ({ signal }) => apiRequest<DoisFatoresStatus>('/perfil/dois-fatores', { signal }),
  });
}

/** POST /api/perfil/dois-fatores/configurar: a new secret, pending until a code confirms it. */
export function useConfigurarDoisFatores() {
  return useInvalidatingMutation(
    () => apiRequest<DoisFatoresConfigurar>('/perfil/dois-fatores/configurar', { method: 'POST' }),
    () => [],
  );
}

/** POST /api/perfil/dois-fatores/ativar: answers the recovery codes, shown once. */
export function useAtivarDoisFatores() {
  return useInvalidatingMutation(
    (codigo: string) =>
      apiRequest<DoisFatoresAtivado>('/perfil/dois-fatores/ativar', {
        method: 'POST',
        body: { codigo },
      }),
    () => [perfilKeys.all, ROOT_KEYS.usuarios],
  );
}

/** POST /api/perfil/dois-fatores/desativar (asks the current password). */
export function useDesativarDoisFatores() {
  return useInvalidatingMutation(
    (dados: DoisFatoresDesativar) =>
      apiRequest<void>('/perfil/dois-fatores/desativar', { method: 'POST', body: dados }),
    () => [perfilKeys.all, ROOT_KEYS.usuarios],
  );
}
