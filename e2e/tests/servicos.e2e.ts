import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, NARROW, newPage, signIn, WIDE } from '../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

/** A unique tag per run, so the test finds only what it created. */
const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
const nome = `Manutenção Elétrica ${tag}`;
const categoria = `Elétrica ${tag}`;

const notification = (text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

const row = (text: string) =>
  page.getByTestId('servicos-table').locator('tbody tr').filter({ hasText: text });

/** A row's text with the non-breaking spaces of pt-BR money as plain spaces. */
const rowText = async (text: string) =>
  ((await row(text).textContent()) ?? '').replace(/\u00a0/g, ' ');

const openTab = (name: string) => page.getByRole('tab', { name, exact: true }).click();

async function search(text: string) {
  await page.getByRole('textbox', { name: 'Pesquisar serviços' }).fill(text);
}

describe('service catalogue', () => {
  it('creates a service through every tab, finds it without accents, edits, filters and deletes it', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/servicos');
    await page.getByRole('heading', { name: 'Serviços', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Novo Serviço' }).first().click();
    await page.waitForURL('**/servicos/adicionar-servico');
    await page.getByRole('heading', { name: 'Adicionar Serviço' }).waitFor();

    // Nothing typed: the name is required, nothing is sent
    await page.getByRole('button', { name: 'Salvar Serviço' }).click();
    await page.getByText('Nome do serviço é obrigatório').first().waitFor();

    // Dados gerais, with section 9's defaults
    expect(await page.getByRole('combobox', { name: 'Categoria' }).inputValue()).toBe('Geral');
    expect(await page.getByLabel('Duração (minutos)').inputValue()).toBe('60 min');
    await page.getByLabel('Nome do serviço').fill(nome);
    await page.getByLabel('Código interno').fill(tag);
    await page.getByRole('combobox', { name: 'Categoria' }).fill(categoria);
    await page.getByLabel('Duração (minutos)').fill('90');
    await page.getByText('= 1 h 30 min').waitFor();
    await page.getByLabel('Valor de custo').fill('20,00');
    await page.getByLabel('Valor de venda').fill('150,00');
    await page.getByLabel('Comissão').fill('10');
    await page.getByLabel('Descrição').fill('Troca de tomadas e disjuntores');

    await openTab('Fotos');
    await page.getByText('JPG, PNG e GIF').waitFor();

    await openTab('Fiscal');
    await page.getByLabel('NCM').fill('8536.50.90');
    await page.getByLabel('CFOP').fill('5933');
    await page.getByLabel('Alíquota ICMS').fill('18');

    await openTab('Fornecedores');
    const fornecedor = page.getByRole('combobox', { name: 'Fornecedor principal' });
    await fornecedor.fill('embalagens');
    await page.getByRole('option', { name: 'Embalagens Rio Grande Ltda' }).click();
    await page.getByLabel('Código do fornecedor').fill('ERG-77');

    await page.getByRole('button', { name: 'Salvar Serviço' }).click();
    await notification('Serviço cadastrado com sucesso!').waitFor();
    await page.waitForURL(/\/servicos$/);

    // Found by name without accents, and by category
    await search(`manutencao eletrica ${tag.toLowerCase()}`);
    await expect.poll(() => row(tag).count()).toBe(1);
    expect(await rowText(tag)).toContain('R$ 150,00');
    expect(await rowText(tag)).toContain('1 h 30 min');
    expect(await rowText(tag)).toContain('Ativo');
    await search(`eletrica ${tag}`);
    await expect.poll(() => row(tag).count()).toBe(1);

    // Edit: everything came back, every tab
    await row(tag)
      .getByRole('link', { name: `Editar ${nome}` })
      .click();
    await page.waitForURL(/\/servicos\/editar\/\d+$/);
    await page.getByRole('heading', { name: 'Editar Serviço' }).waitFor();
    expect(await page.getByLabel('Nome do serviço').inputValue()).toBe(nome);
    expect(await page.getByLabel('Valor de venda').inputValue()).toBe('R$ 150,00');
    expect(await page.getByLabel('Comissão').inputValue()).toBe('10 %');
    await openTab('Fiscal');
    expect(await page.getByLabel('NCM').inputValue()).toBe('85365090');
    expect(await page.getByLabel('CFOP').inputValue()).toBe('5933');
    await openTab('Fornecedores');
    expect(await fornecedor.inputValue()).toBe('Embalagens Rio Grande Ltda');
    expect(await page.getByLabel('Código do fornecedor').inputValue()).toBe('ERG-77');
    await openTab('Dados gerais');
    await page.getByLabel('Valor de venda').fill('180,00');
    const ativo = page.getByRole('switch', { name: /Serviço ativo/ });
    expect(await ativo.isChecked()).toBe(true);
    await ativo.uncheck();
    await page.getByRole('button', { name: 'Atualizar Serviço' }).click();
    await notification('Serviço atualizado com sucesso!').waitFor();
    await page.waitForURL(/\/servicos$/);

    // Filtros: its category, inactive only; then active only finds nothing
    await search('');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: categoria, exact: true }).click();
    await page.getByText('Inativos', { exact: true }).click();
    await expect.poll(() => page.getByTestId('servicos-table').locator('tbody tr').count()).toBe(1);
    expect(await row(tag).count()).toBe(1);
    expect(await rowText(tag)).toContain('R$ 180,00');
    expect(await rowText(tag)).toContain('Inativo');
    expect(await page.getByTestId('filtros-ativos').textContent()).toBe('2');
    await page.getByText('Ativos', { exact: true }).click();
    await page.getByText('Nenhum serviço encontrado').waitFor();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await page.getByText('Nenhum filtro aplicado.').waitFor();
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByText('Nenhum filtro aplicado.').waitFor({ state: 'hidden' });
    await search(tag);
    await expect.poll(() => row(tag).count()).toBe(1);

    // Delete, after the confirmation
    await row(tag)
      .getByRole('button', { name: `Excluir ${nome}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Tem certeza que deseja excluir este serviço?').waitFor();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await notification('Serviço excluído com sucesso!').waitFor();
    await expect.poll(() => row(tag).count()).toBe(0);
  });

  it('fits a phone: the list and the form scroll only down', async () => {
    page = await newPage(browser, NARROW);
    await signIn(page, undefined, '/servicos');
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    await search('troca de tela');
    await expect.poll(() => row('Troca de tela de celular').count()).toBe(1);
    const excluir = await row('Troca de tela de celular')
      .getByRole('button', { name: 'Excluir Troca de tela de celular' })
      .boundingBox();
    expect(excluir!.x + excluir!.width).toBeLessThanOrEqual(NARROW.width);
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(NARROW.width);

    await row('Troca de tela de celular')
      .getByRole('link', { name: 'Editar Troca de tela de celular' })
      .click();
    await page.getByLabel('Nome do serviço').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(NARROW.width);
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await page.waitForURL(/\/servicos$/);
  });
});
