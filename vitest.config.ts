import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Unit, component and API tests. The browser tests have their own config (e2e/vitest.config.ts)
// because they need the built app and a running server.
const apiProject = (database: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `api-${database}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: database, TZ: 'America/Sao_Paulo' },
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
