import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SUGESTOES_MIN_CHARS } from '@prumo/shared/estoque';
import type {
  Produto,
  ProdutoCreate,
  ProdutoFoto,
  ProdutoListItem,
  ProdutoSearchItem,
  ProdutoSort,
  ProdutoUpdate,
} from '@prumo/shared/produtos';
import { apiPage, apiRequest } from '../../lib/api-client';
import { multipartBody } from '../../lib/files';
import { ROOT_KEYS } from '../keys';
import { crudResource, pageSearchParams, useInvalidatingMutation } from '../resource';

/**
 * The catalogue (/api/produtos): the products screen, the stock screen and the product search
 * all read it from here, so a change shows everywhere. The two screens read one page at a time
 * (search, filters and sort on the server), never the whole catalogue.
 */
const base = crudResource<ProdutoListItem, ProdutoUpdate, Produto>(ROOT_KEYS.produtos);

/**
 * What a screen asks GET /api/produtos for besides the page: the search (nome, códigos; accents
 * ignored), the filters and the sort. Left-out values are not sent.
 */
export interface ProdutosFiltro {
  q?: string;
  categoria_id?: number | null;
  ativo?: boolean;
  movimenta_estoque?: boolean;
  /** Stock at or below the minimum. */
  abaixo_minimo?: boolean;
  /** Stock at zero. */
  sem_estoque?: boolean;
  sort?: ProdutoSort;
  order?: 'asc' | 'desc';
}

export const produtoKeys = {
  ...base.keys,
  search: (termo: string) => [...ROOT_KEYS.produtos, 'search', termo] as const,
  page: (filtro: ProdutosFiltro, page: number, pageSize: number) =>
    [...ROOT_KEYS.produtos, 'page', filtro, page, pageSize] as const,
};

/**
 * GET /api/produtos?q=&…&limit=&offset=: one page of section 3.1 records and the total
 * (X-Total-Count). The previous page stays on screen until the next one arrives.
 */
export const produtosPageQueryOptions = (filtro: ProdutosFiltro, page: number, pageSize: number) =>
  queryOptions({
    queryKey: produtoKeys.page(filtro, page, pageSize),
    queryFn: ({ signal }) =>
      apiPage<ProdutoListItem>(`/produtos?${pageSearchParams(filtro, page, pageSize)}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useProdutosPage(filtro: ProdutosFiltro, page: number, pageSize: number) {
  return useQuery(produtosPageQueryOptions(filtro, page, pageSize));
}

/**
 * GET /api/produtos: every product (section 3.1 record, categoria_nome, foto_id, estoque). For
 * readers that need the whole catalogue; the list screens use produtosPageQueryOptions.
 */
export const produtosQueryOptions = base.listQueryOptions;

export function useProdutos() {
  return useQuery(produtosQueryOptions());
}

/** GET /api/produtos/{id}: every stored field and the photos; the edit form starts from now. */
export const produtoQueryOptions = (id: number) =>
  queryOptions({ ...base.detailQueryOptions(id), staleTime: 0 });

export function useProduto(id: number, enabled = true) {
  return useQuery({ ...produtoQueryOptions(id), enabled });
}

/** GET /api/produtos/search?q= : by name, barcode or internal code, by relevance. */
export const produtoSearchQueryOptions = (termo: string) =>
  queryOptions({
    queryKey: produtoKeys.search(termo),
    queryFn: ({ signal }) =>
      apiRequest<ProdutoSearchItem[]>(`/produtos/search?q=${encodeURIComponent(termo)}`, {
        signal,
      }),
    staleTime: 10_000,
  });

export function useProdutoSuggestions(termo: string) {
  return useQuery({
    ...produtoSearchQueryOptions(termo),
    enabled: termo.length >= SUGESTOES_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

/** Where a photo's bytes are (for useObjectUrl). */
export const fotoPath = (produtoId: number, fotoId: number) =>
  `/produtos/${produtoId}/fotos/${fotoId}`;

/**
 * A product change is seen by the catalogue, the stock screen (it reads the same pages), the
 * price tables' product lists and the product's prices per table.
 */
const afterChange = () => [ROOT_KEYS.produtos, ROOT_KEYS.tabelasPrecos, ROOT_KEYS.precosProduto];

export interface CreateProdutoInput {
  dados: ProdutoCreate;
  fotos: File[];
}

/** POST /api/produtos: JSON, or multipart (dados + fotos) when photos were chosen. */
export function createProduto({ dados, fotos }: CreateProdutoInput): Promise<Produto> {
  return apiRequest<Produto>('/produtos', {
    method: 'POST',
    body: fotos.length > 0 ? multipartBody(dados, { fotos }) : dados,
  });
}

export function useCreateProduto() {
  return useInvalidatingMutation(createProduto, afterChange);
}

export function useUpdateProduto() {
  return useInvalidatingMutation(
    (variables: { id: number; dados: ProdutoUpdate }) => base.save(variables),
    afterChange,
  );
}

export function useDeleteProduto() {
  return useInvalidatingMutation(base.remove, afterChange);
}

/** POST /api/produtos/{id}/fotos (multipart, field "fotos"). */
export function addFotos({ id, fotos }: { id: number; fotos: File[] }): Promise<ProdutoFoto[]> {
  const body = new FormData();
  for (const foto of fotos) body.append('fotos', foto);
  return apiRequest<ProdutoFoto[]>(`/produtos/${id}/fotos`, { method: 'POST', body });
}

export function useAddFotos() {
  return useInvalidatingMutation(addFotos, () => [ROOT_KEYS.produtos]);
}

/** DELETE /api/produtos/{id}/fotos/{fotoId} */
export function deleteFoto({ id, fotoId }: { id: number; fotoId: number }): Promise<void> {
  return apiRequest<void>(`/produtos/${id}/fotos/${fotoId}`, { method: 'DELETE' });
}

export function useDeleteFoto() {
  return useInvalidatingMutation(deleteFoto, () => [ROOT_KEYS.produtos]);
}
