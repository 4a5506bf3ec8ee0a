import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the module tables and committed; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/**/*.table.ts',
  out: './drizzle',
  casing: 'snake_case',
});
