// Bundles the server, the shared package it imports as TypeScript and its dependencies into
// dist/: a start or restart then reads a few files instead of resolving and compiling hundreds of
// modules in node_modules (about a quarter of a second on a 2-core machine).
import fs from 'node:fs';
import { build } from 'esbuild';

// Chunk names change with their content: start from an empty folder so old ones do not pile up.
fs.rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'src/main.ts',
    'create-admin': 'src/cli/create-admin.ts',
    restore: 'src/cli/restore.ts',
    'fiscal-status': 'src/cli/fiscal-status.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Code behind a dynamic import (label PDFs with pdf-lib and bwip-js) goes to its own chunk, so
  // a start or restart does not load it.
  splitting: true,
  sourcemap: true,
  // Left in node_modules: packages that load files beside their own code at run time (PGlite's
  // WebAssembly and extensions, the API docs' page assets) or a native binary (argon2).
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    '@fastify/swagger-ui',
    '@node-rs/argon2',
    'pg-native',
  ],
  // CommonJS dependencies inside an ES module bundle still call require and read __dirname.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      "import __path from 'node:path';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      'const __dirname = __path.dirname(__filename);',
    ].join(' '),
  },
  // The shared package is TypeScript source: bundle it instead of leaving it external.
  alias: { '@prumo/shared': '../../packages/shared/src' },
  logLevel: 'warning',
});
