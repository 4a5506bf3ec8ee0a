export * from './orcamento.rules';
export * from './orcamento.schema';
