export * from './auth.constants';
export * from './auth.schema';
