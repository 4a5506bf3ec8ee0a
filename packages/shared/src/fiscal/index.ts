export * from './chave';
export * from './fiscal.schema';
export * from './eventos.schema';
export * from './entradas.schema';
export * from './devolucoes.schema';
export * from './chave-nfse';
export * from './nfse.schema';
