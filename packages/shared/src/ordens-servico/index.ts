export * from './ordem-servico.rules';
export * from './ordem-servico.schema';
