import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Analytics } from '@prumo/shared/relatorios';
import { apiRequest } from '../../lib/api-client';
import { ROOT_KEYS } from '../keys';

/** GET /api/analytics?de=&ate=: the owner's numbers for a period, its previous one and last year's. */
export function useAnalytics(periodo: { de: string; ate: string }) {
  return useQuery({
    queryKey: [...ROOT_KEYS.relatorios, 'analytics', periodo] as const,
    queryFn: ({ signal }) =>
      apiRequest<Analytics>(`/analytics?${new URLSearchParams(periodo)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
