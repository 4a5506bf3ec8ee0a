import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Produto, ProdutoCreate } from '@prumo/shared/produtos';
import { apiRequest } from '../../../lib/api-client';
import { multipartBody } from '../../../lib/files';
import { produtoKeys } from './keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduto,
    onSuccess: (created) => {
      queryClient.setQueryData(produtoKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: produtoKeys.list() });
    },
  });
}
