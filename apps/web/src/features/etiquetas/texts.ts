import { ApiError } from '../../lib/api-client';

/** The spec's feedback texts of labels (part 2, section 8), verbatim. */
export const ETIQUETA_TEXTOS = {
  criada: 'Etiqueta criada com sucesso!',
  atualizada: 'Etiqueta atualizada com sucesso!',
  excluida: 'Etiqueta excluída com sucesso!',
  erroCriar: 'Erro ao criar etiqueta',
  erroAtualizar: 'Erro ao atualizar etiqueta',
  naoEncontrada: 'Etiqueta não encontrada',
  erroCarregar: 'Erro ao carregar etiqueta',
  erroExcluir: 'Erro ao excluir etiqueta',
  confirmarExclusao: 'Tem certeza que deseja excluir esta etiqueta?',
  salvando: 'Salvando...',
  erroImprimir: 'Erro ao gerar o PDF das etiquetas',
} as const;

/** "Erro ao criar etiqueta: {message}" (the server's message, or the connection failure). */
export function withMessage(base: string, error: unknown): string {
  const message = error instanceof ApiError ? error.message : undefined;
  return message ? `${base}: ${message}` : base;
}
