import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayISO } from '@prumo/shared/dates';
import {
  ADMIN,
  launchBrowser,
  MANAGER,
  NARROW,
  newPage,
  signIn,
  USER,
  WIDE,
} from '../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

const sidebar = () => page.getByTestId('sidebar');
/** The collapsed sidebar slides out to the left of the window. */
async function sidebarShown(): Promise<boolean> {
  const box = await sidebar().boundingBox();
  return box !== null && box.x + box.width > 0;
}

describe('shell on a wide window', () => {
  it('shows the sidebar with its four sections and navigates with an exact active link', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page);
    const box = await sidebar().boundingBox();
    expect(box?.width).toBe(280);
    for (const section of ['Principal', 'Gestão', 'Relatórios', 'Sistema']) {
      await sidebar().getByText(section, { exact: true }).first().waitFor();
    }
    expect(await sidebar().getByRole('link').count()).toBe(17);
    expect(await page.getByText('Sistema ERP Completo').count()).toBe(1);

    await sidebar().getByRole('link', { name: 'Grupo de Produtos' }).click();
    await page.waitForURL('**/produtos/grupos');
    await expect
      .poll(() =>
        sidebar().getByRole('link', { name: 'Grupo de Produtos' }).getAttribute('aria-current'),
      )
      .toBe('page');
    // Exact match: /produtos is not active on /produtos/grupos.
    expect(
      await sidebar()
        .getByRole('link', { name: 'Produtos', exact: true })
        .getAttribute('aria-current'),
    ).toBeNull();
    expect(await sidebarShown()).toBe(true);

    const header = await page.locator('header').boundingBox();
    expect(header?.height).toBe(64);
    expect(await page.getByTestId('topbar-user-name').textContent()).toBe(ADMIN.nome);
    expect(await page.getByTestId('topbar-avatar').textContent()).toBe('AA');
  });

  it('counts / as the dashboard, toggles the sidebar and shows the user menu', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/');
    expect(
      await sidebar().getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'),
    ).toBe('page');

    await page.getByRole('button', { name: 'Fechar menu' }).click();
    await expect.poll(sidebarShown).toBe(false);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect.poll(sidebarShown).toBe(true);

    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(ADMIN.email).waitFor();
    await menu.getByRole('menuitem', { name: 'Perfil' }).waitFor();
    await page.mouse.click(700, 500);
    await menu.waitFor({ state: 'detached' });
  });

  it('shows a not-found page for unknown paths', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/nao-existe');
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
  });
});

describe('shell on a narrow window', () => {
  it('overlays the sidebar, closes it on a link choice and hides the user name', async () => {
    page = await newPage(browser, NARROW);
    await signIn(page);
    expect(await sidebarShown()).toBe(true);
    await page.getByTestId('sidebar-overlay').waitFor();
    expect(await page.getByTestId('topbar-user-name').isVisible()).toBe(false);

    // No content offset for the sidebar below 768 px.
    const main = await page.locator('main').boundingBox();
    expect(main?.x).toBe(0);

    await sidebar().getByRole('link', { name: 'Estoque' }).click();
    await page.waitForURL('**/estoque');
    await expect.poll(sidebarShown).toBe(false);
    expect(await page.getByTestId('sidebar-overlay').count()).toBe(0);

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByTestId('sidebar-overlay').click({ position: { x: 360, y: 400 } });
    await expect.poll(sidebarShown).toBe(false);
  });
});

describe('access by role', () => {
  it('denies /configuracoes to a manager', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, MANAGER.email, '/dashboard');
    await sidebar().getByRole('link', { name: 'Configurações' }).click();
    await page.getByRole('heading', { name: 'Acesso Negado' }).waitFor();
    await page.getByText('Você não tem permissão para acessar esta página.').waitFor();
    expect(await page.getByTestId('access-denied-role').textContent()).toContain('Gerente');
    expect(await page.getByTestId('access-denied-required').textContent()).toContain(
      'Administrador',
    );
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('denies /financeiro to a user and lets a manager in', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, USER.email, '/financeiro');
    await page.getByRole('heading', { name: 'Acesso Negado' }).waitFor();
    await page.context().close();

    page = await newPage(browser, WIDE);
    await signIn(page, MANAGER.email, '/financeiro');
    await page.getByRole('tab', { name: 'Contas a Pagar' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Acesso Negado' }).count()).toBe(0);
  });
});

describe('dashboard', () => {
  it('renders the cards, both charts, the accounts and the calendar', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('summary-card').nth(3).waitFor();
    expect(await page.getByTestId('summary-card').count()).toBe(4);
    for (const title of [
      'A Receber Hoje',
      'A Pagar Hoje',
      'Recebimentos do Mês',
      'Pagamentos do Mês',
    ]) {
      await page.getByText(title, { exact: true }).waitFor();
    }
    await page.getByTestId('chart-fluxo-caixa').locator('svg.recharts-surface').first().waitFor();
    await page
      .getByTestId('chart-vendas-categoria')
      .locator('svg.recharts-surface')
      .first()
      .waitFor();
    const lineChart = await page
      .getByTestId('chart-fluxo-caixa')
      .locator('.recharts-responsive-container')
      .boundingBox();
    expect(lineChart?.height).toBe(300);
    for (const text of ['Receitas', 'Despesas']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    // The demo's Caixa account, with its balance computed by the server.
    await page.getByTestId('contas-bancarias').getByText('Caixa').first().waitFor();
    const calendar = page.getByTestId('calendario');
    const hoje = todayISO('America/Sao_Paulo');
    const diasNoMes = new Date(Date.UTC(Number(hoje.slice(0, 4)), Number(hoje.slice(5, 7)), 0));
    expect(await calendar.getByTestId('calendar-day').count()).toBe(diasNoMes.getUTCDate());
    expect(await calendar.locator('[data-today]').textContent()).toBe(
      String(Number(hoje.slice(8))),
    );
  });
});
