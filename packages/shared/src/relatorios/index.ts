export * from './relatorio.schema';
export * from './celulas';
