import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@prumo/shared/produtos';
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

const notification = (text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
const select = (label: string) => page.getByRole('combobox', { name: label, exact: true });
const inputOf = (label: string) => page.getByLabel(label, { exact: true });

async function chooseOption(label: string, option: string | RegExp) {
  await select(label).click();
  await page.getByRole('option', { name: option }).click();
}

describe('label templates and printing', () => {
  it('creates a template with the defaults, resets, edits it and downloads a label PDF', async () => {
    const nome = `Gôndola E2E ${run}`;
    const body = `789${String(Date.now()).slice(-9)}`;
    const created = await fetch(`${baseURL()}/api/produtos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        nome: `Biscoito Etiqueta ${run}`,
        codigo_barras: body + gtinCheckDigit(body),
        preco: 6.49,
      }),
    });
    expect(created.status).toBe(201);

    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/produtos/adicionar-etiqueta');
    await page.getByRole('heading', { name: 'Adicionar Etiqueta' }).waitFor();
    const crumbs = page.locator('.mantine-Breadcrumbs-root');
    expect((await crumbs.textContent())?.replace(/\s+/g, '')).toBe('Início/Etiquetas/Adicionar');
    expect(await crumbs.getByRole('link', { name: 'Etiquetas' }).getAttribute('href')).toBe(
      '/produtos',
    );

    // Section 9's create defaults.
    const defaults = {
      Padrão: 'Indefinido',
      Fonte: 'Helvetica',
      'Tamanho da fonte': '8 pt',
      'Tamanho da página': 'A4 (210 × 297 mm)',
      'Exibir código interno': 'Sim',
      'Exibir código de barras': 'Sim',
      'Exibir número do código de barras': 'Não',
      'Exibir valor do produto': 'Sim',
      'Tamanho da fonte do valor': 'Padrão',
      'Posição do código de barras': 'Inferior',
    };
    for (const [label, value] of Object.entries(defaults)) {
      expect(await select(label).inputValue(), label).toBe(value);
    }
    expect(await inputOf('Colunas por página').inputValue()).toBe('3');

    await page.getByRole('button', { name: 'Salvar Etiqueta' }).click();
    await page.getByText('Nome é obrigatório').waitFor();

    await page.getByLabel('Nome').fill(nome);
    await chooseOption('Preencher com uma folha Pimaco', /^Pimaco 6180/);
    expect(await inputOf('Largura da etiqueta').inputValue()).toBe('66,7 mm');
    expect(await select('Tamanho da página').inputValue()).toBe(
      'Carta / Letter (215,9 × 279,4 mm)',
    );
    expect(await select('Padrão').inputValue()).toBe('Pimaco');
    await chooseOption('Tamanho da fonte', '10 pt');
    await chooseOption('Exibir número do código de barras', 'Sim');
    await page.getByTestId('folha-preview').waitFor();
    expect(await page.getByTestId('folha-preview').locator('rect[data-slot]').count()).toBe(30);
    await page.getByRole('button', { name: 'Salvar Etiqueta' }).click();
    await notification('Etiqueta criada com sucesso!').waitFor();
    // The form is back to its defaults for the next template.
    await expect.poll(() => page.getByLabel('Nome').inputValue()).toBe('');
    expect(await inputOf('Largura da etiqueta').inputValue()).toBe('63,5 mm');
    expect(await select('Tamanho da fonte').inputValue()).toBe('8 pt');

    // The list: the spec's columns; the edit form opens the template unchanged.
    await page.goto(`${baseURL()}/produtos/etiquetas`);
    const row = page.getByTestId('etiquetas-lista').getByRole('row').filter({ hasText: nome });
    await row.waitFor();
    const headers = await page.getByTestId('etiquetas-lista').locator('thead th').allTextContents();
    expect(headers.map((text) => text.trim())).toEqual([
      'Nome',
      'Padrão',
      'Dimensões',
      'Fonte',
      'Colunas/Linhas',
      'Página',
      'Criado em',
      'Ações',
    ]);
    expect(await row.textContent()).toMatch(
      /Pimaco.*66,7 × 25,4 mm.*Helvetica 10 pt.*3\/10.*Carta/,
    );
    await row.getByRole('link', { name: `Editar ${nome}` }).click();
    await page.getByRole('heading', { name: 'Editar Etiqueta' }).waitFor();
    expect(await select('Tamanho da fonte').inputValue()).toBe('10 pt');
    expect(await select('Exibir número do código de barras').inputValue()).toBe('Sim');
    expect(await select('Tamanho da página').inputValue()).toBe(
      'Carta / Letter (215,9 × 279,4 mm)',
    );
    await page.getByLabel('Nome').fill(`${nome} v2`);
    await page.getByRole('button', { name: 'Atualizar Etiqueta' }).click();
    await notification('Etiqueta atualizada com sucesso!').waitFor();
    await page.waitForURL(/\/produtos\/etiquetas$/);

    // Printing: 3 labels of the product from label 5 of a part-used sheet, retail prices.
    const printRow = page
      .getByTestId('etiquetas-lista')
      .getByRole('row')
      .filter({ hasText: `${nome} v2` });
    await printRow.getByRole('link', { name: `Imprimir com ${nome} v2` }).click();
    await page.getByRole('heading', { name: 'Imprimir Etiquetas' }).waitFor();
    expect(await page.getByTestId('etiquetas-modelo').inputValue()).toBe(`${nome} v2`);
    await page
      .getByTestId('etiquetas-busca-produto')
      .fill(`biscoito etiqueta ${run.toLowerCase()}`);
    await page.getByRole('option', { name: new RegExp(`Biscoito Etiqueta ${run}`) }).click();
    await page.getByLabel(`Quantidade de Biscoito Etiqueta ${run}`).fill('3');
    await page.getByTestId('folha-preview').locator('rect[data-slot="5"]').click();
    expect(await inputOf('Começar na etiqueta').inputValue()).toBe('5');
    expect(
      await page.getByTestId('folha-preview').locator('rect[data-estado="usada"]').count(),
    ).toBe(4);
    expect(
      await page.getByTestId('folha-preview').locator('rect[data-estado="imprime"]').count(),
    ).toBe(3);
    await chooseOption('Preço impresso', 'Varejo Loja');
    expect(await page.getByTestId('etiquetas-resumo').textContent()).toBe('3 etiquetas em 1 folha');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Gerar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^etiquetas-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = await download.path();
    const pdf = fs.readFileSync(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    await notification('PDF gerado: 3 etiquetas em 1 folha.').waitFor();

    // Deleting the template.
    await page.goto(`${baseURL()}/produtos/etiquetas`);
    await printRow.getByRole('button', { name: `Excluir ${nome} v2` }).click();
    await page.getByText('Tem certeza que deseja excluir esta etiqueta?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await notification('Etiqueta excluída com sucesso!').waitFor();
    await printRow.waitFor({ state: 'detached' });
  });

  it("shows 'Etiqueta não encontrada' and goes to the list; the empty list says so", async () => {
    page = await newPage(browser, NARROW);
    await signIn(page, ADMIN.email, '/produtos/etiquetas/editar/999999');
    await notification('Etiqueta não encontrada').waitFor();
    await page.waitForURL(/\/produtos\/etiquetas$/);
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    await page.getByLabel('Pesquisar etiquetas').fill(`nada-${run}`);
    await page.getByText('Nenhuma etiqueta encontrada').waitFor();
  });
});
