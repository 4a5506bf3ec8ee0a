// npm run bench: builds the web app and the server when stale and runs the benchmark (apps/server/src/bench).
import { spawnSync } from 'node:child_process';
import { buildIfStale, rootDir } from './build-if-stale.mjs';

buildIfStale(['web', 'server']);
const result = spawnSync('npx', ['tsx', 'apps/server/src/bench/bench.ts'], {
  cwd: rootDir,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
