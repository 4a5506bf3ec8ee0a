export * from './categoria.schema';
export * from './produto.rules';
export * from './produto.schema';
