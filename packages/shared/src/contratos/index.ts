export * from './agenda';
export * from './contrato.rules';
export * from './contrato.schema';
export * from './locacao.rules';
export * from './locacao.schema';
export * from './assinatura.rules';
export * from './assinatura.schema';
