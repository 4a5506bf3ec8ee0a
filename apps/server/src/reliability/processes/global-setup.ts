import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

export default function setup() {
  const build = spawnSync('node', ['scripts/build-if-stale.mjs', 'server'], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (build.status !== 0)
    throw new Error('Falha ao compilar o servidor para os testes de processo.');
}
