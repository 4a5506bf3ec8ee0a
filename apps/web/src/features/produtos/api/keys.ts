/** TanStack Query keys of the catalogue. */
export const produtoKeys = {
  all: ['produtos'] as const,
  list: () => [...produtoKeys.all, 'list'] as const,
  detail: (id: number) => [...produtoKeys.all, 'detail', id] as const,
};

export const categoriaKeys = {
  list: () => ['categorias', 'list'] as const,
};

export const tabelaPrecoKeys = {
  all: ['tabelas-precos'] as const,
  list: () => ['tabelas-precos', 'list'] as const,
};

/** A product's prices per table (the price tables screens refresh these too). */
export const precoProdutoKeys = {
  all: ['precos-produto'] as const,
  list: (produtoId: number) => ['precos-produto', produtoId] as const,
};

export const etiquetaKeys = {
  list: () => ['etiquetas', 'list'] as const,
};

/** Where a photo's bytes are (for useObjectUrl). */
export const fotoPath = (produtoId: number, fotoId: number) =>
  `/produtos/${produtoId}/fotos/${fotoId}`;
