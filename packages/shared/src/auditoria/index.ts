export * from './auditoria.schema';
