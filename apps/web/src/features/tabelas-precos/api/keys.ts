/** TanStack Query keys of price tables and additional costs. */
export const tabelaPrecoKeys = {
  all: ['tabelas-precos'] as const,
  list: () => [...tabelaPrecoKeys.all, 'list'] as const,
  detail: (id: number) => [...tabelaPrecoKeys.all, 'detail', id] as const,
  custos: (id: number) => [...tabelaPrecoKeys.all, 'custos', id] as const,
  produtos: (id: number) => [...tabelaPrecoKeys.all, 'produtos', id] as const,
};

export const custoKeys = {
  all: ['custos-adicionais'] as const,
  list: () => [...custoKeys.all, 'list'] as const,
};

export const categoriaKeys = {
  list: () => ['categorias', 'list'] as const,
};

/** Per-product prices shown by the edit product form (another feature's cache). */
export const precosProdutoKeys = {
  all: ['precos-produto'] as const,
};
