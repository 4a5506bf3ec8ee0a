export * from './preco.rules';
export * from './precos.schema';
