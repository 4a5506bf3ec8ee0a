// npm run dev: the API with tsx watch on :3000 and Vite's dev server on :5173 (proxying /api).
import { spawn } from 'node:child_process';
import { rootDir } from './build-if-stale.mjs';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@prumo/server'], { cwd: rootDir, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@prumo/web'], { cwd: rootDir, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
