export * from './servico.rules';
export * from './servico.schema';
