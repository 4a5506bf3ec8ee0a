import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { periodosDevidos, type Contrato } from '@prumo/shared/contratos';
import { todayISO } from '@prumo/shared/dates';
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

describe('Contratos', () => {
  it('creates a day-31 maintenance contract, bills February on the 28th, and every period once though "Faturar todos" races the API', async () => {
    const descricao = `Manutenção E2E ${run}`;
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/contratos/novo');
    const form = page.getByTestId('contrato-form');
    await form.getByLabel(/^Cliente/).click();
    await page.getByRole('option').first().click();
    await form.getByLabel('Descrição').fill(descricao);
    await form.getByLabel('Adicionar serviço').click();
    await page.getByRole('option', { name: /Formatação com backup/ }).click();
    await form.getByTestId('item-contrato').waitFor();
    await form.getByLabel(/^Início/).fill('31/01/2026');
    await form.getByLabel(/^Dia de faturamento/).fill('31');
    await aguardar(() => form.getByTestId('primeiro-faturamento').textContent()).toBe(
      'Primeiro faturamento: 31/01/2026',
    );
    await form.getByRole('button', { name: 'Salvar contrato' }).click();
    await page.waitForURL(/\/contratos\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    const devidos = periodosDevidos(
      { inicio: '2026-01-31', fim: null, periodicidade: 'mensal', dia_faturamento: 31 },
      hoje,
    ).map((p) => p.inicio);
    expect(devidos).toContain('2026-02-28');

    await page.goto(`${baseURL()}/contratos`);
    const fila = page.getByTestId('faturar-hoje');
    await aguardar(() =>
      fila.getByTestId('a-faturar').locator('tbody tr').count(),
    ).toBeGreaterThanOrEqual(devidos.length);
    expect(await fila.getByTestId('a-faturar').textContent()).toContain('28/02/2026');
    // "Faturar todos" on the screen while the same run is asked of the API.
    const [, corrida] = await Promise.all([
      fila.getByRole('button', { name: 'Faturar todos' }).click(),
      api<{ faturas: number }>('/contratos/faturar', { method: 'POST', body: '{}' }),
    ]);
    expect(corrida.faturas).toBeGreaterThanOrEqual(0);
    await aguardar(() => page.getByTestId('nada-a-faturar').isVisible()).toBe(true);

    const contrato = await api<Contrato>(`/contratos/${id}`);
    expect(contrato.faturas.map((f) => f.periodo_inicio).sort()).toEqual(devidos);
    await page.goto(`${baseURL()}/contratos/${id}`);
    await aguardar(async () => (await page.textContent('body')) ?? '').toContain('28/02/2026');
  });

  it('fits a phone: the list and the queue scroll only down', async () => {
    page = await newPage(browser, NARROW);
    await signIn(page, undefined, '/contratos');
    await page.getByTestId('faturar-hoje').waitFor();
    const largura = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(NARROW.width);
  });
});
