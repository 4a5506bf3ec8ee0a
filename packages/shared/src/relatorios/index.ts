export * from './relatorio.schema';
export * from './celulas';
export * from './analytics.schema';
