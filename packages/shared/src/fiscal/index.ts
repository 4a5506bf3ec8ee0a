export * from './chave';
export * from './fiscal.schema';
