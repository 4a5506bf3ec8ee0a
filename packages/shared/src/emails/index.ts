export * from './emails.rules';
export * from './emails.schema';
