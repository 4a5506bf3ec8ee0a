import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CAMPOS_IMPORTACAO } from '@prumo/shared/importacao';
import { aguardar, apiJson } from '../support/api';
import { apiToken, launchBrowser, newPage, signIn, WIDE } from '../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

/** A download the action starts (saved once its whole body arrived). */
async function baixar(acao: () => Promise<unknown>): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 45_000 }),
    acao(),
  ]);
  return download;
}

const texto = async (download: Download) => fs.readFileSync((await download.path())!, 'utf8');

async function planilha(download: Download) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const folha = workbook.worksheets[0]!;
  const linhas: string[][] = [];
  folha.eachRow((row) => {
    linhas.push((row.values as unknown[]).slice(1).map((valor) => String(valor ?? '')));
  });
  return linhas;
}

/** Step 1: the kind and the file, sent; waits for step 2 (the columns). */
async function enviar(tipo: string, nome: string, conteudo: string) {
  await page.getByRole('radio', { name: tipo, exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: nome,
    mimeType: 'text/csv',
    buffer: Buffer.from(conteudo, 'utf8'),
  });
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await page.getByTestId('mapeamento').waitFor();
}

/** Step 3's counts once the dry run of the options on screen answered. */
const contagem = (acao: string) => page.getByTestId(`contagem-${acao}`).textContent();

/** Step 4: starts the import and waits until it ends. */
async function importar() {
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await aguardar(() => page.getByTestId('importacao-status').textContent()).toMatch(
    /^(Concluída|Falhou|Cancelada)$/,
  );
  expect(await page.getByTestId('importacao-status').textContent()).toBe('Concluída');
}

describe('Importar dados', () => {
  it('imports products from a CSV with a refused row, their opening stock, and exports the product list as XLSX', async () => {
    const sufixo = Date.now().toString(36).toUpperCase();
    const [a, b, c] = ['A', 'B', 'C'].map((letra) => `IMP-${sufixo}-${letra}`);
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/configuracoes/importar');
    await page.getByRole('heading', { name: 'Importar dados' }).waitFor();

    // The sample sheet: a column per field, named as the fields.
    await page.getByRole('radio', { name: 'Produtos', exact: true }).click();
    const modelo = await baixar(() =>
      page.getByRole('button', { name: 'Baixar planilha modelo (XLSX)' }).click(),
    );
    expect(modelo.suggestedFilename()).toMatch(/\.xlsx$/);
    const [cabecalho] = await planilha(modelo);
    expect(cabecalho).toEqual(CAMPOS_IMPORTACAO.produtos.map((campo) => campo.rotulo));

    // Three products; the second one's price is not a price.
    await enviar(
      'Produtos',
      'produtos.csv',
      [
        'Código;Nome;Preço de venda;Preço de custo',
        `${a};Caneta importada ${sufixo};1,50;0,80`,
        `${b};Lápis importado ${sufixo};abc;0,30`,
        `${c};Borracha importada ${sufixo};2,00;1,00`,
      ].join('\n'),
    );
    // The columns were recognised by their names, with the file's values beside them.
    await aguardar(() => page.getByTestId('exemplo-nome').textContent()).toContain(
      `Caneta importada ${sufixo}`,
    );
    await page.getByRole('button', { name: 'Próximo' }).click();

    await aguardar(() => contagem('criar')).toBe('2');
    expect(await contagem('recusar')).toBe('1');
    // The refusal is beside the cell it is about, in red.
    const recusada = page.getByTestId('linha-3').locator('td[data-erro]');
    await expect(recusada.textContent()).resolves.toContain('abc');
    await expect(recusada.textContent()).resolves.toContain(
      'Preço de venda: informe um valor como 1.234,56',
    );
    // Only the valid rows.
    await page.getByText('Importar só as linhas válidas', { exact: true }).click();
    const proximo = page.getByRole('button', { name: 'Próximo' });
    await aguardar(() => proximo.isEnabled()).toBe(true);
    await proximo.click();
    await importar();
    const resultado = page.getByTestId('importacao-resultado');
    await aguardar(() => resultado.textContent()).toMatch(/Criados2.*Recusados1/);

    const recusadas = await baixar(() =>
      page.getByRole('button', { name: 'Baixar linhas recusadas (CSV)', exact: true }).click(),
    );
    const csv = await texto(recusadas);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [titulos, linha, ...resto] = csv.slice(1).trim().split(/\r?\n/);
    expect(titulos).toBe('Código;Nome;Preço de venda;Preço de custo;Motivo');
    expect(linha).toContain(`${b};Lápis importado ${sufixo};abc;0,30;`);
    expect(linha).toContain('Preço de venda: informe um valor como 1.234,56');
    expect(resto).toEqual([]);

    // The opening stock of one of them, found by its code.
    await page.getByRole('button', { name: 'Nova importação' }).click();
    await enviar(
      'Saldo inicial de estoque',
      'saldo.csv',
      ['Produto;Quantidade;Custo unitário', `${a};12;0,90`].join('\n'),
    );
    await page.getByRole('button', { name: 'Próximo' }).click();
    await aguardar(() => contagem('criar')).toBe('1');
    expect(await contagem('recusar')).toBe('0');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await importar();

    const token = await apiToken();
    const produtos = await apiJson<Array<{ codigo_interno: string; estoque: number | string }>>(
      token,
      `/produtos?q=${encodeURIComponent(`IMP-${sufixo}`)}`,
    );
    expect(
      produtos
        .map((p) => [p.codigo_interno, Number(p.estoque)])
        .sort(([x], [y]) => String(x).localeCompare(String(y))),
    ).toEqual([
      [a, 12],
      [c, 0],
    ]);

    // Both imports are in the history.
    const historico = page.getByTestId('historico-importacoes');
    await aguardar(() => historico.textContent()).toContain('saldo.csv');
    expect(await historico.textContent()).toContain('produtos.csv');

    // The product list exported with its search, the way the import reads it.
    await page.goto(`${new URL(page.url()).origin}/produtos`);
    await page.getByLabel('Pesquisar produtos').fill(`IMP-${sufixo}`);
    await aguardar(() => page.getByText(`Borracha importada ${sufixo}`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Exportar' }).click();
    const exportada = await baixar(() =>
      page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click(),
    );
    expect(exportada.suggestedFilename()).toMatch(/\.xlsx$/);
    const [titulosLista, ...linhasLista] = await planilha(exportada);
    expect(titulosLista).toEqual(CAMPOS_IMPORTACAO.produtos.map((campo) => campo.rotulo));
    const codigo = titulosLista!.indexOf('Código');
    const preco = titulosLista!.indexOf('Preço de venda');
    // Sorted by name as the list is; money as numbers.
    expect(
      linhasLista
        .filter((linha) => linha[codigo]?.startsWith('IMP-'))
        .map((linha) => [linha[codigo], Number(linha[preco])]),
    ).toEqual([
      [c, 2],
      [a, 1.5],
    ]);

    // The same menu leads an admin or manager to the wizard, on the list's own kind.
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menuitem', { name: 'Importar planilha' }).click();
    await page.waitForURL('**/configuracoes/importar?tipo=produtos');
    await aguardar(() =>
      page.getByRole('radio', { name: 'Produtos', exact: true }).isChecked(),
    ).toBe(true);
  });
});
