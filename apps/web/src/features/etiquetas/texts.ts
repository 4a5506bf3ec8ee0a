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
  erroImprimir: 'Erro ao gerar o PDF das etiquetas',
} as const;
