import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, NARROW, newPage, signIn, WIDE } from '../support/browser';
import { aguardar } from '../support/api';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

/** Picks an option of a Mantine Select by its label. */
async function escolher(rotulo: string, opcao: string) {
  await page.getByRole('combobox', { name: rotulo, exact: true }).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

/** A download the action starts. */
async function baixar(acao: () => Promise<unknown>) {
  // The file is saved once its whole body arrived: a busy machine takes a while.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 45_000 }),
    acao(),
  ]);
  return download;
}

describe('Relatórios', () => {
  it('opens the Curva ABC of the last 12 months, sorts it, exports it as XLSX with numbers and prints its PDF', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Relatórios', exact: true })
      .click();
    const catalogo = page.getByRole('navigation', { name: 'Catálogo de relatórios' });
    await catalogo.getByRole('link', { name: 'Curva ABC de produtos' }).click();
    await page.getByRole('heading', { name: 'Curva ABC de produtos' }).waitFor();
    await escolher('Período', 'Últimos 12 meses');
    await aguardar(() => new URL(page.url()).searchParams.get('de')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(new URL(page.url()).searchParams.get('r')).toBe('curva-abc-produtos');

    // The demo's six months of sales: products ranked, each in class A, B or C, A first.
    const tabela = page.getByTestId('relatorio-tabela');
    const classes = () => tabela.locator('tbody tr td:last-child').allTextContents();
    await aguardar(async () => (await classes()).length).toBeGreaterThan(2);
    const lidas = await classes();
    expect(lidas[0]).toBe('A');
    expect(lidas.every((classe) => ['A', 'B', 'C'].includes(classe))).toBe(true);
    expect(await tabela.locator('tfoot').textContent()).toMatch(/^Total.*R\$/);
    await aguardar(() => page.getByTestId('relatorio-contagem').textContent()).toMatch(
      /^\d+ linhas?$/,
    );

    // Sorted by name on the server: the address keeps it.
    await tabela.locator('thead th', { hasText: 'Produto' }).click();
    await aguardar(() => new URL(page.url()).searchParams.get('sort')).toBe('nome');
    const nomes = () => tabela.locator('tbody tr td:nth-child(2)').allTextContents();
    await aguardar(async () => {
      const lista = await nomes();
      return lista.join('|') === [...lista].sort((a, b) => a.localeCompare(b, 'pt-BR')).join('|');
    }).toBe(true);

    const xlsx = await baixar(() => page.getByRole('button', { name: 'Exportar XLSX' }).click());
    expect(xlsx.suggestedFilename()).toMatch(
      /^curva-abc-produtos-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.readFile(await xlsx.path());
    const folha = livro.worksheets[0]!;
    expect(folha.getRow(1).values).toEqual([
      undefined,
      'Posição',
      'Produto',
      'Faturamento',
      'Participação',
      'Acumulado',
      'Classe',
    ]);
    const [, posicao, produto, faturamento, participacao, acumulado, classe] = folha.getRow(2)
      .values as unknown[];
    expect(typeof posicao).toBe('number');
    expect(typeof produto).toBe('string');
    expect(typeof faturamento).toBe('number');
    expect(typeof participacao).toBe('number');
    expect(typeof acumulado).toBe('number');
    expect(['A', 'B', 'C']).toContain(classe);
    // In the order on screen: sorted by product name.
    expect(produto).toBe((await nomes())[0]);

    const pdf = await baixar(() => page.getByRole('button', { name: 'Imprimir PDF' }).click());
    expect(pdf.suggestedFilename()).toMatch(/^curva-abc-produtos-.*\.pdf$/);
    const conteudo = fs.readFileSync(await pdf.path());
    expect(conteudo.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('on a phone, picks the report from the grouped select and reproduces a shared link', async () => {
    page = await newPage(browser, NARROW);
    await signIn(page, undefined, '/relatorios?r=vendas-por-periodo&agrupar=mes');
    await page.getByRole('heading', { name: 'Vendas por período' }).waitFor();
    // The sidebar opens over the screen after signing in on a phone.
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    // The link's grouping is on screen and in the table's periods (mm/aaaa).
    await aguardar(() =>
      page.getByTestId('relatorio-tabela').locator('tbody tr td:first-child').first().textContent(),
    ).toMatch(/^\d{2}\/\d{4}$/);
    await escolher('Relatório', 'Vendas por forma de pagamento');
    await page.getByRole('heading', { name: 'Vendas por forma de pagamento' }).waitFor();
    expect(new URL(page.url()).searchParams.get('r')).toBe('vendas-por-forma-pagamento');
  });

  it("walks the owner's story: Analytics against last month and last year, through to the ABC curve, and the overdue receivables by age as a PDF", async () => {
    page = await newPage(browser, WIDE);
    await signIn(page);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Analytics', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    await escolher('Período', 'Mês passado');
    const faturamento = page.getByTestId('kpi-Faturamento');
    // The demo's sales of last month, each card against the month before and last year.
    await aguardar(() => faturamento.textContent()).toMatch(/R\$\s?[\d.]+,\d{2}/);
    expect(await faturamento.textContent()).toContain('vs. período anterior');
    expect(await faturamento.textContent()).toContain('vs. ano passado');
    await page.getByTestId('analytics-serie').waitFor();

    const produtos = page.getByTestId('analytics-produtos');
    await aguardar(() => produtos.locator('tbody tr').count()).toBeGreaterThan(0);
    const primeiro = await produtos.locator('tbody tr td:nth-child(2)').first().textContent();
    await produtos.getByRole('link', { name: 'Ver curva ABC' }).click();
    await page.getByRole('heading', { name: 'Curva ABC de produtos' }).waitFor();
    // The same period and the same leader as on Analytics.
    const tabela = page.getByTestId('relatorio-tabela');
    await aguardar(() => tabela.locator('tbody tr td:nth-child(2)').first().textContent()).toBe(
      primeiro,
    );

    const catalogo = page.getByRole('navigation', { name: 'Catálogo de relatórios' });
    await catalogo.getByRole('link', { name: 'Inadimplência por idade' }).click();
    await page.getByRole('heading', { name: 'Inadimplência por idade' }).waitFor();
    await aguardar(() => tabela.locator('thead').textContent()).toContain('Mais de 90 dias');
    const pdf = await baixar(() => page.getByRole('button', { name: 'Imprimir PDF' }).click());
    expect(pdf.suggestedFilename()).toMatch(/^financeiro-inadimplencia-.*\.pdf$/);
    expect(
      fs
        .readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});
