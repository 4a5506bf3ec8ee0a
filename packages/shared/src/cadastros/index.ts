export * from './cadastro.constants';
export * from './cadastro.schema';
