/** The spec's feedback texts of price tables and additional costs (part 2, section 8). */
export const TABELA_TEXTOS = {
  criada: 'Tabela de preços criada com sucesso!',
  atualizada: 'Tabela de preços atualizada com sucesso!',
  excluida: 'Tabela excluída com sucesso!',
  erroCriar: 'Erro ao criar tabela de preços',
  erroAtualizar: 'Erro ao atualizar tabela de preços',
  erroCarregar: 'Erro ao carregar dados da tabela',
  erroExcluir: 'Erro ao excluir tabela',
  confirmarExclusao: 'Tem certeza que deseja excluir esta tabela de preços?',
} as const;

export const CUSTO_TEXTOS = {
  criado: 'Custo criado com sucesso!',
  atualizado: 'Custo atualizado com sucesso!',
  excluido: 'Custo excluído com sucesso!',
  erroSalvar: 'Erro ao salvar custo',
  erroExcluir: 'Erro ao excluir custo',
  confirmarExclusao: 'Tem certeza que deseja excluir este custo adicional?',
} as const;

export const MARGEM_TEXTOS = {
  definidas: (total: number) =>
    total === 1 ? 'Margem definida para 1 produto.' : `Margem definida para ${total} produtos.`,
  removidas: (total: number) =>
    total === 1 ? 'Preço removido de 1 produto.' : `Preços removidos de ${total} produtos.`,
  erroDefinir: 'Erro ao definir preço',
  erroRemover: 'Erro ao remover preço',
  confirmarRemocao: (total: number) =>
    `Tem certeza que deseja remover o preço de ${total === 1 ? '1 produto' : `${total} produtos`} desta tabela?`,
} as const;
