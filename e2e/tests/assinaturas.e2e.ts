import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  agendaDaAssinatura,
  periodosDevidos,
  type Assinatura,
  type AssinaturaResumo,
} from '@prumo/shared/contratos';
import { addDaysISO, addMonthsISO, formatDate, todayISO } from '@prumo/shared/dates';
import { apiToken, baseURL, launchBrowser, newPage, signIn, WIDE } from '../support/browser';
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

/** "Nova assinatura" on its form: the first customer, the plan, the start; answers its id. */
async function assinar(plano: string, inicio: string, calendario: string): Promise<number> {
  await page.goto(`${baseURL()}/contratos/assinaturas/nova`);
  const form = page.getByTestId('assinatura-form');
  await form.getByLabel(/^Cliente/).click();
  await page.getByRole('option').first().click();
  await form.getByLabel(/^Plano/).click();
  await page.getByRole('option', { name: new RegExp(`^${plano} —`) }).click();
  await form.getByLabel(/^Início/).fill(formatDate(inicio));
  await aguardar(() => form.getByTestId('assinatura-calendario').textContent()).toContain(
    calendario,
  );
  await form.getByRole('button', { name: 'Assinar' }).click();
  await page.waitForURL(/\/contratos\/assinaturas\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe('Assinaturas', () => {
  it('creates a plan with a trial, subscribes a customer and bills a past trial once in Financeiro', async () => {
    const plano = `Plano E2E ${run}`;
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/contratos?aba=assinaturas');
    await page.getByTestId('assinaturas-metricas').waitFor();

    // The plan: R$ 59,90 a month, 7 days of trial.
    await page.getByRole('button', { name: 'Planos' }).click();
    await page.getByRole('button', { name: 'Novo plano' }).click();
    const planoForm = page.getByTestId('plano-form');
    await planoForm.getByLabel(/^Nome/).fill(plano);
    await planoForm.getByLabel(/^Preço por ciclo/).fill('59,90');
    await planoForm.getByLabel(/^Dias de teste/).fill('7');
    await planoForm.getByRole('button', { name: 'Salvar' }).click();
    await aguardar(() => page.getByTestId('planos-table').textContent()).toContain(plano);
    await page.keyboard.press('Escape');

    // Today: in trial, renewed the day after its 7 days.
    const fimTeste = addDaysISO(hoje, 6);
    const renovacao = addDaysISO(hoje, 7);
    const emTeste = await assinar(
      plano,
      hoje,
      `Teste até ${formatDate(fimTeste)}; primeira renovação em ${formatDate(renovacao)}`,
    );
    await aguardar(() => page.getByTestId('proxima-renovacao').textContent()).toBe(
      formatDate(renovacao),
    );
    expect((await api<Assinatura>(`/assinaturas/${emTeste}`)).situacao).toBe('Em teste');

    // Two months ago: the trial is over, what was due is billed; "Renovar agora" racing the
    // API bills nothing twice.
    const inicio = addMonthsISO(hoje, -2);
    const id = await assinar(plano, inicio, `Teste até ${formatDate(addDaysISO(inicio, 6))}`);
    const devidos = periodosDevidos(
      agendaDaAssinatura({ inicio_cobranca: addDaysISO(inicio, 7), ciclo: 'mensal' }),
      hoje,
    );
    await page.goto(`${baseURL()}/contratos?aba=assinaturas`);
    await Promise.all([
      page.getByRole('button', { name: 'Renovar agora' }).click(),
      api('/assinaturas/renovar', { method: 'POST', body: '{}' }),
    ]);
    const assinatura = await api<Assinatura>(`/assinaturas/${id}`);
    expect(assinatura.faturas.map((f) => f.periodo_inicio).sort()).toEqual(
      devidos.map((p) => p.inicio),
    );
    const numero = `AS${String(assinatura.numero).padStart(6, '0')}`;
    const response = await fetch(
      `${baseURL()}/api/financeiro/titulos?natureza=receber&q=${numero}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.headers.get('x-total-count')).toBe(String(devidos.length));

    // Its page lists each bill once, linked to its receivable.
    await page.goto(`${baseURL()}/contratos/assinaturas/${id}`);
    await aguardar(() => page.getByTestId('assinatura-faturas').locator('tbody tr').count()).toBe(
      devidos.length,
    );
    const links = page
      .getByTestId('assinatura-faturas')
      .locator('a[href*="/financeiro?aba=receber&titulo="]');
    expect(await links.count()).toBe(devidos.length);

    // The list finds it by number.
    const lista = await api<AssinaturaResumo[]>(`/assinaturas?q=${assinatura.numero}`);
    expect(lista.map((a) => a.id)).toContain(id);
  }, 120_000);
});
