// The sales screens' own texts. The spec's (2.13, 8) live in @prumo/shared/vendas
// (VENDA_MESSAGES) and @prumo/shared/caixas (CAIXA_MESSAGES) and are used from there; these are
// the ones the spec leaves out (it only logs the other failures).

export const VENDA_TEXTOS = {
  criada: 'Venda criada com sucesso!',
  atualizada: 'Venda atualizada com sucesso!',
  excluida: 'Venda excluída com sucesso!',
  finalizada: 'Venda finalizada com sucesso!',
  cancelada: 'Venda cancelada com sucesso!',
  erroCriar: 'Erro ao salvar venda',
  erroAtualizar: 'Erro ao atualizar venda',
  erroExcluir: 'Erro ao excluir venda',
  erroFinalizar: 'Erro ao finalizar venda',
  erroCancelar: 'Erro ao cancelar venda',
  erroCarregar: 'Erro ao carregar venda',
  erroListar: 'Erro ao carregar vendas',
  erroImprimir: 'Erro ao gerar o comprovante',
  confirmarCancelamento: 'Tem certeza que deseja cancelar esta venda?',
  cancelamentoDevolve: 'O estoque dos itens volta ao catálogo.',
  pesquisar: 'Pesquisar por número ou cliente...',
  balcaoPendente: 'A venda fica pendente até ser finalizada no caixa.',
} as const;

export const CAIXA_TEXTOS = {
  erroAbrir: 'Erro ao abrir caixa',
  erroMovimento: 'Erro ao registrar movimento',
  erroFechar: 'Erro ao fechar caixa',
  erroRelatorio: 'Erro ao gerar o relatório do caixa',
  fundoTroco: 'Fundo de troco',
} as const;
