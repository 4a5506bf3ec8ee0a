export * from './notificacoes.rules';
export * from './notificacoes.schema';
