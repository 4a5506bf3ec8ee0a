export * from './backup.schema';
export * from './configuracoes.schema';
export * from './pix';
