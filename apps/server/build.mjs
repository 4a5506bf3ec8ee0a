// Bundles the server (and the shared package it imports as TypeScript) into dist/.
// Dependencies in node_modules stay external and are loaded at run time.
import fs from 'node:fs';
import { build } from 'esbuild';

// Chunk names change with their content: start from an empty folder so old ones do not pile up.
fs.rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/main.ts', 'create-admin': 'src/cli/create-admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Code behind a dynamic import (label PDFs with pdf-lib and bwip-js) goes to its own chunk, so
  // a start or restart does not load it.
  splitting: true,
  sourcemap: true,
  packages: 'external',
  // The shared package is TypeScript source: bundle it instead of leaving it external.
  alias: { '@prumo/shared': '../../packages/shared/src' },
  logLevel: 'warning',
});
