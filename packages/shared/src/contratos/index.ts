export * from './agenda';
export * from './contrato.rules';
export * from './contrato.schema';
