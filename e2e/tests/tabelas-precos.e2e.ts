import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CUSTO_ADICIONAL_MESSAGES, PRECO_MESSAGES } from '@prumo/shared/precos';
import {
  ADMIN,
  baseURL,
  DEMO_PASSWORD,
  launchBrowser,
  NARROW,
  newPage,
  signIn,
  WIDE,
} from '../support/browser';

let browser: Browser;
let page: Page;
let token: string;
const run = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: DEMO_PASSWORD }),
  });
  token = ((await response.json()) as { token: string }).token;
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}`).toBe(true);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const notification = (text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });

describe('price tables, additional costs and per-table prices', () => {
  it('creates a cost and a table with it, prices a product and sets margins in bulk', async () => {
    const custoNome = `Taxa E2E ${run}`;
    const tabelaNome = `Atacado E2E ${run}`;
    const produto = await api<{ id: number; nome: string }>('POST', '/produtos', {
      nome: `Produto Preços ${run}`,
      custo: 10,
      codigo_interno: `PP-${run}`,
    });

    // Additional cost: the spec's validation messages, then a 4 % cost.
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/produtos/custos-adicionais');
    await page.getByRole('heading', { name: 'Custos Adicionais' }).waitFor();
    await page.getByRole('button', { name: 'Novo Custo' }).click();
    const custoModal = dialog('Novo Custo Adicional');
    await custoModal.waitFor();
    const width = (await custoModal.boundingBox())!.width;
    expect(width).toBeGreaterThan(450);
    expect(width).toBeLessThanOrEqual(510);
    await custoModal.getByRole('button', { name: 'Salvar' }).click();
    await custoModal.getByText(CUSTO_ADICIONAL_MESSAGES.nomeObrigatorio).waitFor();
    await custoModal.getByText('Valor percentual deve ser maior que zero').waitFor();
    await custoModal.getByLabel('Nome').fill(custoNome);
    await custoModal.getByText('Fixo', { exact: true }).click();
    await custoModal.getByRole('button', { name: 'Salvar' }).click();
    await custoModal.getByText('Valor fixo deve ser maior que zero').waitFor();
    await custoModal.getByText('Percentual', { exact: true }).click();
    await custoModal.getByLabel('Valor percentual').fill('4');
    await custoModal.getByRole('button', { name: 'Salvar' }).click();
    await notification('Custo criado com sucesso!').waitFor();
    await page
      .getByTestId('custos-table')
      .getByRole('row')
      .filter({ hasText: custoNome })
      .waitFor();

    // Price table: 'Nome é obrigatório', the cost linked, the live example of the rule.
    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.getByRole('heading', { name: 'Tabelas de Preços' }).waitFor();
    await page.getByRole('link', { name: 'Nova Tabela' }).click();
    await page.waitForURL('**/produtos/tabelas-precos/adicionar');
    await page.getByRole('button', { name: 'Criar Tabela' }).click();
    await page.getByText('Nome é obrigatório').waitFor();
    await page.getByLabel('Nome').fill(tabelaNome);
    await page.getByRole('combobox', { name: 'Tipo', exact: true }).click();
    await page.getByRole('option', { name: 'Atacado' }).click();
    await page.getByLabel('Margem padrão (%)').fill('20');
    await page.getByTestId('custos-tabela').getByLabel(custoNome).check();
    // R$ 100,00 × 1,20 + 4 % of 100,00 = R$ 124,00
    await expect.poll(() => page.getByTestId('preco-final').textContent()).toContain('124,00');
    await page.getByRole('button', { name: 'Criar Tabela' }).click();
    await notification('Tabela de preços criada com sucesso!').waitFor();
    await page.waitForURL(/\/produtos\/tabelas-precos$/);
    const row = page
      .getByTestId('tabelas-precos-lista')
      .getByRole('row')
      .filter({ hasText: tabelaNome });
    await row.getByText('Atacado', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('20,00%');

    // Editing shows the linked cost marked.
    await row.getByRole('link', { name: `Editar ${tabelaNome}` }).click();
    await page.getByRole('heading', { name: 'Editar Tabela de Preços' }).waitFor();
    expect(await page.getByTestId('custos-tabela').getByLabel(custoNome).isChecked()).toBe(true);

    // The product's 'Preços por Tabela' tab: Definir, the required margin, the breakdown.
    await page.goto(`${baseURL()}/produtos/editar/${produto.id}`);
    await page.getByRole('tab', { name: 'Preços por Tabela' }).click();
    const tabela = page
      .getByTestId('precos-por-tabela')
      .getByRole('row')
      .filter({ hasText: tabelaNome });
    await tabela.getByRole('button', { name: 'Definir' }).click();
    const margemModal = dialog('Definir preço');
    await margemModal.waitFor();
    expect(await margemModal.getByLabel('Margem (%)').inputValue()).toBe('20 %');
    await margemModal.getByLabel('Margem (%)').fill('');
    await margemModal.getByRole('button', { name: 'Salvar' }).click();
    await margemModal.getByText(PRECO_MESSAGES.margemObrigatoria).waitFor();
    await margemModal.getByLabel('Margem (%)').fill('25');
    // 10,00 × 1,25 = 12,50 + 4 % of 10,00 = 0,40 → 12,90
    await expect
      .poll(() => margemModal.getByTestId('preco-final').textContent())
      .toContain('12,90');
    await margemModal.getByRole('button', { name: 'Salvar' }).click();
    await notification('Preço definido com sucesso!').waitFor();
    await tabela.getByRole('button', { name: 'Editar' }).waitFor();
    expect(await tabela.textContent()).toMatch(/25,00%.*12,90.*Ativo/);
    // The product form itself was not submitted.
    expect(page.url()).toContain(`/produtos/editar/${produto.id}`);
    expect(await notification('Produto atualizado com sucesso!').count()).toBe(0);

    await tabela.getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Tem certeza que deseja remover este preço?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await notification('Preço removido com sucesso!').waitFor();
    await tabela.getByRole('button', { name: 'Definir' }).waitFor();

    // The table's products: filter, select and set a margin in bulk.
    await page.goto(`${baseURL()}/produtos/tabelas-precos`);
    await row.getByRole('link', { name: `Ver produtos de ${tabelaNome}` }).click();
    await page.getByRole('heading', { name: tabelaNome }).waitFor();
    await page.getByLabel('Pesquisar produtos').fill(`pp-${run.toLowerCase()}`);
    const linha = page
      .getByTestId('tabela-produtos')
      .getByRole('row')
      .filter({ hasText: produto.nome });
    await linha.waitFor();
    await expect
      .poll(() => page.getByTestId('tabela-produtos').locator('tbody tr').count())
      .toBe(1);
    await linha.getByRole('checkbox').check();
    await page.getByLabel('Margem (%)').fill('30');
    await page.getByRole('button', { name: 'Aplicar aos selecionados (1)' }).click();
    await notification('Margem definida para 1 produto.').waitFor();
    // 10,00 × 1,30 = 13,00 + 0,40
    await expect.poll(() => linha.textContent()).toMatch(/30,00%.*R\$\s13,40.*Ativo/);

    // Deleting the table from its list.
    await page.getByRole('link', { name: 'Voltar' }).click();
    await row.getByRole('button', { name: `Excluir ${tabelaNome}` }).click();
    await page.getByText('Tem certeza que deseja excluir esta tabela de preços?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await notification('Tabela excluída com sucesso!').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it("offers 'Criar Primeira Tabela' when there is none, and fits a phone", async () => {
    page = await newPage(browser, NARROW);
    await page.route('**/api/tabelas-precos', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
        : route.fallback(),
    );
    await signIn(page, ADMIN.email, '/produtos/tabelas-precos');
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Criar Primeira Tabela' }).click();
    await page.waitForURL('**/produtos/tabelas-precos/adicionar');
    await page.getByRole('button', { name: 'Criar Tabela' }).waitFor();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
  });

  it("goes back to the list with 'Erro ao carregar dados da tabela' for an unknown table", async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/produtos/tabelas-precos/999999');
    await notification('Erro ao carregar dados da tabela').waitFor();
    await page.waitForURL(/\/produtos\/tabelas-precos$/);
  });
});
