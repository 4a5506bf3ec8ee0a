import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@prumo/shared/produtos';
import { baseURL, launchBrowser, NARROW, newPage, signIn, WIDE } from '../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

/** A unique tag per run, so the test finds only what it created. */
const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
const body = `789${String(Date.now()).slice(-9)}`;
const barcode = body + gtinCheckDigit(body);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const notification = (text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

const select = (label: string) => page.getByRole('combobox', { name: label, exact: true });

async function chooseOption(input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openTab(name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

async function searchProdutos(text: string) {
  const box = page.getByPlaceholder('Pesquisar produtos...');
  await box.fill(text);
}

const row = (nome: string) =>
  page.getByTestId('produtos-table').locator('tbody tr').filter({ hasText: nome });

describe('products', () => {
  it('adds a product through all tabs, finds it, edits it and deletes it', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/produtos');
    await page.getByRole('heading', { name: 'Produtos', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Adicionar Produto' }).first().click();
    await page.waitForURL('**/produtos/adicionar-produto');

    // Dados
    await page.getByLabel('Nome do produto').fill(`Café Especial ${tag}`);
    await page.getByLabel('Código interno').fill(`${tag}-1`);
    await page.getByLabel('Código de barras').fill(barcode);
    expect(await select('Grupo do produto').inputValue()).toBe('Categoria Padrão');
    await chooseOption(select('Grupo do produto'), 'Bebidas');
    await chooseOption(select('Unidade de medida'), 'PCT - Pacote');
    expect(await page.getByLabel('Movimenta estoque').isChecked()).toBe(true);
    expect(await page.getByLabel('Possui variações').isChecked()).toBe(false);
    await page.getByLabel('Possui variações').check();

    // Detalhes
    await openTab('Detalhes');
    expect(await page.getByLabel('Quantidade de saída').inputValue()).toBe('1,00');
    expect(await page.getByLabel('Peso (kg)').inputValue()).toBe('0,000');
    await page.getByLabel('Peso (kg)').fill('0,5');
    await page.getByLabel('Comissão (%)').fill('3');
    await page.getByLabel('Descrição').fill('Grãos selecionados');

    // Valores: computed live with the shared rule
    await openTab('Valores');
    expect(await page.getByLabel('Lucro sugerido (%)').inputValue()).toBe('50,00 %');
    await page.getByLabel('Valor de custo').fill('10,00');
    await page.getByLabel('Despesas acessórias').fill('1,50');
    await page.getByLabel('Outras despesas').fill('0,50');
    await expect.poll(() => page.getByTestId('custo-final').inputValue()).toBe('R$ 12,00');
    await expect.poll(() => page.getByTestId('valor-venda-sugerido').inputValue()).toBe('R$ 18,00');
    await page.getByLabel('Lucro sugerido (%)').fill('25');
    await expect.poll(() => page.getByTestId('valor-venda-sugerido').inputValue()).toBe('R$ 15,00');
    await page.getByLabel('Valor de venda utilizado').fill('16,90');

    // Estoque: below the minimum, so shown in red (no initial stock: a product with stock
    // movements is kept by the stock ledger and could not be deleted at the end)
    await openTab('Estoque');
    expect(await page.getByLabel('Quantidade atual').inputValue()).toBe('0');
    await page.getByLabel('Estoque mínimo').fill('5');

    // Fotos
    await openTab('Fotos');
    await page.locator('input[type=file]').setInputFiles({
      name: 'cafe.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByTestId('foto-card').waitFor();

    // Fiscal
    await openTab('Fiscal');
    await page.getByLabel('NCM').fill('09012100');
    await chooseOption(select('Origem'), '1 - Estrangeira - importação direta');
    expect(await select('Produto específico').inputValue()).toBe('Não usar');

    // Fornecedores (placeholder)
    await openTab('Fornecedores');
    await page.getByText('Nenhum fornecedor vinculado').waitFor();

    await page.getByRole('button', { name: 'Salvar Produto' }).click();
    await notification('Produto cadastrado com sucesso!').waitFor();
    await page.waitForURL(/\/produtos$/);

    // Found by name without accents, by barcode and by internal code
    await searchProdutos(`cafe especial ${tag.toLowerCase()}`);
    await expect.poll(() => row(tag).count()).toBe(1);
    const created = row(tag);
    expect(await created.getByTestId('produto-estoque').textContent()).toBe('0 PCT');
    expect(await created.getByTestId('produto-estoque').getAttribute('data-estoque-baixo')).toBe(
      'true',
    );
    expect(await created.textContent()).toMatch(/R\$\s16,90/);
    expect(await created.textContent()).toContain('Bebidas');
    await expect
      .poll(() => created.getByTestId('produto-thumb').getAttribute('data-loaded'))
      .toBe('true');
    await searchProdutos(barcode.slice(4, 11));
    await expect.poll(() => row(tag).count()).toBe(1);

    // Edit: every field comes back
    await created.getByRole('link', { name: `Editar Café Especial ${tag}` }).click();
    await page.waitForURL('**/produtos/editar/*');
    await page.getByRole('button', { name: 'Atualizar Produto' }).waitFor();
    expect(await page.getByLabel('Nome do produto').inputValue()).toBe(`Café Especial ${tag}`);
    expect(await page.getByLabel('Possui variações').isChecked()).toBe(true);
    await openTab('Detalhes');
    expect(await page.getByLabel('Peso (kg)').inputValue()).toBe('0,500');
    expect(await page.getByLabel('NCM').inputValue()).toBe('0901.21.00');
    await openTab('Valores');
    expect(await page.getByLabel('Valor de venda utilizado').inputValue()).toBe('R$ 16,90');
    expect(await page.getByTestId('custo-final').inputValue()).toBe('R$ 12,00');
    expect(await select('Categoria').inputValue()).toBe('Bebidas');
    await openTab('Preços por Tabela');
    // A new product has no price in the demo tables yet: each row offers Definir.
    await page
      .getByTestId('precos-por-tabela')
      .getByRole('row')
      .filter({ hasText: 'Varejo Loja' })
      .getByRole('button', { name: 'Definir' })
      .waitFor();
    await openTab('Outros');
    expect(await page.getByLabel('Descrição').inputValue()).toBe('Grãos selecionados');
    await page.getByTestId('foto-card').filter({ hasText: 'cafe.png' }).waitFor();

    await openTab('Dados');
    await page.getByLabel('Nome do produto').fill(`Café Premium ${tag}`);
    await openTab('Valores');
    await page.getByLabel('Valor de venda utilizado').fill('19,90');
    await page.getByRole('button', { name: 'Atualizar Produto' }).click();
    await notification('Produto atualizado com sucesso!').waitFor();
    await page.waitForURL(/\/produtos$/);

    await searchProdutos(`premium ${tag}`);
    // The list refetches after the save and the search is debounced: wait for the new row.
    await expect
      .poll(() => row(tag).allTextContents())
      .toEqual([expect.stringMatching(/Café Premium.*R\$\s19,90/)]);

    // Delete, after the confirmation
    await row(tag)
      .getByRole('button', { name: `Excluir Café Premium ${tag}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Tem certeza que deseja excluir este produto?').waitFor();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await notification('Produto excluído com sucesso!').waitFor();
    await expect.poll(() => row(tag).count()).toBe(0);
    await page.getByText('Nenhum produto encontrado').waitFor();
  });

  it('shows the spec messages: name, price and a duplicate barcode', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/produtos/adicionar-produto');
    await page.getByRole('button', { name: 'Salvar Produto' }).click();
    await page.getByText('Nome do produto é obrigatório').first().waitFor();

    await page.getByLabel('Nome do produto').fill(`Duplicado ${tag}`);
    await openTab('Valores');
    await page.getByLabel('Valor de venda utilizado').fill('0');
    await page.getByRole('button', { name: 'Salvar Produto' }).click();
    await page.getByText('Preço do produto deve ser maior que zero').first().waitFor();
    await page.getByLabel('Valor de venda utilizado').fill('5');

    // A demo product's barcode: the server answers 409 and the form goes to the field.
    await openTab('Dados');
    await page.getByLabel('Código de barras').fill('7896543210012');
    await openTab('Valores');
    await page.getByRole('button', { name: 'Salvar Produto' }).click();
    await notification(
      'Erro ao cadastrar produto: Já existe um produto com este código de barras',
    ).waitFor();
    expect(await page.getByRole('tab', { name: 'Dados' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(page.url()).toContain('/produtos/adicionar-produto');

    await page.getByRole('link', { name: 'Cancelar' }).click();
    await page.waitForURL(/\/produtos$/);

    // A product that does not exist: 'Erro ao carregar produto', back to the list.
    await page.goto(`${baseURL()}/produtos/editar/999999`);
    await notification('Erro ao carregar produto').waitFor();
    await page.waitForURL(/\/produtos$/);
  });

  it('switches the top button per tab and shows the empty states of tables and labels', async () => {
    page = await newPage(browser, WIDE);
    // The demo data has price tables and labels: the empty states need empty lists.
    for (const path of ['**/api/tabelas-precos', '**/api/etiquetas']) {
      await page.route(path, (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
          : route.fallback(),
      );
    }
    await signIn(page, undefined, '/produtos');
    await page.getByRole('link', { name: 'Gerenciar Etiquetas' }).waitFor();
    expect(await page.getByRole('link', { name: 'Gerenciar Etiquetas' }).getAttribute('href')).toBe(
      '/produtos/etiquetas',
    );
    await openTab('Valores de venda');
    await page.getByText('Nenhuma tabela de preços encontrada').waitFor();
    expect(
      await page.getByRole('link', { name: 'Configurar Valores' }).first().getAttribute('href'),
    ).toBe('/produtos/tabelas-precos');
    await openTab('Etiquetas');
    await page.getByText('Nenhuma etiqueta encontrada').waitFor();
    expect(
      await page.getByRole('link', { name: 'Criar Etiqueta' }).first().getAttribute('href'),
    ).toBe('/produtos/adicionar-etiqueta');
    await openTab('Gerenciar produtos');
    await page.getByRole('link', { name: 'Adicionar Produto' }).waitFor();
  });

  it('filters by group and low stock', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/produtos');
    await row('Açúcar Cristal 1kg').waitFor();
    await page.getByRole('button', { name: 'Filtros' }).click();
    await chooseOption(select('Grupo'), 'Limpeza');
    await page.getByLabel('Somente estoque baixo (no mínimo ou abaixo)').check();
    // The group alone already shows Água Sanitária: wait for all three rows together, since
    // only the second filter hides the detergent.
    const shown = async () =>
      Promise.all(
        ['Água Sanitária 1L', 'Açúcar Cristal 1kg', 'Detergente Neutro 500ml'].map((nome) =>
          row(nome).count(),
        ),
      );
    await expect.poll(shown).toEqual([1, 0, 0]);
    expect(await page.getByTestId('filtros-ativos').textContent()).toBe('2');
  });

  it('works on a narrow window', async () => {
    page = await newPage(browser, NARROW);
    await signIn(page, undefined, '/produtos');
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    await searchProdutos('agua sanitaria');
    await expect.poll(() => row('Água Sanitária 1L').count()).toBe(1);
    // Name, price, stock and the actions fit the phone's width: nothing scrolls sideways (once
    // the closing menu has given the page its width back: polled, a loaded machine lags).
    const excluir = row('Água Sanitária 1L').getByRole('button', {
      name: 'Excluir Água Sanitária 1L',
    });
    await expect
      .poll(async () => {
        const caixa = await excluir.boundingBox();
        return caixa ? caixa.x + caixa.width : Infinity;
      })
      .toBeLessThanOrEqual(NARROW.width);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(NARROW.width);
  });
});

describe('product groups', () => {
  it('creates, renames and deletes a group, and refuses one still in use', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/produtos/grupos');
    await page.getByRole('heading', { name: 'Grupos de Produtos' }).waitFor();
    const grupos = page.getByTestId('grupos-table');

    await page.getByRole('button', { name: 'Novo Grupo' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('Nome do grupo é obrigatório').waitFor();
    await modal.getByLabel('Nome').fill(`Grupo ${tag}`);
    await modal.getByLabel('Descrição').fill('Criado pelo teste');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await notification('Grupo de produtos criado com sucesso!').waitFor();
    await grupos.getByText(`Grupo ${tag}`, { exact: true }).waitFor();

    await page.getByRole('button', { name: `Editar Grupo ${tag}` }).click();
    expect(await modal.getByLabel('Nome').inputValue()).toBe(`Grupo ${tag}`);
    await modal.getByLabel('Nome').fill(`Renomeado ${tag}`);
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await notification('Grupo de produtos atualizado com sucesso!').waitFor();
    await grupos.getByText(`Renomeado ${tag}`, { exact: true }).waitFor();
    expect(await grupos.getByText(`Grupo ${tag}`, { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: `Excluir Renomeado ${tag}` }).click();
    await page.getByText('Tem certeza que deseja excluir este grupo de produtos?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await notification('Grupo de produtos excluído com sucesso!').waitFor();
    await expect.poll(() => grupos.getByText(`Renomeado ${tag}`, { exact: true }).count()).toBe(0);

    // A group with products stays, with a clear reason.
    await page.getByRole('button', { name: 'Excluir Mercearia' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await notification('Erro ao excluir grupo de produtos: Este grupo possui').waitFor();
    await grupos.getByText('Mercearia', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.waitForURL(/\/produtos$/);
  });
  it('shows a new group, without a reload, in the label print and price table product screens', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/produtos/etiquetas/imprimir');
    await page.getByRole('heading', { name: 'Imprimir Etiquetas' }).waitFor();
    // The print screen's group list is loaded (and cached) before the group exists.
    await page.getByText('Grupo inteiro', { exact: true }).click();
    const grupoImpressao = select('Grupo de produtos');
    await grupoImpressao.click();
    await page.getByRole('option', { name: /^Mercearia/ }).waitFor();
    await page.keyboard.press('Escape');

    // Everything below is in-app navigation: a reload would drop this mark.
    await page.evaluate(() => Object.assign(window, { semRecarregar: true }));
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Grupo de Produtos' }).click();
    await page.getByRole('heading', { name: 'Grupos de Produtos' }).waitFor();
    await page.getByRole('button', { name: 'Novo Grupo' }).click();
    await page.getByRole('dialog').getByLabel('Nome').fill(`Vitrine ${tag}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
    await notification('Grupo de produtos criado com sucesso!').waitFor();

    await menu.getByRole('link', { name: 'Produtos', exact: true }).click();
    await page.getByRole('link', { name: 'Gerenciar Etiquetas' }).click();
    await page.getByRole('link', { name: 'Imprimir Etiquetas' }).click();
    await page.getByRole('heading', { name: 'Imprimir Etiquetas' }).waitFor();
    await page.getByText('Grupo inteiro', { exact: true }).click();
    await select('Grupo de produtos').click();
    await page.getByRole('option', { name: `Vitrine ${tag} (0)` }).waitFor();
    await page.keyboard.press('Escape');

    await menu.getByRole('link', { name: 'Produtos', exact: true }).click();
    await openTab('Valores de venda');
    await page.getByRole('link', { name: 'Configurar Valores' }).first().click();
    await page.getByRole('link', { name: 'Ver produtos de Varejo Loja' }).click();
    await select('Grupo').click();
    await page.getByRole('option', { name: `Vitrine ${tag}` }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => 'semRecarregar' in window)).toBe(true);
  });
});
