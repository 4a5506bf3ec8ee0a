import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CadastroDetalhe } from '@prumo/shared/cadastros';
import { apiRequest } from '../../../lib/api-client';
import { cadastroKeys } from './list-cadastros';
import { cadastroBody, type CadastroArquivosNovos } from './save-body';

export interface CreateCadastroInput {
  dados: Record<string, unknown>;
  arquivos: CadastroArquivosNovos;
}

/** POST /api/cadastros with every field of the form, the photo and the attachments. */
export function createCadastro({ dados, arquivos }: CreateCadastroInput) {
  return apiRequest<CadastroDetalhe>('/cadastros', {
    method: 'POST',
    body: cadastroBody(dados, arquivos),
  });
}

export function useCreateCadastro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCadastro,
    onSuccess: (created) => {
      queryClient.setQueryData(cadastroKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: cadastroKeys.lists() });
    },
  });
}
