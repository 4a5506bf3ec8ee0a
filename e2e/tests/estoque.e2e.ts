import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ESTOQUE_MESSAGES } from '@prumo/shared/estoque';
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
const run = Date.now().toString(36);
let sequence = 0;

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

/** A product of this test run, created through the API. */
async function criarProduto(
  estoque: number,
  estoqueMinimo = 0,
): Promise<{ id: number; nome: string; termo: string }> {
  const numero = ++sequence;
  const nome = `E2E Estoque ${run} ${numero} Ação`;
  const response = await fetch(`${baseURL()}/api/produtos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ nome, estoque, estoque_minimo: estoqueMinimo }),
  });
  expect(response.status).toBe(201);
  // What a user types to find it: lower case and without the accents.
  const termo = `estoque ${run} ${numero} acao`;
  return { id: ((await response.json()) as { id: number }).id, nome, termo };
}

async function abrirEstoque(viewport = WIDE): Promise<void> {
  page = await newPage(browser, viewport);
  await signIn(page, ADMIN.email, '/estoque');
  await page.getByRole('heading', { name: 'Controle de Estoque' }).waitFor();
}

const busca = () => page.getByPlaceholder('Pesquisar produtos...');
const linha = (nome: string) =>
  page.getByTestId('estoque-table').getByRole('row').filter({ hasText: nome });
const estoqueDe = (nome: string) => linha(nome).getByTestId('estoque-atual');
const modal = () => page.getByRole('dialog', { name: /^(Nova|Editar) Movimentação$/ });
const produtoInput = () => modal().getByTestId('movimentacao-produto');
const sugestoes = () => page.getByTestId('sugestoes-produtos');

async function escolherProduto(termo: string, nome: string): Promise<void> {
  await produtoInput().fill(termo);
  await sugestoes()
    .getByRole('option', { name: new RegExp(nome) })
    .click();
  expect(await produtoInput().inputValue()).toBe(nome);
}

/** Fills a field of the modal and leaves it (Tab), so no suggestion list covers the buttons. */
async function preencher(field: string, value: string, scope: Locator = modal()): Promise<void> {
  const input = scope.getByLabel(field, { exact: false });
  await input.fill(value);
  await input.press('Tab');
}

describe('Controle de Estoque', () => {
  it('lists stock in red at or below the minimum, searches without accents and filters', async () => {
    const comEstoque = await criarProduto(10, 2);
    const zerado = await criarProduto(0, 5);
    await abrirEstoque();
    expect(await busca().count()).toBe(1);

    await busca().fill(`E2E ESTOQUE ${run.toUpperCase()}`);
    await linha(comEstoque.nome).waitFor();
    expect(await estoqueDe(comEstoque.nome).textContent()).toBe('10 UN');
    expect(await estoqueDe(comEstoque.nome).getAttribute('data-baixo')).toBe('false');
    expect(await estoqueDe(zerado.nome).textContent()).toBe('0 UN');
    expect(await estoqueDe(zerado.nome).getAttribute('data-baixo')).toBe('true');
    const [normal, vermelho] = await Promise.all([
      estoqueDe(comEstoque.nome).evaluate((el) => getComputedStyle(el).color),
      estoqueDe(zerado.nome).evaluate((el) => getComputedStyle(el).color),
    ]);
    expect(vermelho).not.toBe(normal);
    expect(vermelho).toMatch(/^rgb\((2[0-5]\d|1[5-9]\d), \d{1,2}, \d{1,2}\)$/);

    // Accent-insensitive: "acao" finds "Ação".
    // The server searches: the previous rows stay until its answer arrives.
    await busca().fill(comEstoque.termo);
    await expect.poll(() => linha(zerado.nome).count()).toBe(0);
    expect(await linha(comEstoque.nome).count()).toBe(1);

    await busca().fill(`e2e estoque ${run}`);
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Sem estoque (zerado)').check();
    await expect.poll(() => linha(comEstoque.nome).count()).toBe(0);
    expect(await linha(zerado.nome).count()).toBe(1);
    await page.getByLabel('Estoque baixo (no mínimo ou abaixo)').check();
    expect(await linha(zerado.nome).count()).toBe(1);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => linha(comEstoque.nome).count()).toBe(1);
    await page.keyboard.press('Escape');

    await busca().fill('nenhum produto tem este nome xyz');
    await page.getByText(ESTOQUE_MESSAGES.vazioTitulo).waitFor();
    await page.getByText(ESTOQUE_MESSAGES.vazioTexto).waitFor();
  });

  it('records an entrada through the modal, with suggestions from 2 characters', async () => {
    const produto = await criarProduto(10);
    await abrirEstoque();
    // Slow answers make the searching state visible.
    await page.route('**/api/produtos/search**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/produtos/search')) searches.push(request.url());
    });

    await page.getByRole('button', { name: 'Nova Movimentação', exact: true }).click();
    await modal().getByText('Nova Movimentação').waitFor();
    await produtoInput().fill('E');
    await page.waitForTimeout(600);
    expect(await sugestoes().isVisible()).toBe(false);
    expect(searches).toEqual([]);

    await produtoInput().fill(produto.termo);
    await sugestoes().getByText(ESTOQUE_MESSAGES.buscandoProdutos).waitFor();
    const option = sugestoes().getByRole('option', { name: new RegExp(produto.nome) });
    await option.waitFor();
    expect(
      await page.getByTestId('sugestoes-lista').evaluate((el) => getComputedStyle(el).maxHeight),
    ).toBe('200px');
    expect(searches.length).toBeGreaterThan(0);
    await option.click();
    expect(await produtoInput().inputValue()).toBe(produto.nome);

    expect(await modal().getByRole('radio', { name: 'Entrada' }).isChecked()).toBe(true);
    await preencher('Quantidade', '2,5');
    await preencher('Motivo', 'Compra de mercadoria');
    await preencher('Observações', 'NF-e 9876');
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await page.getByText(ESTOQUE_MESSAGES.criada).waitFor();
    await expect.poll(() => modal().count()).toBe(0);

    await busca().fill(produto.nome);
    await expect.poll(() => estoqueDe(produto.nome).textContent()).toBe('12,5 UN');
  });

  it('records a saída from a row and shows the refusal of a saída above the stock', async () => {
    const produto = await criarProduto(10);
    await abrirEstoque();
    await busca().fill(produto.nome);
    await linha(produto.nome)
      .getByRole('button', { name: `Nova movimentação de ${produto.nome}` })
      .click();
    expect(await produtoInput().inputValue()).toBe(produto.nome);
    await modal().getByText('Estoque atual: 10 UN').waitFor();
    await modal().getByText('Saída', { exact: true }).click();
    await preencher('Quantidade', '4');
    await preencher('Motivo', 'Venda');
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await page.getByText(ESTOQUE_MESSAGES.criada).waitFor();
    await expect.poll(() => estoqueDe(produto.nome).textContent()).toBe('6 UN');

    await linha(produto.nome)
      .getByRole('button', { name: `Nova movimentação de ${produto.nome}` })
      .click();
    await modal().getByText('Saída', { exact: true }).click();
    await preencher('Quantidade', '50');
    await preencher('Motivo', 'Venda');
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await page
      .getByText(
        'Erro ao salvar movimentação: Estoque insuficiente: disponível 6 UN, solicitado 50 UN.',
      )
      .waitFor();
    // The form stays open with the message next to the quantity; nothing changed.
    expect(await modal().count()).toBe(1);
    await modal().getByText('Estoque insuficiente: disponível 6 UN, solicitado 50 UN.').waitFor();
    await modal().getByRole('button', { name: 'Cancelar' }).click();
    expect(await estoqueDe(produto.nome).textContent()).toBe('6 UN');
  });

  it('applies a movement once when its answer is lost and the user saves again', async () => {
    const produto = await criarProduto(10);
    await abrirEstoque();
    await busca().fill(produto.nome);
    await linha(produto.nome)
      .getByRole('button', { name: `Nova movimentação de ${produto.nome}` })
      .click();
    await preencher('Quantidade', '3');
    await preencher('Motivo', 'Compra');
    // The first save reaches the server and is applied; its answer never reaches the browser.
    const keys: string[] = [];
    await page.route('**/api/estoque/movimentacoes', async (route) => {
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (keys.length === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await page.getByText('Erro ao salvar movimentação', { exact: false }).first().waitFor();
    expect(await modal().count()).toBe(1);

    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await page.getByText(ESTOQUE_MESSAGES.criada).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    await expect.poll(() => estoqueDe(produto.nome).textContent()).toBe('13 UN');

    // Changing the form after a lost answer does not add a second movement either.
    await linha(produto.nome)
      .getByRole('button', { name: `Nova movimentação de ${produto.nome}` })
      .click();
    await preencher('Quantidade', '1');
    await preencher('Motivo', 'Compra');
    keys.length = 0;
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await page.getByText('Erro ao salvar movimentação', { exact: false }).first().waitFor();
    await preencher('Quantidade', '2');
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await page.getByText(ESTOQUE_MESSAGES.jaRegistrada).waitFor();
    await expect.poll(() => modal().count()).toBe(0);
    await expect.poll(() => estoqueDe(produto.nome).textContent()).toBe('14 UN');
  });

  it('shows the two validation messages and sends nothing until they are fixed', async () => {
    const produto = await criarProduto(3);
    await abrirEstoque();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/estoque/')) {
        posts.push(request.url());
      }
    });
    await page.getByRole('button', { name: 'Nova Movimentação', exact: true }).click();
    await preencher('Motivo', 'Ajuste de inventário');
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await modal().getByText(ESTOQUE_MESSAGES.selecioneProduto).waitFor();
    await modal().getByText(ESTOQUE_MESSAGES.quantidadeInvalida).waitFor();

    // A typed name that was not chosen from the suggestions is not a product.
    await produtoInput().fill(produto.nome);
    await modal().getByText('Nova Movimentação').click();
    await preencher('Quantidade', '0');
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await modal().getByText(ESTOQUE_MESSAGES.selecioneProduto).waitFor();
    await modal().getByText(ESTOQUE_MESSAGES.quantidadeInvalida).waitFor();

    await escolherProduto(produto.termo, produto.nome);
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await modal().getByText(ESTOQUE_MESSAGES.quantidadeInvalida).waitFor();
    expect(await modal().getByText(ESTOQUE_MESSAGES.selecioneProduto).count()).toBe(0);
    expect(posts).toEqual([]);

    await preencher('Quantidade', '1');
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await page.getByText(ESTOQUE_MESSAGES.criada).waitFor();
    expect(posts.length).toBe(1);
  });

  it('closes the suggestions about 200 ms after the field loses focus', async () => {
    await criarProduto(1);
    await abrirEstoque();
    await page.getByRole('button', { name: 'Nova Movimentação', exact: true }).click();
    await produtoInput().fill(`estoque ${run}`);
    await sugestoes().getByRole('option').first().waitFor();
    const elapsed = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          (document.activeElement as HTMLElement).blur();
          const check = () => {
            const dropdown = document.querySelector('[data-testid="sugestoes-produtos"]');
            const shown =
              dropdown instanceof HTMLElement &&
              dropdown.isConnected &&
              getComputedStyle(dropdown).display !== 'none';
            if (!shown) resolve(performance.now() - start);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );
    expect(elapsed).toBeGreaterThanOrEqual(180);
    expect(elapsed).toBeLessThan(1000);
  });

  it("shows a product's history and edits a movement (PUT) through the same modal", async () => {
    const produto = await criarProduto(10);
    await abrirEstoque();
    await busca().fill(produto.nome);
    await linha(produto.nome)
      .getByRole('button', { name: `Nova movimentação de ${produto.nome}` })
      .click();
    await modal().getByText('Saída', { exact: true }).click();
    await preencher('Quantidade', '3');
    await preencher('Motivo', 'Venda');
    await modal().getByRole('button', { name: 'Salvar Movimentação' }).click();
    await page.getByText(ESTOQUE_MESSAGES.criada).waitFor();

    await linha(produto.nome)
      .getByRole('button', { name: `Histórico de ${produto.nome}` })
      .click();
    const historico = page.getByTestId('historico');
    await historico.getByText('Estoque atual: 7 UN', { exact: false }).waitFor();
    const rows = historico.getByTestId('movimentacao-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Venda');
    expect(await rows.nth(0).textContent()).toContain('−3 UN');
    expect(await rows.nth(0).textContent()).toContain(ADMIN.nome);
    expect(await rows.nth(1).textContent()).toContain('Estoque inicial');
    expect(await rows.nth(1).textContent()).toContain('+10 UN');

    await rows.nth(0).getByRole('button', { name: 'Editar movimentação' }).click();
    await modal().getByText('Editar Movimentação').waitFor();
    expect(await modal().getByRole('radio', { name: 'Saída' }).isChecked()).toBe(true);
    expect(await modal().getByLabel('Quantidade', { exact: false }).inputValue()).toBe('3');
    await preencher('Quantidade', '1');
    await modal().getByRole('button', { name: 'Atualizar Movimentação' }).click();
    await page.getByText(ESTOQUE_MESSAGES.atualizada).waitFor();
    await historico.getByText('Estoque atual: 9 UN', { exact: false }).waitFor();
    await expect.poll(() => rows.nth(0).textContent()).toContain('Editado por');
  });

  it('fits a narrow window', async () => {
    await abrirEstoque(NARROW);
    await page.getByTestId('sidebar-overlay').click({ position: { x: 360, y: 400 } });
    await page.getByRole('button', { name: 'Nova Movimentação', exact: true }).click();
    const box = await modal().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(NARROW.width);
    await modal().getByLabel('Data', { exact: false }).waitFor();
  });
});
