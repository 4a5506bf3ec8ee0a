import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiToken, baseURL, launchBrowser, newPage, signIn } from '../support/browser';

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

const unique = () => Date.now().toString(36);

/** Signs out through the top bar's menu and waits for the login screen. */
async function signOut(target: Page) {
  await target.getByRole('button', { name: 'Menu do usuário' }).click();
  await target.getByRole('menuitem', { name: 'Sair' }).click();
  await target.getByRole('button', { name: 'Entrar' }).waitFor();
}

describe('users and profile', () => {
  it('an admin creates a user in Configurações → Usuários, and that user signs in', async () => {
    const email = `bruno.${unique()}@empresa.com.br`;
    await signIn(page, undefined, '/configuracoes');
    await page.getByRole('tab', { name: 'Usuários' }).click();
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const modal = page.getByRole('dialog', { name: 'Novo usuário' });
    await modal.getByLabel('Nome').fill('Bruno Balconista');
    await modal.getByLabel('E-mail').fill(email);
    await modal.getByLabel('Senha inicial').fill('primeira-senha');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usuário criado com sucesso!').waitFor();
    const row = page.getByTestId('usuarios-table').getByRole('row', { name: /Bruno Balconista/ });
    expect(await row.textContent()).toContain('Ativo');
    const admin = page
      .getByTestId('usuarios-table')
      .getByRole('row', { name: /Ana Administradora/ });
    expect(await admin.textContent()).toContain('Administrador');
    // No reset for one's own account (that is Perfil's, with the current password).
    expect(await admin.getByRole('button', { name: /Redefinir senha/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /Redefinir senha/ }).count()).toBe(1);

    const other = await newPage(browser);
    try {
      await other.goto(baseURL() + '/');
      await other.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
      await other
        .getByText('Peça a um administrador do sistema para redefinir a sua senha.')
        .waitFor();
      await other.getByRole('link', { name: 'Voltar para o login' }).click();
      await signIn(other, email, '/', 'primeira-senha');
      expect(await other.getByTestId('topbar-user-name').textContent()).toBe('Bruno Balconista');
    } finally {
      await other.context().close();
    }
  });

  it('a user changes their password in Perfil and signs in with it', async () => {
    const email = `carla.${unique()}@empresa.com.br`;
    const created = await fetch(`${baseURL()}/api/usuarios`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await apiToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ nome: 'Carla Caixa', email, role: 'user', senha: 'senha-inicial' }),
    });
    expect(created.status).toBe(201);

    await signIn(page, email, '/', 'senha-inicial');
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await page.getByRole('heading', { name: 'Perfil' }).waitFor();
    await page.getByText('Esta sessão').waitFor();
    await page.getByLabel(/^Senha atual/).fill('senha-inicial');
    await page.getByLabel(/^Nova senha/).fill('senha-trocada');
    await page.getByLabel(/^Confirme a nova senha/).fill('senha-trocada');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Senha alterada. As suas outras sessões foram encerradas.').waitFor();

    await signOut(page);
    await signIn(page, email, '/', 'senha-trocada');
    expect(await page.getByTestId('topbar-user-name').textContent()).toBe('Carla Caixa');
  });
});
