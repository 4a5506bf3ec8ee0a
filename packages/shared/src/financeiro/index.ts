export * from './financeiro.rules';
export * from './financeiro.schema';
