import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/**
 * The plain CRUD shape most resources share: GET /path, GET /path/{id}, POST /path,
 * PUT /path/{id}, DELETE /path/{id}. Keys start with the resource's root key (keys.ts), so invalidating
 * `keys.all` refreshes its list, its details and anything else cached under it.
 */
export function crudResource<Item, Input, Detail = Item>(
  root: readonly [string],
  path = `/${root[0]}`,
) {
  const keys = {
    all: root,
    list: () => [...root, 'list'] as const,
    detail: (id: number) => [...root, 'detail', id] as const,
  };
  const fetchList = (signal?: AbortSignal) => apiRequest<Item[]>(path, { signal });
  const fetchOne = (id: number, signal?: AbortSignal) =>
    apiRequest<Detail>(`${path}/${id}`, { signal });
  return {
    keys,
    fetchList,
    fetchOne,
    /** POST without an id, PUT with one. */
    save: ({ id, dados }: { id?: number; dados: Input }) =>
      apiRequest<Detail>(id ? `${path}/${id}` : path, {
        method: id ? 'PUT' : 'POST',
        body: dados,
      }),
    remove: (id: number) => apiRequest<void>(`${path}/${id}`, { method: 'DELETE' }),
    listQueryOptions: () =>
      queryOptions({ queryKey: keys.list(), queryFn: ({ signal }) => fetchList(signal) }),
    detailQueryOptions: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => fetchOne(id, signal),
        retry: false,
      }),
  };
}

/**
 * A mutation that, once it succeeds, marks stale every query under the keys it names (what the
 * change makes out of date elsewhere: a renamed group is in the product list too).
 */
export function useInvalidatingMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  invalidates: (result: Result, variables: Variables) => ReadonlyArray<QueryKey | undefined>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) =>
      Promise.all(
        invalidates(result, variables)
          .filter((queryKey): queryKey is QueryKey => queryKey !== undefined)
          .map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** The query string of a filter: the values that are set (empty ones left out). */
export function filtroSearchParams(filtro: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtro)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params;
}

/** The query string of one page of a server-paged list: the filter's, then limit and offset. */
export function pageSearchParams(filtro: object, page: number, pageSize: number): URLSearchParams {
  const params = filtroSearchParams(filtro);
  params.set('limit', String(pageSize));
  params.set('offset', String((page - 1) * pageSize));
  return params;
}
