// npm run lighthouse: Lighthouse (desktop, performance) on the production build served by the
// real server with the demo data: the login page, the dashboard, /produtos and /vendas. Debian's
// Chromium (CHROME_PATH, default /usr/bin/chromium); no browser is downloaded. It prints the
// scores, it never fails: the budgets a test guards are in e2e/tests/auth.e2e.ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { buildIfStale, rootDir } from './build-if-stale.mjs';

const PAGINAS = ['/login', '/dashboard', '/produtos', '/vendas'];
const DEMO = { email: 'admin@empresa.com.br', senha: 'demo@2026' };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prumo-lighthouse-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: rootDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tentativa = 0; tentativa < 300; tentativa++) {
    try {
      if ((await fetch(`${url}/api/auth/demo`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

const ms = (value) => (value === undefined ? '—' : `${Math.round(value)} ms`);

buildIfStale(['web', 'server']);
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  // One browser profile: the login page is measured signed out, the others after signing in
  // once (Lighthouse keeps the storage, so the session token stays).
  const linhas = [];
  for (const pagina of PAGINAS) {
    if (pagina !== '/login' && linhas.length === 1) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(`${server.url}/login`);
      await page.getByLabel('E-mail').fill(DEMO.email);
      await page.getByLabel('Senha', { exact: true }).fill(DEMO.senha);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByTestId('topbar-avatar').waitFor();
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(
      `${server.url}${pagina}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      desktopConfig,
    );
    const { categories, audits } = result.lhr;
    linhas.push({
      pagina,
      nota: Math.round((categories.performance.score ?? 0) * 100),
      fcp: ms(audits['first-contentful-paint'].numericValue),
      lcp: ms(audits['largest-contentful-paint'].numericValue),
      tbt: ms(audits['total-blocking-time'].numericValue),
      cls: audits['cumulative-layout-shift'].numericValue?.toFixed(3) ?? '—',
      js: `${Math.round((audits['total-byte-weight'].numericValue ?? 0) / 1024)} kB`,
    });
  }
  console.log('\nLighthouse (desktop, desempenho), build de produção, dados de demonstração\n');
  console.table(linhas);
} finally {
  chrome.kill();
  server.stop();
}
