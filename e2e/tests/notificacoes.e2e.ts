import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayISO } from '@prumo/shared/dates';
import type { TituloDetalhe } from '@prumo/shared/financeiro';
import type { Notificacoes } from '@prumo/shared/notificacoes';
import { apiToken, baseURL, launchBrowser, newPage, signIn, USER, WIDE } from '../support/browser';

let browser: Browser;
let page: Page;
let token: string;
const hoje = todayISO('America/Sao_Paulo');
/** The narrowest phone the screens are made for. */
const PHONE = { width: 375, height: 740 };

async function api<T>(path: string, init: { method?: string; body?: unknown; as?: string } = {}) {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.as ?? token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  expect(response.ok, `${init.method ?? 'GET'} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

const bell = () => page.getByRole('button', { name: 'Notificações', exact: true });
const lista = () => page.getByRole('dialog', { name: 'Notificações' });
const contagem = (total: number) => (total > 99 ? '99+' : String(total));

describe('Notificações', () => {
  it('shows the count, lists the groups and opens the filtered list of overdue receivables', async () => {
    const esperado = await api<Notificacoes>('/notificacoes');
    const vencidas = esperado.itens.find((i) => i.tipo === 'receber_vencida');
    // The demo data has overdue receivables and products below their minimum stock.
    expect(vencidas).toBeDefined();
    expect(esperado.itens.some((i) => i.tipo === 'estoque_minimo')).toBe(true);

    page = await newPage(browser, WIDE);
    await signIn(page);
    await expect
      .poll(() => page.getByTestId('notificacoes-total').textContent())
      .toBe(contagem(esperado.total));

    await bell().click();
    await lista().waitFor();
    for (const item of esperado.itens) {
      await lista().getByText(item.titulo, { exact: true }).waitFor();
      await lista().getByText(item.descricao, { exact: true }).waitFor();
    }
    await lista()
      .getByRole('link', { name: new RegExp(vencidas!.titulo) })
      .click();
    await page.waitForURL('**/financeiro?aba=receber&status=vencido');
    await lista().waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('tab', { name: 'Contas a Receber' }).getAttribute('aria-selected'))
      .toBe('true');
  });

  it('adds a payable due today after its creation, linked to the titles due today', async () => {
    const antes = await api<Notificacoes>('/notificacoes');
    const titulo = await api<TituloDetalhe>('/financeiro/titulos', {
      method: 'POST',
      body: {
        natureza: 'pagar',
        descricao: `Notificação E2E ${Date.now().toString(36)}`,
        valor: 321.09,
        vencimento: hoje,
      },
    });
    try {
      const depois = await api<Notificacoes>('/notificacoes');
      expect(depois.total).toBe(antes.total + 1);
      const hojePagar = depois.itens.find((i) => i.tipo === 'pagar_hoje')!;

      page = await newPage(browser, WIDE);
      await signIn(page);
      await expect
        .poll(() => page.getByTestId('notificacoes-total').textContent())
        .toBe(contagem(depois.total));
      await bell().click();
      await lista().getByText(hojePagar.titulo, { exact: true }).click();
      await page.waitForURL(`**/financeiro?aba=pagar&de=${hoje}&ate=${hoje}`);
      await page.getByText(titulo.descricao).first().waitFor();
    } finally {
      await api(`/financeiro/titulos/${titulo.id}/cancelar`, { method: 'POST' });
    }
  });

  it('shows a user only the stock group, inside a phone screen, and leads to Estoque', async () => {
    const esperado = await api<Notificacoes>('/notificacoes', { as: await apiToken(USER.email) });
    expect(esperado.itens.map((i) => i.tipo)).toEqual(['estoque_minimo']);

    page = await newPage(browser, PHONE);
    await signIn(page, USER.email);
    await expect
      .poll(() => page.getByTestId('notificacoes-total').textContent())
      .toBe(contagem(esperado.total));
    await bell().click();
    await lista().waitFor();
    expect(await lista().getByRole('link').count()).toBe(1);
    const caixa = (await lista().boundingBox())!;
    expect(caixa.x).toBeGreaterThanOrEqual(0);
    expect(caixa.x + caixa.width).toBeLessThanOrEqual(PHONE.width);
    // The bell stays on the top bar next to the theme switch and the avatar.
    const sino = (await bell().boundingBox())!;
    expect(sino.y + sino.height).toBeLessThanOrEqual(64);

    await lista().getByRole('link').click();
    await page.waitForURL('**/estoque?situacao=baixo');
    await lista().waitFor({ state: 'detached' });
  });
});
