import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import {
  ADMIN,
  baseURL,
  DEMO_PASSWORD,
  launchBrowser,
  NARROW,
  newPage,
  signIn,
  USER,
  WIDE,
} from '../support/browser';

let browser: Browser;
let page: Page;
let produto: { id: number; nome: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const nome = `E2E Auditoria ${Date.now().toString(36)}`;
  const created = await fetch(`${baseURL()}/api/produtos`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ nome, custo: 2 }),
  });
  const { id } = (await created.json()) as { id: number };
  await fetch(`${baseURL()}/api/produtos/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ nome: `${nome} Renomeado`, custo: 2.5 }),
  });
  produto = { id, nome };
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

describe('Configurações → Auditoria', () => {
  it('lists the change of a product with who made it, and opens before → after', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/configuracoes');
    await page.getByRole('heading', { name: 'Configurações' }).waitFor();
    await page.getByRole('tab', { name: 'Auditoria' }).waitFor();
    await page.getByRole('combobox', { name: 'Recurso' }).click();
    await page.getByRole('option', { name: 'Produtos', exact: true }).click();
    await page.getByLabel('Pesquisar').fill(String(produto.id));
    const linha = page
      .getByTestId('auditoria-table')
      .getByRole('row')
      .filter({ hasText: 'Alteração' })
      .filter({ hasText: `#${produto.id}` });
    await linha.first().waitFor();
    await linha.first().getByText(ADMIN.nome).waitFor();
    await linha.first().click();
    const modal = page.getByRole('dialog');
    await modal.getByText(`${produto.nome} Renomeado`).waitFor();
    await modal.getByRole('cell', { name: produto.nome, exact: true }).waitFor();
    await modal.getByRole('row').filter({ hasText: 'custo final' }).getByText('2,5').waitFor();
  });

  it("opens a product's history from its edit screen, also on a phone", async () => {
    page = await newPage(browser, NARROW);
    await signIn(page, ADMIN.email, `/produtos/editar/${produto.id}`);
    // On a phone the menu starts open over the page.
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    await page.getByRole('button', { name: 'Histórico' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Histórico de alterações').waitFor();
    await drawer.getByText('Criação').waitFor();
    await drawer.getByText('Alteração').waitFor();
  });

  it('stays closed to a user who is not an admin', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, USER.email, '/configuracoes');
    await page.getByRole('heading', { name: 'Acesso Negado' }).waitFor();
  });
});
