import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'demo@2026';
export const ADMIN = { email: 'admin@empresa.com.br', nome: 'Ana Administradora' };
export const MANAGER = { email: 'gerente@empresa.com.br', nome: 'Gustavo Gerente' };
export const USER = { email: 'vendedor@empresa.com.br', nome: 'Vera Vendedora' };

export const WIDE = { width: 1366, height: 900 };
export const NARROW = { width: 390, height: 844 };

export const baseURL = () => inject('baseURL');

/** Debian's Chromium, headless, with the flags this machine needs (no network beyond localhost). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A page in a new context (its own storage: a fresh user-data profile per test). */
export async function newPage(browser: Browser, viewport = WIDE): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Opens the app, signs in through the login screen and waits for the shell. */
export async function signIn(
  page: Page,
  email = ADMIN.email,
  path = '/dashboard',
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(baseURL() + path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('topbar-avatar').waitFor();
}

/** A session token for calls straight to the API (test data set up without the screens). */
export async function apiToken(email = ADMIN.email): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}
