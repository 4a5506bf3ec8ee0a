// npm start: builds whatever is missing or older than its sources, then runs the server, which
// applies migrations, seeds demo data on a fresh embedded database and serves API and web app.
// npm run create-admin: the same build check, then creates (or resets) an administrator.
// npm run restore -- <arquivo.tar.gz>: the same build check, then restores a backup into DATA_DIR.
// npm run fiscal:status: the same build check, then asks the configured SEFAZ for its status.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, rootDir } from './build-if-stale.mjs';

process.chdir(rootDir);
const createAdmin = process.argv.includes('--create-admin');
const restore = process.argv.includes('--restore');
const fiscalStatus = process.argv.includes('--fiscal-status');

try {
  buildIfStale(createAdmin || restore || fiscalStatus ? ['server'] : ['web', 'server']);
} catch (error) {
  console.error(`[prumo] ${error.message}`);
  process.exit(1);
}

const entry = createAdmin
  ? 'apps/server/dist/create-admin.js'
  : restore
    ? 'apps/server/dist/restore.js'
    : fiscalStatus
      ? 'apps/server/dist/fiscal-status.js'
      : 'apps/server/dist/main.js';
await import(pathToFileURL(path.join(rootDir, entry)).href);
