import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayISO } from '@prumo/shared/dates';
import {
  FINANCEIRO_MESSAGES,
  type Conta,
  type Dashboard,
  type FluxoCaixa,
  type Titulo,
} from '@prumo/shared/financeiro';
import { formatDecimal, formatMoney, sumMoney } from '@prumo/shared/money';
import { apiToken, baseURL, launchBrowser, newPage, signIn, USER, WIDE } from '../support/browser';
import { aguardar } from '../support/api';

let browser: Browser;
let page: Page;
let token: string;
const run = Date.now().toString(36);
const hoje = todayISO('America/Sao_Paulo');

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok, `GET ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** What the test moves: the Caixa's balance, today's realised payments, the month's payments. */
async function figuras() {
  const [contas, fluxo, dashboard] = await Promise.all([
    api<Conta[]>('/financeiro/contas'),
    api<FluxoCaixa>(`/financeiro/fluxo-caixa?de=${hoje}&ate=${hoje}&agrupar=dia`),
    api<Dashboard>('/dashboard'),
  ]);
  return {
    caixa: contas.find((c) => c.nome === 'Caixa')!.saldo,
    saidasHoje: fluxo.periodos[0]!.saidas_realizadas,
    pagamentosMes: dashboard.financeiro!.pagamentos_mes,
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

/** What a money input shows: "R$ 300,00" (a plain space, where formatMoney puts a no-break one). */
const noCampo = (valor: number) => `R$ ${formatDecimal(valor)}`;

describe('Financeiro', () => {
  it('records a payable in three installments, settles one partly, and the balances follow', async () => {
    const antes = await figuras();
    const descricao = `Fornecedor E2E ${run}`;
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/financeiro?aba=pagar');

    // Nova conta a pagar: 900,00 in three monthly installments from today.
    await page.getByRole('button', { name: FINANCEIRO_MESSAGES.novoPagar }).first().click();
    const form = page.getByTestId('titulo-form');
    await form.getByLabel('Descrição').fill(descricao);
    await form.locator('input[name="valor"]').fill('900');
    await form.getByTestId('num-parcelas').fill('3');
    await aguardar(() => form.getByTestId('parcela').count()).toBe(3);
    expect(await form.getByLabel('Valor da parcela 3').inputValue()).toBe(noCampo(300));
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(FINANCEIRO_MESSAGES.tituloCriado).waitFor();

    const [titulo] = await api<Titulo[]>(
      `/financeiro/titulos?natureza=pagar&q=${encodeURIComponent(descricao)}`,
    );
    expect(titulo!.parcelas.map((p) => p.valor)).toEqual([300, 300, 300]);
    expect(titulo!.parcelas[0]!.vencimento).toBe(hoje);

    // Found by the search; its row opens the title.
    await page.getByLabel('Pesquisar contas a pagar').fill(descricao);
    const linha = page.locator(`[data-titulo-id="${titulo!.id}"]`);
    await linha.waitFor();
    await linha.click();
    const detalhe = page.getByTestId('titulo-detalhe');
    await aguardar(() => detalhe.getByTestId('titulo-parcela').count()).toBe(3);

    // Registrar baixa of 100,00 of the first 300,00 into the Caixa.
    await detalhe
      .getByTestId('titulo-parcela')
      .first()
      .getByRole('button', { name: FINANCEIRO_MESSAGES.baixar })
      .click();
    const baixa = page.getByTestId('baixa-form');
    const valorPago = baixa.locator('input[name="valor"]');
    expect(await valorPago.inputValue()).toBe(noCampo(300));
    await baixa.getByRole('combobox', { name: 'Conta' }).click();
    await page.getByRole('option', { name: 'Caixa', exact: true }).click();
    await valorPago.fill('100');
    await aguardar(() => baixa.getByTestId('baixa-amortizacao').textContent()).toContain(
      `restam ${formatMoney(200)}`,
    );
    await baixa.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(FINANCEIRO_MESSAGES.baixaRegistrada).waitFor();

    // The title: the first installment partly paid, 800,00 still open.
    await aguardar(() => detalhe.getByTestId('titulo-Em aberto').textContent()).toBe(
      formatMoney(800),
    );
    expect(
      await detalhe
        .getByTestId('titulo-parcela')
        .first()
        .getByTestId('status-parcela')
        .textContent(),
    ).toBe('Pago parcialmente');
    await page.keyboard.press('Escape');

    // Contas Bancárias: the Caixa 100,00 lower.
    await page.getByRole('tab', { name: FINANCEIRO_MESSAGES.abas.contas }).click();
    await aguardar(() =>
      page.locator('[data-conta-nome="Caixa"]').getByTestId('conta-saldo').textContent(),
    ).toBe(formatMoney(sumMoney(antes.caixa, -100)));

    // Fluxo de Caixa by day: today's payments 100,00 higher.
    await page.getByRole('tab', { name: FINANCEIRO_MESSAGES.abas.fluxo }).click();
    const hojeNoFluxo = page.locator(`[data-periodo="${hoje}"] td`).nth(2);
    await aguardar(() => hojeNoFluxo.textContent()).toBe(
      formatMoney(sumMoney(antes.saidasHoje, 100)),
    );

    // The dashboard: Pagamentos do Mês 100,00 higher.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await aguardar(() => page.getByTestId('card-Pagamentos do Mês').textContent()).toBe(
      formatMoney(sumMoney(antes.pagamentosMes, 100)),
    );
  });

  it('keeps /financeiro and /cobrancas from a user, whose dashboard has no finance cards', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, USER.email, '/financeiro');
    await page.getByRole('heading', { name: 'Acesso Negado' }).waitFor();
    await page.goto(`${baseURL()}/cobrancas`);
    await page.getByRole('heading', { name: 'Acesso Negado' }).waitFor();

    await page.goto(`${baseURL()}/dashboard`);
    await page.getByTestId('calendario').waitFor();
    await page.getByTestId('chart-vendas-categoria').waitFor();
    expect(await page.getByTestId('summary-card').count()).toBe(0);
    expect(await page.getByTestId('contas-bancarias').count()).toBe(0);
  });
});
