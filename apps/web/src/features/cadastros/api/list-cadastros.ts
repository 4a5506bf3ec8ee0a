import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CadastroListItem, TipoCadastro } from '@prumo/shared/cadastros';
import { apiRequest } from '../../../lib/api-client';

export const cadastroKeys = {
  all: ['cadastros'] as const,
  lists: () => [...cadastroKeys.all, 'list'] as const,
  list: (tipo: TipoCadastro) => [...cadastroKeys.lists(), tipo] as const,
  detail: (id: number) => [...cadastroKeys.all, 'detail', id] as const,
};

/** GET /api/cadastros?tipo=… (spec section 7): id, nome, email, telefone, tipo. */
export function fetchCadastros(tipo: TipoCadastro, signal?: AbortSignal) {
  return apiRequest<CadastroListItem[]>(`/cadastros?tipo=${tipo}`, { signal });
}

export function cadastrosQueryOptions(tipo: TipoCadastro) {
  return queryOptions({
    queryKey: cadastroKeys.list(tipo),
    queryFn: ({ signal }) => fetchCadastros(tipo, signal),
    // Changing the tab reloads the list (spec 2.6); the cached rows show meanwhile.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useCadastros(tipo: TipoCadastro) {
  return useQuery(cadastrosQueryOptions(tipo));
}
