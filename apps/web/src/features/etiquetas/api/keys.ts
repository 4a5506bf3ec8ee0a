/** TanStack Query keys of label templates and what the print screen reads. */
export const etiquetaKeys = {
  all: ['etiquetas'] as const,
  list: () => [...etiquetaKeys.all, 'list'] as const,
  detail: (id: number) => [...etiquetaKeys.all, 'detail', id] as const,
};

export const impressaoKeys = {
  categorias: () => ['categorias', 'list'] as const,
  tabelas: () => ['tabelas-precos', 'list'] as const,
};
