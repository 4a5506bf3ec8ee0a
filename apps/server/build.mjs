// Bundles the server (and the shared package it imports as TypeScript) into dist/.
// Dependencies in node_modules stay external and are loaded at run time.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', 'create-admin': 'src/cli/create-admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The shared package is TypeScript source: bundle it instead of leaving it external.
  alias: { '@prumo/shared': '../../packages/shared/src' },
  logLevel: 'warning',
});
