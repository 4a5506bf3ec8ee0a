export * from './ufs';
export * from './documentos';
