export * from './estoque.rules';
export * from './movimentacao.schema';
