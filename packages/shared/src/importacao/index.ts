export * from './importacao.campos';
export * from './importacao.schema';
export * from './importacao.valores';
