import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CadastroDetalhe } from '@prumo/shared/cadastros';
import { apiRequest } from '../../../lib/api-client';
import { cadastroKeys } from './list-cadastros';
import { cadastroBody, type CadastroArquivosNovos } from './save-body';

export interface UpdateCadastroInput {
  id: number;
  dados: Record<string, unknown>;
  arquivos: CadastroArquivosNovos;
}

/** PUT /api/cadastros/{id}: every field, new files, and the photo/attachments to remove. */
export function updateCadastro({ id, dados, arquivos }: UpdateCadastroInput) {
  return apiRequest<CadastroDetalhe>(`/cadastros/${id}`, {
    method: 'PUT',
    body: cadastroBody(dados, arquivos),
  });
}

export function useUpdateCadastro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCadastro,
    onSuccess: (updated) => {
      queryClient.setQueryData(cadastroKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: cadastroKeys.lists() });
    },
  });
}
