import { useQuery } from '@tanstack/react-query';
import type { Notificacoes } from '@prumo/shared/notificacoes';
import { apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';

/**
 * The top bar's bell (/api/notificacoes): due and overdue installments and products below their
 * minimum stock, grouped, as the signed-in user's role may see them. Read-only: the screens that
 * change those things leave it to the next refresh (every minute, and on coming back to the tab).
 */
export const notificacoesKeys = {
  all: ROOT_KEYS.notificacoes,
};

export const NOTIFICACOES_INTERVALO_MS = 60_000;

export const fetchNotificacoes = (signal?: AbortSignal) =>
  apiRequest<Notificacoes>('/notificacoes', { signal });

export function useNotificacoes() {
  return useQuery({
    queryKey: notificacoesKeys.all,
    queryFn: ({ signal }) => fetchNotificacoes(signal),
    refetchInterval: NOTIFICACOES_INTERVALO_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}
