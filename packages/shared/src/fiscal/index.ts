export * from './chave';
