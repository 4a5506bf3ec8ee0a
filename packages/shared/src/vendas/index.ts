export * from './venda.rules';
export * from './venda.schema';
