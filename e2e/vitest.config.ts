import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium driven by playwright-core against the production build,
// served by the real server on a free port with a fresh data directory (support/global-setup).
export default defineConfig({
  test: {
    name: 'e2e',
    root: __dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 1 s by default: on a slow day's 2-core machine (26 November: the
    // whole suite 2.4 times slower) a modal took longer than that to close after its message.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: one browser at a time keeps timings stable.
    fileParallelism: false,
  },
});
