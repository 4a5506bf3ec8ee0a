// Builds the web app and/or the server when the build is missing or older than its sources,
// so that `npm start` and the browser tests always run what the sources say.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SHARED = ['packages/shared/src', 'packages/shared/package.json'];
const TARGETS = {
  web: {
    workspace: '@prumo/web',
    label: 'a aplicação web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      ...SHARED,
    ],
  },
  server: {
    workspace: '@prumo/server',
    label: 'o servidor',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', ...SHARED],
  },
};

function newestMtime(paths) {
  let newest = 0;
  const visit = (target) => {
    if (!fs.existsSync(target)) return;
    const stat = fs.statSync(target);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of fs.readdirSync(target)) {
      if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(target, entry));
    }
  };
  paths.forEach((relative) => visit(path.join(rootDir, relative)));
  return newest;
}

const LOCK_DIR = path.join(rootDir, 'node_modules', '.prumo-build-lock');

/** Serialises builds started at the same time (several test runs), so none reads a half-built dist. */
function withBuildLock(work) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - fs.statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 5 * 60_000) fs.rmSync(LOCK_DIR, { recursive: true, force: true });
      if (Date.now() > deadline) {
        throw new Error('Tempo esgotado esperando outra compilação.', { cause: error });
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    work();
  } finally {
    fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/** @param {Array<'web' | 'server'>} names */
export function buildIfStale(names) {
  withBuildLock(() => names.forEach(buildOne));
}

function buildOne(name) {
  const target = TARGETS[name];
  const output = path.join(rootDir, target.output);
  const stale = !fs.existsSync(output) || newestMtime(target.sources) > fs.statSync(output).mtimeMs;
  if (!stale) return;
  console.log(`[prumo] Compilando ${target.label}...`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', target.workspace], {
    cwd: rootDir,
    stdio: 'inherit',
    // Always a production build, even when called from a test run (vitest sets NODE_ENV=test,
    // which would bundle React's development build).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`Falha ao compilar ${target.label}.`);
}

// As a command: node scripts/build-if-stale.mjs web server
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    buildIfStale(process.argv.slice(2));
  } catch (error) {
    console.error(`[prumo] ${error.message}`);
    process.exit(1);
  }
}
