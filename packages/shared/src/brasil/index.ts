export * from './ufs';
