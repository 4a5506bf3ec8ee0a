export * from './caixa.rules';
export * from './caixa.schema';
