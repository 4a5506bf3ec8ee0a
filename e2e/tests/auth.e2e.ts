import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, baseURL, launchBrowser, newPage, signIn, USER } from '../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  page = await newPage(browser);
});
afterEach(() => page.context().close());

describe('login screen', () => {
  it('shows the product, the demo box, and signs in with the filled demo credentials', async () => {
    await page.goto(baseURL() + '/');
    await page.getByText('Sistema ERP Empresarial').waitFor();
    expect(await page.getByPlaceholder('Digite sua senha').count()).toBe(1);
    await page.getByText('Esqueceu sua senha?').waitFor();

    await page.getByRole('button', { name: 'Preencher automaticamente' }).click();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(ADMIN.email);
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('demo@2026');

    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByText(/(Bom dia|Boa tarde|Boa noite), Ana!/).count()).toBe(1);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user).toEqual({ nome: ADMIN.nome, email: ADMIN.email, role: 'admin' });
  });

  it('toggles the password visibility', async () => {
    await page.goto(baseURL() + '/');
    const password = page.getByLabel('Senha', { exact: true });
    await password.fill('segredo');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar ou ocultar senha' }).click();
    expect(await password.getAttribute('type')).toBe('text');
  });

  it('shows "Entrando..." with disabled fields while signing in', async () => {
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(baseURL() + '/');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill('demo@2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('button', { name: 'Entrando...' }).waitFor();
    expect(await page.getByLabel('E-mail').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Entrando...' }).isDisabled()).toBe(true);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('shows the server message for a wrong password and clears it on edit', async () => {
    await page.goto(baseURL() + '/');
    await page.getByLabel('E-mail').fill(USER.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('E-mail ou senha inválidos');
    await page.getByLabel('Senha', { exact: true }).fill('outra');
    await error.waitFor({ state: 'detached' });
  });

  it('asks for both fields without calling the server', async () => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls++;
    });
    await page.goto(baseURL() + '/');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Por favor, preencha todos os campos').waitFor();
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Por favor, preencha todos os campos').waitFor();
    expect(loginCalls).toBe(0);
  });

  it('shows the connection message when the server cannot be reached', async () => {
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.goto(baseURL() + '/');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill('demo@2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Erro de conexão. Tente novamente.').waitFor();
  });
});

describe('weight of the login page', () => {
  it('loads a production build with a small JavaScript budget', async () => {
    const scripts: Buffer[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.body());
    });
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    const gzipBytes = scripts.reduce((total, body) => total + gzipSync(body).length, 0);
    // The budget of issue 17 (React's development build alone would break it).
    expect(gzipBytes).toBeLessThanOrEqual(100_000);
    expect(scripts.some((body) => body.includes('react-jsx-dev-runtime.development'))).toBe(false);
  });

  it('builds no JavaScript chunk over 150 kB gzip', () => {
    const assets = path.resolve(__dirname, '../../apps/web/dist/assets');
    const pesados = fs
      .readdirSync(assets)
      .filter((nome) => nome.endsWith('.js'))
      .map((nome) => ({ nome, gzip: gzipSync(fs.readFileSync(path.join(assets, nome))).length }))
      .filter(({ gzip }) => gzip > 150_000);
    expect(pesados).toEqual([]);
  });
});

describe('session', () => {
  it('survives a reload and opens the address asked for after signing in', async () => {
    await signIn(page, ADMIN.email, '/estoque');
    expect(new URL(page.url()).pathname).toBe('/estoque');
    await page.reload();
    await page.getByTestId('topbar-avatar').waitFor();
    expect(await page.getByLabel('E-mail').count()).toBe(0);
  });

  it('logs out with "Sair", revoking the token on the server', async () => {
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect
      .poll(async () => {
        const response = await fetch(`${baseURL()}/api/auth/validate`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return response.status;
      })
      .toBe(401);
  });

  it('drops a stored session the server no longer accepts', async () => {
    await page.goto(baseURL() + '/');
    await page.evaluate(() => {
      localStorage.setItem('token', 'token-revogado');
      localStorage.setItem('user', JSON.stringify({ nome: 'X', email: 'x@x.com', role: 'admin' }));
    });
    await page.reload();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
