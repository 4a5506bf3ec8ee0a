import { spawnSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiToken, baseURL, launchBrowser, newPage, signIn, USER } from '../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

const esquema = (alvo: Page) =>
  alvo.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

describe('Configurações', () => {
  it("keeps a user's dark mode across a reload and on another browser", async () => {
    page = await newPage(browser);
    await signIn(page, USER.email);
    expect(await esquema(page)).toBe('light');
    const salvo = page.waitForResponse((r) => r.url().endsWith('/api/configuracoes/tema'));
    await page.getByTestId('tema-toggle').click();
    expect((await salvo).status()).toBe(200);
    expect(await esquema(page)).toBe('dark');
    await page.reload();
    await page.getByTestId('topbar-avatar').waitFor();
    expect(await esquema(page)).toBe('dark');

    // A fresh browser profile: the theme comes from the server after signing in.
    const outra = await newPage(browser);
    try {
      await signIn(outra, USER.email);
      await outra.waitForFunction(
        () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
      );
    } finally {
      await outra.context().close();
    }
  });

  it('saves the company on the Empresa tab; documents and screens read it', async () => {
    page = await newPage(browser);
    await signIn(page, ADMIN.email, '/configuracoes');
    await page.getByRole('tab', { name: 'Empresa' }).click();
    const form = page.getByTestId('empresa-form');
    const razao = form.getByLabel('Razão social');
    await razao.fill('Mercadinho E2E Ltda');
    const salvo = page.waitForResponse(
      (r) => r.url().endsWith('/api/configuracoes/empresa') && r.request().method() === 'PUT',
    );
    await form.getByRole('button', { name: 'Salvar' }).click();
    expect((await salvo).status()).toBe(200);
    await page.getByText('Dados da empresa salvos.').waitFor();

    const headers = { authorization: `Bearer ${await apiToken()}` };
    const empresa = await fetch(`${baseURL()}/api/configuracoes/empresa`, { headers });
    expect(((await empresa.json()) as { razao_social: string }).razao_social).toBe(
      'Mercadinho E2E Ltda',
    );
    const [venda] = (await (
      await fetch(`${baseURL()}/api/vendas?limit=1`, { headers })
    ).json()) as [{ id: number }];
    const pdf = await fetch(`${baseURL()}/api/vendas/${venda.id}/comprovante?formato=a4`, {
      headers,
    });
    expect(pdf.status).toBe(200);
    // Its header, read back as a person sees it (pdftotext, poppler-utils).
    const texto = spawnSync('pdftotext', ['-', '-'], {
      input: Buffer.from(await pdf.arrayBuffer()),
      encoding: 'utf8',
    }).stdout;
    expect(texto).toContain('Mercadinho E2E Ltda');
  });
});
