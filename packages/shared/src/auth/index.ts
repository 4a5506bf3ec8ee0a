export * from './auth.constants';
export * from './auth.schema';
export * from './usuario.schema';
export * from './dois-fatores.constants';
export * from './dois-fatores.schema';
export * from './user-agent';
