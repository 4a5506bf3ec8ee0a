import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@prumo/shared/money';
import {
  ACAO_STATUS_ORCAMENTO,
  formatNumeroOrcamento,
  ORCAMENTO_MESSAGES,
  type Orcamento,
  type OrcamentoResumo,
} from '@prumo/shared/orcamentos';
import { OS_MESSAGES, type OrdemServico } from '@prumo/shared/ordens-servico';
import type { Venda } from '@prumo/shared/vendas';
import {
  apiToken,
  baseURL,
  launchBrowser,
  NARROW,
  newPage,
  signIn,
  WIDE,
} from '../support/browser';
import { aguardar } from '../support/api';

let browser: Browser;
let page: Page;
let token: string;
const run = Date.now().toString(36);

/** The demo catalogue's coffee (produtos.demo.ts) and diagnosis (servicos.demo.ts). */
const CAFE = { nome: 'Café Torrado e Moído 500g', termo: 'cafe torrado', preco: 21.9 };
const DIAGNOSTICO = { nome: 'Diagnóstico técnico', termo: 'diagnos', preco: 60 };
const CLIENTE = 'Maria Aparecida da Silva';
const TOTAL = CAFE.preco + DIAGNOSTICO.preco;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok, `GET ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

/** Types in a searched select and picks the option. */
async function escolher(input: Locator, texto: string, opcao: string | RegExp): Promise<void> {
  await input.click();
  await input.fill(texto);
  await page.getByRole('option', { name: opcao }).first().click();
}

const form = () => page.getByTestId('orcamento-form');
const aba = (nome: string) => form().getByRole('tab', { name: nome, exact: true });
const status = () =>
  page.getByTestId('orcamento-titulo').locator('..').getByTestId('status-orcamento');

describe('Orçamentos', () => {
  // The quote the first test makes and the next ones follow.
  const prospect = `Padaria E2E ${run}`;
  let orcamento: OrcamentoResumo;

  it('writes a mixed quote in three installments for a prospect, found in both tabs', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, '/orcamentos');
    await page.getByRole('heading', { name: ORCAMENTO_MESSAGES.titulo }).waitFor();
    await page.getByRole('link', { name: ORCAMENTO_MESSAGES.novo }).click();
    await page.getByRole('heading', { name: ORCAMENTO_MESSAGES.adicionar }).waitFor();

    // Dados gerais: a customer not in the registry; the validity's last day shown live.
    expect(await form().getByTestId('orcamento-numero').inputValue()).toBe('Novo');
    await form().getByRole('switch', { name: 'Cliente não cadastrado' }).check({ force: true });
    await form().locator('input[name="cliente_nome"]').fill(prospect);
    await form().locator('input[name="validade_dias"]').fill('15');
    expect(await form().getByTestId('valido-ate').innerText()).toMatch(
      /^Válido até \d\d\/\d\d\/\d{4}$/,
    );

    // One product and one service from the catalogues.
    await aba('Produtos').click();
    await form().getByTestId('orcamento-produto-busca').fill(CAFE.termo);
    await page
      .getByTestId('sugestoes-produtos')
      .getByRole('option', { name: new RegExp(CAFE.nome) })
      .click();
    await aguardar(() =>
      form().getByTestId('linha-produtos').getByLabel('Valor').inputValue(),
    ).toBe('R$ 21,90');
    await aba('Serviços').click();
    await escolher(
      form().getByTestId('orcamento-servico-busca'),
      DIAGNOSTICO.termo,
      new RegExp(DIAGNOSTICO.nome),
    );
    await aguardar(() =>
      form().getByTestId('linha-servicos').getByTestId('linha-nome').innerText(),
    ).toBe(DIAGNOSTICO.nome);

    await aba('Total').click();
    expect(await form().getByTestId('total-orcamento').inputValue()).toBe(formatMoney(TOTAL));

    // Boleto in 3x: the table splits the total to the centavo.
    await aba('Pagamento').click();
    await form()
      .getByRole('switch', { name: 'Gerar condições de pagamento' })
      .check({ force: true });
    await form()
      .getByLabel(/^Forma de pagamento/)
      .click();
    await page.getByRole('option', { name: 'Boleto' }).click();
    await form().getByText('Parcelado', { exact: true }).click();
    await form().getByTestId('num-parcelas').fill('3');
    await aguardar(() => form().getByTestId('parcela').count()).toBe(3);
    expect(await form().getByLabel('Valor da parcela 1').inputValue()).toBe('R$ 27,30');
    expect(await form().getByTestId('parcelas-diferenca').count()).toBe(0);

    await form().getByRole('button', { name: ORCAMENTO_MESSAGES.salvar }).click();
    await page.getByText(ORCAMENTO_MESSAGES.criado).waitFor();
    await page.waitForURL('**/orcamentos');

    const [resumo] = await api<OrcamentoResumo[]>(`/orcamentos?q=${encodeURIComponent(prospect)}`);
    expect(resumo).toMatchObject({
      cliente_nome: prospect,
      tipo: 'misto',
      valor_total: TOTAL,
      status: 'rascunho',
    });
    orcamento = resumo!;
    const salvo = await api<Orcamento>(`/orcamentos/${orcamento.id}`);
    expect(salvo.parcelas.map((p) => p.valor)).toEqual([27.3, 27.3, 27.3]);

    // In the Produtos tab and in the Serviços tab, with its total.
    await page.getByLabel('Pesquisar orçamentos').fill(prospect);
    const linha = page
      .getByTestId('orcamentos-table')
      .getByRole('row')
      .filter({ hasText: prospect });
    await linha.waitFor();
    expect(await linha.innerText()).toContain('81,90');
    await page.getByRole('tab', { name: 'Serviços' }).click();
    await page.waitForURL(/aba=servicos/);
    await linha.waitFor();
    expect(await linha.getAttribute('data-orcamento-numero')).toBe(String(orcamento.numero));
  });

  it('is sent, approved, converted into a sale and a service order, and printed', async () => {
    expect(orcamento, 'the quote of the first test').toBeDefined();
    const nome = `orçamento ${formatNumeroOrcamento(orcamento.numero)}`;
    page = await newPage(browser, WIDE);
    await signIn(page, undefined, `/orcamentos?q=${encodeURIComponent(prospect)}`);
    await page.getByRole('link', { name: `Visualizar ${nome}` }).click();
    await page.getByTestId('orcamento-titulo').waitFor();
    expect(await page.getByTestId('orcamento-titulo').innerText()).toContain(
      formatNumeroOrcamento(orcamento.numero),
    );
    expect(await page.getByTestId('orcamento-parcelas').getByRole('row').count()).toBe(4);

    await page.getByRole('button', { name: ACAO_STATUS_ORCAMENTO.pendente }).click();
    await aguardar(() => status().innerText()).toMatch(/pendente/i);
    await page.getByRole('button', { name: ACAO_STATUS_ORCAMENTO.aprovado }).click();
    await aguardar(() => status().innerText()).toMatch(/aprovado/i);
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);

    // A prospect's quote asks for the registered customer; the payment method is the quote's.
    await page.getByRole('button', { name: 'Converter' }).click();
    const modal = page.getByRole('dialog', { name: 'Converter orçamento' });
    expect(await modal.getByTestId('converter-resumo').innerText()).toMatch(
      /Venda pendente com 1 produto\s+Ordem de serviço com 1 serviço/,
    );
    expect(await modal.getByTestId('converter-forma').count()).toBe(0);
    await modal.getByRole('button', { name: 'Converter' }).click();
    await modal.getByText(ORCAMENTO_MESSAGES.clienteParaConverter).waitFor();
    await escolher(modal.getByTestId('converter-cliente'), 'maria apare', CLIENTE);
    await modal.getByRole('button', { name: 'Converter' }).click();
    await page.getByText(ORCAMENTO_MESSAGES.convertido).waitFor();
    await page.getByTestId('orcamento-conversao').waitFor();

    const convertido = await api<Orcamento>(`/orcamentos/${orcamento.id}`);
    expect(convertido.venda_id).not.toBeNull();
    expect(convertido.ordem_servico_id).not.toBeNull();
    const venda = await api<Venda>(`/vendas/${convertido.venda_id}`);
    expect(venda).toMatchObject({
      status: 'Pendente',
      cliente_nome: CLIENTE,
      forma_pagamento: 'boleto',
    });
    const ordem = await api<OrdemServico>(`/ordens-servico/${convertido.ordem_servico_id}`);
    expect(ordem).toMatchObject({ situacao: 'em-aberto', cliente_nome: CLIENTE });
    expect(ordem.servicos.map((s) => s.nome)).toEqual([DIAGNOSTICO.nome]);
    await aguardar(() => page.getByRole('button', { name: 'Converter' }).count()).toBe(0);

    // The printable quote.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('orcamento-imprimir').click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `orcamento-${formatNumeroOrcamento(orcamento.numero)}.pdf`,
    );
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const resposta = await fetch(`${baseURL()}/api/orcamentos/${orcamento.id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(resposta.headers.get('content-type')).toMatch(/^application\/pdf/);

    // The links lead to the sale and to the service order.
    expect(await page.getByTestId('link-venda').getAttribute('href')).toBe(
      `/vendas?venda=${venda.id}`,
    );
    await page.getByTestId('link-os').click();
    await page.waitForURL(`**/servicos/editar-os/${ordem.id}`);
    await page.getByRole('heading', { name: OS_MESSAGES.editar }).waitFor();
    // …and each of them links back to the quote.
    const origem = `Orçamento Nº ${formatNumeroOrcamento(orcamento.numero)}`;
    await page.getByRole('link', { name: origem }).waitFor();
    await page.goto(`${baseURL()}/vendas?venda=${venda.id}`);
    await page.getByTestId('venda-view').getByRole('link', { name: origem }).click();
    await page.waitForURL(`**/orcamentos/visualizar/${orcamento.id}`);
  });

  it('on a phone: the list and the view fit the screen', async () => {
    expect(orcamento, 'the quote of the first test').toBeDefined();
    page = await newPage(browser, NARROW);
    // Converted, the quote names the registered customer: found by its number.
    await signIn(page, undefined, `/orcamentos?q=${orcamento.numero}`);
    const linha = page
      .getByTestId('orcamentos-table')
      .locator(`tr[data-orcamento-numero="${orcamento.numero}"]`);
    await linha.waitFor();
    expect(
      await linha.getByTestId('status-orcamento').filter({ visible: true }).innerText(),
    ).toMatch(/aprovado/i);
    await page.goto(`${baseURL()}/orcamentos/visualizar/${orcamento.id}`);
    await page.getByTestId('orcamento-titulo').waitFor();
    const largura = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(NARROW.width);
  });
});
