import { defineConfig } from 'vitest/config';

// Tests that run the real built server as a process: killed mid-write (crash test) or two of
// them on one database (many instances). The global setup builds the server when stale.
export default defineConfig({
  test: {
    name: 'processos',
    root: __dirname,
    include: ['src/reliability/processes/*.process.ts'],
    globalSetup: ['src/reliability/processes/global-setup.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
