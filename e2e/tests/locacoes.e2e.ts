import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatNumeroLocacao, type ItemLocavel, type Locacao } from '@prumo/shared/contratos';
import { addDaysISO, formatDate, todayISO } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import {
  apiToken,
  baseURL,
  launchBrowser,
  NARROW,
  newPage,
  signIn,
  WIDE,
} from '../support/browser';
import { aguardar, apiJson } from '../support/api';

let browser: Browser;
let page: Page;
let token: string;
const run = Date.now().toString(36);
const hoje = todayISO('America/Sao_Paulo');

const api = <T>(path: string, init?: RequestInit) => apiJson<T>(token, path, init);

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

describe('Locações', () => {
  it('rents a machine for 8 days, returns it 2 days late with the fee, and finds each bill once in Financeiro', async () => {
    const nome = `Compactador E2E ${run}`;
    const produto = await api<{ id: number }>('/produtos', {
      method: 'POST',
      body: JSON.stringify({ nome, custo: 900, preco: 1500, estoque: 1 }),
    });
    await api<ItemLocavel>('/locacoes/itens', {
      method: 'POST',
      body: JSON.stringify({
        produto_id: produto.id,
        preco_diaria: 70,
        preco_semanal: 350,
        unidades: [{ identificacao: `PAT-${run}` }],
      }),
    });

    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/contratos?aba=locacoes');
    await page.getByRole('link', { name: 'Nova Locação' }).first().click();
    const form = page.getByTestId('locacao-form');
    await form.getByLabel(/^Cliente/).click();
    await page.getByRole('option').first().click();
    await form.getByLabel(/^Retirada/).fill(formatDate(addDaysISO(hoje, -10)));
    await form.getByLabel(/^Devolução prevista/).fill(formatDate(addDaysISO(hoje, -2)));
    await form.getByLabel('Caução').fill('300,00');
    await form.getByLabel('Item', { exact: true }).click();
    await page.getByRole('option', { name: new RegExp(nome) }).click();
    // 8 days: a week and a day (350 + 70), cheaper than 8 diárias (560).
    await aguardar(() => form.getByTestId('locacao-total').textContent()).toBe(
      `Total da locação: ${formatMoney(420)}`,
    );
    await form.getByRole('button', { name: 'Salvar locação' }).click();
    await page.waitForURL(/\/contratos\/locacoes\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // Check-out today: the rental is already past its planned return.
    await page
      .getByTestId('locacao-acoes')
      .getByRole('button', { name: 'Registrar retirada' })
      .click();
    const retirada = page.getByTestId('locacao-movimento-form');
    await retirada.getByRole('button', { name: 'Registrar retirada' }).click();
    await page.getByTestId('locacao-atrasada').waitFor();
    expect(await page.getByTestId('locacao-atrasada').textContent()).toContain('2 dias de atraso');

    // Check-in today: 2 late days at the day rate, shown before confirming.
    await page
      .getByTestId('locacao-acoes')
      .getByRole('button', { name: 'Registrar devolução' })
      .click();
    const devolucao = page.getByTestId('locacao-movimento-form');
    await aguardar(() => devolucao.getByTestId('devolucao-previa').textContent()).toContain(
      `Atraso de 2 dias: ${formatMoney(140)}`,
    );
    await devolucao.getByRole('button', { name: 'Registrar devolução' }).click();
    await aguardar(() => page.getByTestId('locacao-multa').textContent()).toBe(
      `2 dias: ${formatMoney(140)}`,
    );
    await aguardar(() => page.getByTestId('locacao-titulos').locator('tbody tr').count()).toBe(4);

    const locacao = await api<Locacao>(`/locacoes/${id}`);
    expect(locacao).toMatchObject({ situacao: 'Devolvida', valor: 420, multa_atraso: 140 });
    const documento = `LC${formatNumeroLocacao(locacao.numero)}`;

    // Financeiro: the rent, the caução and the late days to receive; the caução to give back.
    for (const [aba, esperados] of [
      ['receber', [420, 300, 140]],
      ['pagar', [300]],
    ] as const) {
      await page.goto(`${baseURL()}/financeiro?aba=${aba}`);
      await page.getByPlaceholder(/^Buscar por descrição/).fill(documento);
      const tabela = page.getByTestId('titulos-table');
      // Only this rental's rows: the documento searched is in each one's description.
      const linhas = tabela.locator('tbody tr', {
        hasText: `Locação Nº ${formatNumeroLocacao(locacao.numero)}`,
      });
      await aguardar(() => linhas.count()).toBe(esperados.length);
      await aguardar(() => tabela.locator('tbody tr').count()).toBe(esperados.length);
      const texto = (await tabela.textContent()) ?? '';
      for (const valor of esperados) expect(texto).toContain(formatMoney(valor));
    }
    const titulos = await api<unknown[]>(`/financeiro/titulos?q=${documento}`);
    expect(titulos.length).toBe(4);
  });

  it('shows the calendar and fits a phone', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/contratos/locacoes/calendario');
    await page.getByTestId('calendario-locacoes').waitFor();
    await aguardar(() => page.locator('[data-ocupado]').count()).toBeGreaterThan(0);
    await page.context().close();

    page = await newPage(browser, NARROW);
    await signIn(page, undefined, '/contratos?aba=locacoes');
    await page.getByTestId('locacoes-table').waitFor();
    const largura = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(NARROW.width);
  });
});
