// npm test: every check and test suite, one after the other (two cores), ending with the line
// "N passed, N failed". Suites: shared unit tests, web component tests, API tests on PGlite and,
// when TEST_DATABASE_URL is set, on PostgreSQL (the authorization matrix and the bad-input fuzz
// among them), the server as a process (crash and restart, two instances), then browser tests
// against the built app.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { rootDir } from './build-if-stale.mjs';

process.chdir(rootDir);
const resultsDir = path.join(rootDir, '.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

const SYSTEM_PACKAGES = [
  { binary: '/usr/bin/chromium', pkg: 'chromium' },
  // The label PDF tests render pages (pdftoppm, pdftotext) and read the barcodes (zbarimg).
  { binary: '/usr/bin/pdftoppm', pkg: 'poppler-utils' },
  { binary: '/usr/bin/zbarimg', pkg: 'zbar-tools' },
];

/** Installs Debian's Chromium, poppler-utils and zbar-tools when missing (as root); browsers are never downloaded. */
function ensureSystemPackages() {
  const missing = SYSTEM_PACKAGES.filter(({ binary }) => !fs.existsSync(binary)).map(
    ({ pkg }) => pkg,
  );
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(`[test] Faltam pacotes do sistema: ${missing.join(', ')}. Instale com apt-get.`);
    return;
  }
  console.log(`[test] Instalando ${missing.join(', ')} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}

function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
}

const summary = [];
let passed = 0;
let failed = 0;

function check(name, command, args) {
  console.log(`\n[test] ${name}`);
  const { ok, seconds } = run(command, args);
  summary.push(`${name.padEnd(14)} ${ok ? 'ok' : 'FALHOU'} (${seconds.toFixed(1)} s)`);
  if (ok) passed++;
  else failed++;
}

function suite(name, args, env = {}) {
  console.log(`\n[test] ${name}`);
  const output = path.join(resultsDir, `${name}.json`);
  const { ok, seconds } = run(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    env,
  );
  let counts = { numPassedTests: 0, numFailedTests: 0, numTotalTests: 0, testResults: [] };
  try {
    counts = JSON.parse(fs.readFileSync(output, 'utf8'));
  } catch {
    // no report: the run itself failed (counted below)
  }
  const suiteFailed = counts.numFailedTests + (ok || counts.numFailedTests > 0 ? 0 : 1);
  passed += counts.numPassedTests;
  failed += suiteFailed;
  summary.push(
    `${name.padEnd(14)} ${counts.numPassedTests} passed, ${suiteFailed} failed (${seconds.toFixed(1)} s)`,
    ...failedTests(counts).map((line) => `    ✗ ${line}`),
  );
}

/** The failed tests of a vitest JSON report, one line each (file › test: first line of the error), so the summary at the end of a long log names them. */
function failedTests(report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const message = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        return `${path.relative(rootDir, file.name)} › ${test.fullName}: ${message}`;
      }),
  );
}

ensureSystemPackages();
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);
check('ciclos', 'npm', ['run', '--silent', 'cycles']);
check('camadas', 'node', ['scripts/layers-probe.mjs']);
suite('shared', ['--project', 'shared']);
suite('web', ['--project', 'web']);
suite('api-pglite', ['--project', 'api-pglite']);
if (process.env.TEST_DATABASE_URL) suite('api-postgres', ['--project', 'api-postgres']);
else summary.push('api-postgres   não executado (defina TEST_DATABASE_URL)');
// The real server as a process: killed mid-write and restarted (crash test) on both databases,
// and two instances on one PostgreSQL.
suite('processos', ['--config', 'apps/server/vitest.processes.config.ts']);
suite('e2e', ['--config', 'e2e/vitest.config.ts']);

console.log('\n[test] Resumo');
for (const line of summary) console.log(`  ${line}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
