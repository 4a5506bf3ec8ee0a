/** The spec's feedback texts of the catalogue (part 2, section 8), verbatim. */
export const PRODUTO_TEXTOS = {
  cadastrado: 'Produto cadastrado com sucesso!',
  atualizado: 'Produto atualizado com sucesso!',
  excluido: 'Produto excluído com sucesso!',
  erroCadastrar: 'Erro ao cadastrar produto',
  erroCadastrarRede: 'Erro ao cadastrar produto. Tente novamente.',
  erroCarregar: 'Erro ao carregar produto',
  erroAtualizar: 'Erro ao atualizar produto',
  erroExcluir: 'Erro ao excluir produto',
  confirmarExclusao: 'Tem certeza que deseja excluir este produto?',
  carregando: 'Carregando produto',
} as const;

export const GRUPO_TEXTOS = {
  criado: 'Grupo de produtos criado com sucesso!',
  atualizado: 'Grupo de produtos atualizado com sucesso!',
  excluido: 'Grupo de produtos excluído com sucesso!',
  erroCriar: 'Erro ao criar grupo de produtos',
  erroAtualizar: 'Erro ao atualizar grupo de produtos',
  erroExcluir: 'Erro ao excluir grupo de produtos',
  confirmarExclusao: 'Tem certeza que deseja excluir este grupo de produtos?',
} as const;

export const TABELA_TEXTOS = {
  excluida: 'Tabela de preços excluída com sucesso!',
  erroExcluir: 'Erro ao excluir tabela de preços',
  confirmarExclusao: 'Tem certeza que deseja excluir esta tabela de preços?',
} as const;

/** Preços por Tabela (spec 8, Price per table). */
export const PRECO_TEXTOS = {
  definido: 'Preço definido com sucesso!',
  removido: 'Preço removido com sucesso!',
  erroDefinir: 'Erro ao definir preço',
  erroRemover: 'Erro ao remover preço',
  confirmarRemocao: 'Tem certeza que deseja remover este preço?',
} as const;

export const ETIQUETA_TEXTOS = {
  excluida: 'Etiqueta excluída com sucesso!',
  erroExcluir: 'Erro ao excluir etiqueta',
  confirmarExclusao: 'Tem certeza que deseja excluir esta etiqueta?',
} as const;

const quantityFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** A stock quantity: "12", "2,5". */
export function formatQuantidade(value: number | null | undefined): string {
  return quantityFormatter.format(value ?? 0);
}
