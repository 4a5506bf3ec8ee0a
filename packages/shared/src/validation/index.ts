export * from './fields';
export { z } from './zod';
