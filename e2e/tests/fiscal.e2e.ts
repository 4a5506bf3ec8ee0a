import { readFile } from 'node:fs/promises';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CAIXA_MESSAGES } from '@prumo/shared/caixas';
import {
  CENARIO_LABELS,
  FISCAL_MENSAGENS,
  FISCAL_TEXTOS,
  type CenarioSimulacao,
  type NotaFiscal,
  type NotaFiscalResumo,
} from '@prumo/shared/fiscal';
import { gtinCheckDigit } from '@prumo/shared/produtos';
import { formatNumeroVenda, VENDA_MESSAGES } from '@prumo/shared/vendas';
import { ADMIN, baseURL, launchBrowser, newPage, signIn, WIDE } from '../support/browser';
import {
  api,
  chaveEmGrupos,
  CLIENTE,
  criarProdutoFiscal,
  numeroNota,
  pdfBaixado,
  vendaFinalizada,
} from '../support/fiscal';

/*
 * Issue 28's "Done when", as a user of the demo walks it: a counter sale with its NFC-e
 * authorized and the DANFCE printed; an NF-e emitted from a finalized product sale, its XML and
 * DANFE downloaded from Nota Fiscal; the simulated SEFAZ silenced ("pulls the network"), a
 * counter sale that still completes in contingency, and the queue transmitting it once SEFAZ
 * answers again. The demo's ambiente de simulação: every document SEM VALOR FISCAL.
 */

let browser: Browser;
let page: Page;
const run = Date.now().toString(36);
let sequence = 0;

const CPF = '529.982.247-25';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

/** The simulated SEFAZ's behaviour, straight through the API (set back to normal after tests). */
const cenario = (valor: CenarioSimulacao) => api('/fiscal/simulacao', 'PUT', { cenario: valor });

/** The note of that key, as the API lists it. */
async function notaPorChave(chave: string): Promise<NotaFiscalResumo> {
  const [nota] = await api<NotaFiscalResumo[]>(`/notas-fiscais?q=${chave}`);
  expect(nota, `nota ${chave}`).toBeTruthy();
  return nota!;
}

interface ProdutoTeste {
  id: number;
  nome: string;
  codigo_barras: string;
}

/** A product of this run with its own EAN-13 and the NCM a note needs. */
async function criarProduto(rotulo: string, preco: number): Promise<ProdutoTeste> {
  const numero = ++sequence;
  const corpo = `789${String((Date.now() % 1_000_000) * 100 + numero).padStart(9, '0')}`;
  const codigo_barras = corpo + gtinCheckDigit(corpo);
  const produto = await criarProdutoFiscal(`E2E Fiscal ${run} ${rotulo}`, preco, { codigo_barras });
  return { ...produto, codigo_barras };
}

const notification = (text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });

/** A download the action starts, with the file's name and path. */
async function baixar(acao: () => Promise<unknown>, timeout = 15_000): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout }), acao()]);
  return download;
}

// --- The counter (PDV) ---------------------------------------------------------------------

async function abrirPdv(): Promise<void> {
  page = await newPage(browser, WIDE);
  await signIn(page, ADMIN.email, '/vendas?aba=balcao');
  await page.getByRole('heading', { name: VENDA_MESSAGES.tituloBalcao }).waitFor();
  const status = page.getByTestId('caixa-status');
  await status.waitFor();
  if ((await status.textContent()) === CAIXA_MESSAGES.aberto) return;
  await page.getByRole('button', { name: CAIXA_MESSAGES.abrir }).click();
  const modal = dialog(CAIXA_MESSAGES.abrir);
  await modal.getByLabel('Fundo de troco').fill('100,00');
  await modal.getByRole('button', { name: CAIXA_MESSAGES.abrir }).click();
  await notification(CAIXA_MESSAGES.abertoSucesso).waitFor();
  await expect.poll(() => status.textContent()).toBe(CAIXA_MESSAGES.aberto);
  await modal.waitFor({ state: 'hidden' });
}

/** Scans the product into the PDV's cart. */
async function escanear(produto: ProdutoTeste): Promise<void> {
  const busca = page.getByTestId('pdv-busca');
  await page.keyboard.press('F2');
  await busca.fill(produto.codigo_barras);
  await busca.press('Enter');
  await expect.poll(() => page.getByTestId('pdv-item').count()).toBe(1);
}

/**
 * Presses F9 and answers "CPF na nota?" (empty: no CPF); answers the file the PDV printed once
 * the sale and its NFC-e are done.
 */
async function finalizar(cpf: string, timeout?: number): Promise<Download> {
  await page.keyboard.press('F9');
  const campo = dialog('CPF na nota?').getByLabel('CPF do consumidor (opcional)');
  await campo.waitFor();
  if (cpf) {
    await campo.fill(cpf.replace(/\D/g, ''));
    expect(await campo.inputValue()).toBe(cpf);
  }
  const download = await baixar(() => campo.press('Enter'), timeout);
  await notification(VENDA_MESSAGES.sucessoVendaRapida).waitFor();
  await expect.poll(() => page.getByTestId('pdv-item').count()).toBe(0);
  return download;
}

/** The DANFCE's key, from the name the PDV gave the file ("DANFCE-<chave>.pdf"). */
function chaveDoDanfce(download: Download): string {
  const nome = download.suggestedFilename();
  expect(nome).toMatch(/^DANFCE-\d{44}\.pdf$/);
  return nome.slice('DANFCE-'.length, -'.pdf'.length);
}

// --- Nota Fiscal ---------------------------------------------------------------------------

/** /nota-fiscal on a tab, searched by the note's number. */
async function abrirNotas(aba: 'nfe' | 'nfce', numero: number) {
  await page.goto(`${baseURL()}/nota-fiscal${aba === 'nfce' ? '?aba=nfce' : ''}`);
  await page.getByRole('heading', { name: 'Nota Fiscal' }).waitFor();
  await page.getByTestId('status-sefaz').waitFor();
  await page.getByLabel('Pesquisar notas fiscais').fill(String(numero));
  const linha = page.getByTestId(`notas-${aba}-table`).locator(`tr[data-nota-numero="${numero}"]`);
  await linha.waitFor();
  return linha;
}

/** The scenario picker of the status strip (admins and managers, ambiente de simulação). */
async function escolherCenario(valor: CenarioSimulacao): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Cenário da simulação' });
  await picker.click();
  const resposta = page.waitForResponse(
    (r) => r.url().endsWith('/api/fiscal/simulacao') && r.request().method() === 'PUT',
  );
  await page.getByRole('option', { name: CENARIO_LABELS[valor], exact: true }).click();
  expect((await resposta).status()).toBe(200);
  await expect.poll(() => picker.inputValue()).toBe(CENARIO_LABELS[valor]);
}

describe('Nota fiscal: NFC-e at the counter', () => {
  it('a counter sale with "CPF na nota?" gets an authorized NFC-e and prints its DANFCE', async () => {
    const produto = await criarProduto('Cafe Balcao', 12.9);
    await abrirPdv();

    // A CPF with a wrong check digit is refused in the dialog; Esc goes back to the sale.
    await escanear(produto);
    await page.keyboard.press('F9');
    const pergunta = dialog('CPF na nota?');
    const campo = pergunta.getByLabel('CPF do consumidor (opcional)');
    await campo.fill('52998224724');
    await campo.press('Enter');
    await pergunta.getByText(FISCAL_MENSAGENS.cpfConsumidor).waitFor();
    await page.keyboard.press('Escape');
    await pergunta.waitFor({ state: 'hidden' });
    // (The PDV's shortcuts wait for no dialog to be open.)
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('pdv-item').count()).toBe(1);

    // F9 again with a valid CPF: the PDV prints the DANFCE in place of the non-fiscal receipt.
    const danfce = await finalizar(CPF);
    const chave = chaveDoDanfce(danfce);
    const ultima = page.getByTestId('pdv-ultima-nfce');
    await ultima
      .getByTestId('situacao-nota')
      .filter({ visible: true, hasText: 'Autorizada' })
      .waitFor();
    const nota = await notaPorChave(chave);
    expect(nota).toMatchObject({
      modelo: 65,
      situacao: 'Autorizada',
      contingencia: false,
      destinatario_documento: CPF.replace(/\D/g, ''),
    });
    expect(nota.protocolo).toMatch(/^\d{15}$/);
    expect(await ultima.textContent()).toContain(`NFC-e Nº ${numeroNota(nota.numero)}`);

    const texto = await pdfBaixado(danfce);
    expect(texto).toContain(chaveEmGrupos(chave));
    expect(texto).toContain(`CONSUMIDOR - CPF ${CPF}`);
    expect(texto).toContain(`Protocolo de autorização: ${nota.protocolo}`);
    expect(texto).toContain(FISCAL_TEXTOS.semValorFiscal);
    expect(texto).not.toContain(FISCAL_TEXTOS.emitidaEmContingencia);

    // The last sale's DANFCE button prints it again.
    const denovo = await baixar(() =>
      page.getByTestId('pdv-ultima-venda').getByRole('button', { name: 'DANFCE' }).click(),
    );
    expect(denovo.suggestedFilename()).toBe(danfce.suggestedFilename());
  });
});

describe('Nota fiscal: NF-e of a product sale', () => {
  it('emits the NF-e from the sale view; its DANFE and XML download from Nota Fiscal', async () => {
    // A finalized product sale for a demo customer, set up through the API.
    const produto = await criarProduto('Cafe Pacote', 21.9);
    const criada = await vendaFinalizada(produto.id, 2);

    // The sale's view: Emitir NF-e, confirmed in its dialog.
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, `/vendas?venda=${criada.id}`);
    const view = dialog(`Venda Nº ${formatNumeroVenda(criada.numero)}`);
    await view.getByTestId('venda-view').waitFor();
    await view.getByRole('button', { name: 'Emitir NF-e' }).click();
    const emitir = dialog('Emitir NF-e');
    await emitir.getByTestId('emitir-nfe').waitFor();
    await emitir.getByRole('button', { name: 'Emitir NF-e' }).click();
    await notification(/NF-e Nº [\d.]+ autorizada\./).waitFor();
    await emitir.waitFor({ state: 'hidden' });

    // The view shows the note, Autorizada, and no longer offers another.
    const notas = view.getByTestId('venda-notas');
    await notas
      .getByTestId('situacao-nota')
      .filter({ visible: true, hasText: 'Autorizada' })
      .waitFor();
    await expect.poll(() => view.getByRole('button', { name: 'Emitir NF-e' }).count()).toBe(0);
    const [nota] = await api<NotaFiscalResumo[]>(`/notas-fiscais?venda_id=${criada.id}`);
    expect(nota).toMatchObject({ modelo: 55, situacao: 'Autorizada', venda_id: criada.id });
    const titulo = `NF-e Nº ${numeroNota(nota!.numero)}`;
    await notas.getByRole('link', { name: titulo }).waitFor();

    // Nota Fiscal, NF-e tab: the row, searched by number, downloads the DANFE.
    const linha = await abrirNotas('nfe', nota!.numero);
    await linha
      .getByTestId('situacao-nota')
      .filter({ visible: true, hasText: 'Autorizada' })
      .waitFor();
    expect(await linha.textContent()).toContain(CLIENTE);
    const danfe = await baixar(() =>
      linha.getByRole('button', { name: `DANFE da ${titulo}` }).click(),
    );
    expect(danfe.suggestedFilename()).toBe(`DANFE-${nota!.chave}.pdf`);
    const texto = await pdfBaixado(danfe);
    expect(texto).toContain(chaveEmGrupos(nota!.chave));
    expect(texto).toContain(`Nº ${numeroNota(nota!.numero)}`);
    expect(texto).toContain(nota!.protocolo!);
    expect(texto).toContain(FISCAL_TEXTOS.semValorFiscal);

    // The note's page: key, protocol, the timeline, and the authorized XML (nfeProc).
    await linha.getByRole('button', { name: `Ver ${titulo}` }).click();
    await page.getByRole('heading', { name: titulo }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/nota-fiscal/${nota!.id}`);
    const detalhe = page.getByTestId('nota-detalhe');
    await detalhe
      .getByTestId('situacao-nota')
      .filter({ visible: true, hasText: 'Autorizada' })
      .waitFor();
    expect(await detalhe.getByTestId('nota-chave').textContent()).toBe(chaveEmGrupos(nota!.chave));
    expect(await detalhe.getByTestId('nota-protocolo').textContent()).toBe(nota!.protocolo);
    await detalhe
      .getByTestId('nota-eventos')
      .getByText('100: ', { exact: false })
      .first()
      .waitFor();
    const xml = await baixar(() => detalhe.getByRole('button', { name: 'Baixar XML' }).click());
    expect(xml.suggestedFilename()).toBe(`${nota!.chave}-procNFe.xml`);
    const conteudo = await readFile(await xml.path(), 'utf8');
    expect(conteudo).toContain('<nfeProc');
    expect(conteudo).toContain(`<infNFe Id="NFe${nota!.chave}"`);
    expect(conteudo).toContain('<mod>55</mod>');
    expect(conteudo).toContain('<Signature');
    expect(conteudo).toContain(`<chNFe>${nota!.chave}</chNFe>`);
    expect(conteudo).toContain(`<nProt>${nota!.protocolo}</nProt>`);
    expect(conteudo).toContain('<cStat>100</cStat>');
    const danfeDetalhe = await baixar(() =>
      detalhe.getByRole('button', { name: 'DANFE', exact: true }).click(),
    );
    expect(danfeDetalhe.suggestedFilename()).toBe(`DANFE-${nota!.chave}.pdf`);
  });
});

describe('Nota fiscal: contingency', () => {
  afterEach(() => cenario('normal'));

  it('with SEFAZ silent the counter keeps selling in contingency; the queue transmits when it answers', async () => {
    const produto = await criarProduto('Cafe Contingencia', 9.5);

    // "Pulls the network": the status strip's picker silences the simulated SEFAZ.
    await abrirPdv();
    await page.goto(`${baseURL()}/nota-fiscal?aba=nfce`);
    await page.getByTestId('status-sefaz').waitFor();
    await escolherCenario('silencio');

    // The sale completes after SEFAZ's time limit (3 s): the DANFCE of the contingency note.
    await page.goto(`${baseURL()}/vendas?aba=balcao`);
    await page.getByRole('heading', { name: VENDA_MESSAGES.tituloBalcao }).waitFor();
    await page.getByTestId('caixa-status').filter({ hasText: CAIXA_MESSAGES.aberto }).waitFor();
    await escanear(produto);
    const danfce = await finalizar('', 30_000);
    const chave = chaveDoDanfce(danfce);
    // tpEmis 9 in the key: emitted offline.
    expect(chave.slice(34, 35)).toBe('9');
    await page
      .getByTestId('pdv-ultima-nfce')
      .getByTestId('situacao-nota')
      .filter({ visible: true, hasText: 'Em contingência' })
      .waitFor();
    await notification(
      /emitida em contingência: será transmitida quando a SEFAZ responder/,
    ).waitFor();
    const texto = await pdfBaixado(danfce);
    expect(texto).toContain(FISCAL_TEXTOS.emitidaEmContingencia);
    expect(texto).toContain(FISCAL_TEXTOS.consumidorNaoIdentificado);
    expect(texto).toContain(chaveEmGrupos(chave));
    const nota = await notaPorChave(chave);
    expect(nota).toMatchObject({ modelo: 65, situacao: 'Em contingência', contingencia: true });

    // Nota Fiscal, NFC-e tab: the note waits in the queue.
    const linha = await abrirNotas('nfce', nota.numero);
    await linha
      .getByTestId('situacao-nota')
      .filter({ visible: true, hasText: 'Em contingência' })
      .waitFor();
    expect(await page.getByTestId('status-sefaz').textContent()).toMatch(
      /Fila de contingência: [1-9]/,
    );

    // SEFAZ answers again: the queue transmits it at once, by itself, and the list (which
    // follows the queue on the status strip) shows it authorized without a reload.
    await escolherCenario('normal');
    const autorizada = page
      .getByTestId('notas-nfce-table')
      .locator(`tr[data-nota-numero="${nota.numero}"]`);
    await autorizada
      .getByTestId('situacao-nota')
      .filter({ visible: true, hasText: 'Autorizada' })
      .waitFor({ timeout: 30_000 });
    expect((await notaPorChave(chave)).situacao).toBe('Autorizada');
    await autorizada.getByText('emitida em contingência').waitFor();

    // Its page: authorized, marked as emitted in contingency, with the protocol.
    await autorizada
      .getByRole('button', { name: `Ver NFC-e Nº ${numeroNota(nota.numero)}` })
      .click();
    const detalhe = page.getByTestId('nota-detalhe');
    await detalhe
      .getByTestId('situacao-nota')
      .filter({ visible: true, hasText: 'Autorizada' })
      .waitFor();
    await detalhe.getByText(FISCAL_TEXTOS.emitidaEmContingencia, { exact: true }).waitFor();
    const final = await api<NotaFiscal>(`/notas-fiscais/${nota.id}`);
    expect(final.protocolo).toMatch(/^\d{15}$/);
    expect(await detalhe.getByTestId('nota-protocolo').textContent()).toBe(final.protocolo);
  }, 150_000);
});
