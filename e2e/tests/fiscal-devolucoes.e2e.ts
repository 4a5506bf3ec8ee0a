import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatQuantidadeUnidade } from '@prumo/shared/estoque';
import { statusParcelaLabel, type Conta, type TituloDetalhe } from '@prumo/shared/financeiro';
import {
  ACERTO_DEVOLUCAO_LABELS,
  DEVOLUCOES_MENSAGENS,
  TIPO_DEVOLUCAO_LABELS,
  type Devolucao,
  type DevolucaoResumo,
  type NotaFiscal,
} from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { ADMIN, baseURL, launchBrowser, newPage, signIn, WIDE } from '../support/browser';
import {
  api,
  chaveEmGrupos,
  CLIENTE,
  criarProdutoFiscal,
  emitirNfe,
  lancarXmlDeCompra,
  lerProduto,
  numeroNota,
  situacao,
  vendaFinalizada,
} from '../support/fiscal';

/*
 * Issue 29's returns (item 4), as a manager of the demo walks them: on an authorized NF-e of a
 * sale, Registrar devolução returns part of it with a credit for the customer; the NF-e de
 * devolução is authorized at once (the demo's simulated SEFAZ) and its page shows the return,
 * with the key it references linking to the sale's note; the goods come back into stock and
 * the credit is a payable to the customer. Never more than the note had, counting earlier
 * returns: the dialog says so before sending, and so does the server when someone else
 * returned the rest meanwhile. And a purchase entered by XML goes back to its supplier by the
 * entry's factor, with the money received into an account.
 */

let browser: Browser;
let page: Page;
const run = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

const estoque = async (id: number) => (await lerProduto(id)).estoque;

/** A product of this run, with stock and the NCM a note needs. */
const criarProduto = (rotulo: string, preco: number) =>
  criarProdutoFiscal(`E2E Devolucao ${run} ${rotulo}`, preco);

/** The returns that reference that key (the sale's note), newest first. */
const devolucoesDa = (chave: string) => api<DevolucaoResumo[]>(`/devolucoes?q=${chave}`);

const notification = (text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });

const tituloNota = (numero: number) => `NF-e Nº ${numeroNota(numero)}`;

/** The note's page, once it shows that note in that situação. */
async function esperarNota(numero: number, esperada: string): Promise<Locator> {
  await page.getByRole('heading', { name: tituloNota(numero) }).waitFor();
  const detalhe = page.getByTestId('nota-detalhe');
  await situacao(detalhe, esperada).waitFor();
  return detalhe;
}

/** Registrar devolução on the note's page: the dialog, once the original note's items loaded. */
async function abrirDevolucao(detalhe: Locator): Promise<Locator> {
  await detalhe.getByRole('button', { name: 'Registrar devolução', exact: true }).click();
  const devolucao = dialog('Registrar devolução');
  await devolucao.getByTestId('devolucao-dialog').waitFor();
  return devolucao;
}

describe('Nota fiscal: devolução de cliente', () => {
  it('returns 1 of 2 units of an authorized NF-e with a credit; its NF-e de devolução shows the return', async () => {
    const preco = 24.9;
    const item = await criarProduto('Cafe Devolvido', preco);
    const venda = await vendaFinalizada(item.id, 2);
    const nota = await emitirNfe(venda.id);
    expect(nota).toMatchObject({ modelo: 55, situacao: 'Autorizada', finalidade: 1 });
    const estoqueVendido = await estoque(item.id);

    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, `/nota-fiscal/${nota.id}`);
    const original = await esperarNota(nota.numero, 'Autorizada');
    const dialogo = await abrirDevolucao(original);

    // The original note: its customer and its item, 2 UN of which 2 may be returned.
    expect(await dialogo.getByTestId('devolucao-pessoa').textContent()).toBe(CLIENTE);
    const linha = dialogo.getByTestId('devolucao-item-1');
    expect(await linha.textContent()).toContain(item.nome);
    expect(await dialogo.getByTestId('disponivel-1').textContent()).toBe(
      formatQuantidadeUnidade(2, 'UN'),
    );
    const quantidade = dialogo.getByLabel('Quantidade a devolver do item 1');
    const valor = dialogo.getByTestId('devolucao-valor');

    // Devolver tudo fills what is available; the value follows.
    await dialogo.getByRole('button', { name: 'Devolver tudo' }).click();
    await expect.poll(() => quantidade.inputValue()).toBe('2');
    await expect.poll(() => valor.textContent()).toBe(formatMoney(2 * preco));

    // More than the note had: the message under the field at once, and nothing is sent.
    await quantidade.fill('3');
    const acima = dialogo.getByText(DEVOLUCOES_MENSAGENS.quantidadeAcimaDoSaldo(1, '2', 'UN'));
    await acima.waitFor();
    expect(await acima.textContent()).toContain(
      'a quantidade devolvida passa do que ainda pode ser devolvido',
    );
    await dialogo.getByRole('button', { name: 'Emitir NF-e de devolução' }).click();
    await dialogo.getByText(DEVOLUCOES_MENSAGENS.motivo).waitFor();
    expect(await dialogo.isVisible()).toBe(true);
    expect(await devolucoesDa(nota.chave)).toEqual([]);

    // One unit back, with a reason and a credit for the customer.
    await quantidade.fill('1');
    await acima.waitFor({ state: 'detached' });
    await expect.poll(() => valor.textContent()).toBe(formatMoney(preco));
    const motivo = `Embalagem danificada na entrega (${run}).`;
    await dialogo.getByLabel('Motivo').fill(motivo);
    await dialogo.getByLabel(ACERTO_DEVOLUCAO_LABELS.cliente.credito).check();
    await dialogo.getByRole('button', { name: 'Emitir NF-e de devolução' }).click();
    const aviso = notification(/Devolução registrada: NF-e nº [\d.]+/);
    await aviso.waitFor();
    const avisado = await aviso.textContent();
    await dialogo.waitFor({ state: 'hidden' });

    // The return's own note opens: an NF-e de devolução (finalidade 4), authorized.
    const [registrada] = await devolucoesDa(nota.chave);
    expect(registrada).toMatchObject({
      tipo: 'cliente',
      chave_referenciada: nota.chave,
      numero_origem: nota.numero,
      pessoa_nome: CLIENTE,
      motivo,
      acerto: 'credito',
      valor_total: preco,
    });
    expect(registrada!.nota_id).not.toBe(nota.id);
    expect(avisado).toContain(
      `Devolução registrada: NF-e nº ${numeroNota(registrada!.nota_numero!)}`,
    );
    await page.waitForURL(`${baseURL()}/nota-fiscal/${registrada!.nota_id}`);
    const detalhe = await esperarNota(registrada!.nota_numero!, 'Autorizada');
    await detalhe.getByTestId('nota-finalidade').filter({ hasText: 'Devolução' }).waitFor();
    const notaDevolucao = await api<NotaFiscal>(`/notas-fiscais/${registrada!.nota_id}`);
    expect(notaDevolucao).toMatchObject({
      modelo: 55,
      situacao: 'Autorizada',
      finalidade: 4,
      devolucao_id: registrada!.id,
      destinatario_nome: CLIENTE,
      valor_total: preco,
    });
    expect(notaDevolucao.protocolo).toMatch(/^\d{15}$/);

    // Its Devolução section: the type, the key it references and the link to the sale's note,
    // the reason, the item, the stock movement and the title.
    const secao = detalhe.getByTestId('nota-devolucao');
    await secao.getByTestId('devolucao-chave-referenciada').waitFor();
    expect(await secao.getByTestId('devolucao-chave-referenciada').textContent()).toBe(
      chaveEmGrupos(nota.chave),
    );
    const texto = await secao.textContent();
    expect(texto).toContain(TIPO_DEVOLUCAO_LABELS.cliente);
    expect(texto).toContain(ACERTO_DEVOLUCAO_LABELS.cliente.credito);
    expect(texto).toContain(CLIENTE);
    expect(await secao.getByTestId('devolucao-motivo').textContent()).toBe(motivo);
    const itens = await secao.getByTestId('devolucao-itens').textContent();
    expect(itens).toContain(item.nome);
    expect(itens).toContain(formatQuantidadeUnidade(1, 'UN'));
    expect(texto).toContain('1 movimentação(ões) no estoque.');
    const titulo = await secao.getByTestId('devolucao-titulo').textContent();
    expect(titulo).toContain(`${TIPO_DEVOLUCAO_LABELS.cliente} — NF-e nº ${nota.numero}`);
    expect(titulo).toContain('Contas a Pagar');
    expect(titulo).toContain(formatMoney(preco));
    expect(titulo).toContain(statusParcelaLabel('aberto'));
    const link = secao.getByRole('link', { name: `Nº ${numeroNota(nota.numero)}`, exact: true });
    expect(await link.getAttribute('href')).toBe(`/nota-fiscal/${nota.id}`);

    // The unit is back in stock, once; the credit is a payable to the customer, left open.
    expect(await estoque(item.id)).toBe(estoqueVendido + 1);
    const devolucao = await api<Devolucao>(`/devolucoes/${registrada!.id}`);
    expect(devolucao.movimentacoes).toMatchObject([{ produto_id: item.id, quantidade: 1 }]);
    expect(devolucao.titulos).toHaveLength(1);
    const pagar = await api<TituloDetalhe>(`/financeiro/titulos/${devolucao.titulos[0]!.id}`);
    expect(pagar).toMatchObject({
      natureza: 'pagar',
      origem: 'devolucao',
      devolucao_id: registrada!.id,
      pessoa_nome: CLIENTE,
      valor: preco,
      saldo: preco,
      status: 'aberto',
    });

    // Back on the sale's note through the link: 1 UN returned, 1 left to return.
    await link.click();
    await page.waitForURL(`${baseURL()}/nota-fiscal/${nota.id}`);
    const outra = await abrirDevolucao(await esperarNota(nota.numero, 'Autorizada'));
    expect(await outra.getByTestId('devolucao-item-1').textContent()).toContain(
      `já devolvido ${formatQuantidadeUnidade(1, 'UN')}`,
    );
    expect(await outra.getByTestId('disponivel-1').textContent()).toBe(
      formatQuantidadeUnidade(1, 'UN'),
    );
    // Two again is more than is left: refused in the dialog.
    const restante = outra.getByLabel('Quantidade a devolver do item 1');
    await restante.fill('2');
    const acimaDoResto = outra.getByText(DEVOLUCOES_MENSAGENS.quantidadeAcimaDoSaldo(1, '1', 'UN'));
    await acimaDoResto.waitFor();

    // The last unit is returned elsewhere meanwhile (through the API): the dialog still offers
    // it, and the server refuses it with the same message, shown in the dialog.
    await restante.fill('1');
    await acimaDoResto.waitFor({ state: 'detached' });
    await api<Devolucao>('/devolucoes', 'POST', {
      tipo: 'cliente',
      nota_id: nota.id,
      motivo: `Devolvida no balcão (${run}).`,
      acerto: 'credito',
      itens: [{ n_item: 1, quantidade: 1 }],
    });
    await outra.getByLabel('Motivo').fill(`Segunda unidade com defeito (${run}).`);
    await outra.getByLabel(ACERTO_DEVOLUCAO_LABELS.cliente.credito).check();
    await outra.getByRole('button', { name: 'Emitir NF-e de devolução' }).click();
    const recusa = outra.getByTestId('devolucao-erro');
    await recusa.waitFor();
    expect(await recusa.textContent()).toContain(
      DEVOLUCOES_MENSAGENS.quantidadeAcimaDoSaldo(1, '0', 'UN'),
    );
    await outra.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await outra.waitFor({ state: 'hidden' });

    // Two returns in all, one unit each: the stock got both units back, never more.
    expect((await devolucoesDa(nota.chave)).map((d) => d.valor_total)).toEqual([preco, preco]);
    expect(await estoque(item.id)).toBe(estoqueVendido + 2);
  }, 120_000);
});

// --- Devolução ao fornecedor ---------------------------------------------------------------

/*
 * A supplier's NF-e of its own (not fiscal-eventos' fixture: one key, and one new supplier, per
 * server, and the e2e files share a server), made by the project's builder and signed with a
 * test A1, as that file says, by a script run with tsx in apps/server:
 *
 *   const cnpj = '27531184000172';
 *   const razaoSocial = 'Torrefação Exemplo de Devoluções Ltda';
 *   const certificado = gerarCertificadoTeste({ cnpj, razaoSocial });
 *   const base = notaDeCompra({ numero: 9152, itens: [
 *       itemDeCompra(1, { codigo: 'DEV-MOKA', descricao: 'Cafe em graos moka 1 kg',
 *         ncm: '09012100', unidade: 'UN', quantidade: 4, valorUnitarioCentavos: 5_400 }),
 *       itemDeCompra(2, { codigo: 'DEV-FILTRO', descricao: 'Filtro de papel 103 cx 6',
 *         ncm: '48239099', unidade: 'CX', quantidade: 2, valorUnitarioCentavos: 3_000 }),
 *     ] });
 *   nfeProcDeCompra({ ...base,
 *       emitente: { ...base.emitente, cnpj, razaoSocial, nomeFantasia: 'Torrefação Exemplo' },
 *       responsavelTecnico: { ...base.responsavelTecnico!, cnpj } },
 *     certificado.pem, [{ nDup: '001', dVenc: '2030-05-15', vDupCentavos: 27_600 }]).xml
 *
 * Addressed to the demo company (CNPJ 11.222.333/0001-81), homologação.
 */
const XML_COMPRA = fileURLToPath(new URL('../fixtures/nfe-compra-devolucao.xml', import.meta.url));
const COMPRA = {
  chave: '35261127531184000172550010000091521405268134',
  numero: 9152,
  fornecedor: 'Torrefação Exemplo de Devoluções Ltda',
};

/** The purchase entered through the API: new products, the box of filters counted by 6. */
const lancarCompra = () =>
  lancarXmlDeCompra(XML_COMPRA, {
    itens: [
      { n_item: 1, produto_id: null, fator: 1 },
      { n_item: 2, produto_id: null, fator: 6 },
    ],
  });

describe('Estoque: devolução ao fornecedor', () => {
  it('returns a box of a purchase entered by XML to its supplier, received into an account', async () => {
    const entrada = await lancarCompra();
    const filtro = entrada.itens[1]!;
    expect(filtro).toMatchObject({ unidade_nota: 'CX', fator: 6, quantidade: 12 });
    const estoqueComprado = await estoque(filtro.produto_id);
    const conta = await api<Conta>('/financeiro/contas', 'POST', {
      nome: `E2E Devolucao ${run} Banco`,
      tipo: 'corrente',
      saldo_inicial: 0,
    });

    // The entry's view, by its address: Devolver ao fornecedor opens the dialog on its items.
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, `/estoque/entradas-xml?entrada=${entrada.id}`);
    const vista = dialog('Entrada por XML');
    await vista.getByTestId('entrada-detalhe').waitFor();
    await vista.getByRole('button', { name: 'Devolver ao fornecedor' }).click();
    await vista.waitFor({ state: 'hidden' });
    const dialogo = dialog('Devolver ao fornecedor');
    await dialogo.getByTestId('devolucao-dialog').waitFor();
    expect(await dialogo.getByTestId('devolucao-pessoa').textContent()).toBe(COMPRA.fornecedor);
    expect(await dialogo.getByTestId('disponivel-1').textContent()).toBe(
      formatQuantidadeUnidade(4, 'UN'),
    );
    expect(await dialogo.getByTestId('disponivel-2').textContent()).toBe(
      formatQuantidadeUnidade(2, 'CX'),
    );

    // One box of filters, in the note's unit; the money received now into the new account.
    await dialogo.getByLabel('Quantidade a devolver do item 2').fill('1');
    await expect
      .poll(() => dialogo.getByTestId('devolucao-valor').textContent())
      .toBe(formatMoney(30));
    const motivo = `Caixa de filtros rasgada no transporte (${run}).`;
    await dialogo.getByLabel('Motivo').fill(motivo);
    await dialogo.getByLabel(ACERTO_DEVOLUCAO_LABELS.fornecedor.reembolso).check();
    await dialogo.getByRole('combobox', { name: 'Conta onde entra o valor' }).click();
    await page.getByRole('option', { name: conta.nome, exact: true }).click();
    await expect
      .poll(() => dialogo.getByRole('combobox', { name: 'Conta onde entra o valor' }).inputValue())
      .toBe(conta.nome);
    await dialogo.getByRole('button', { name: 'Emitir NF-e de devolução' }).click();
    await notification(/Devolução registrada: NF-e nº [\d.]+/).waitFor();
    await dialogo.waitFor({ state: 'hidden' });

    // The return's NF-e (de saída, finalidade 4) opens, authorized, with its return.
    const [registrada] = await devolucoesDa(COMPRA.chave);
    expect(registrada).toMatchObject({
      tipo: 'fornecedor',
      numero_origem: COMPRA.numero,
      pessoa_nome: COMPRA.fornecedor,
      acerto: 'reembolso',
      valor_total: 30,
    });
    await page.waitForURL(`${baseURL()}/nota-fiscal/${registrada!.nota_id}`);
    const detalhe = await esperarNota(registrada!.nota_numero!, 'Autorizada');
    expect(await api<NotaFiscal>(`/notas-fiscais/${registrada!.nota_id}`)).toMatchObject({
      situacao: 'Autorizada',
      finalidade: 4,
      destinatario_nome: COMPRA.fornecedor,
    });
    const secao = detalhe.getByTestId('nota-devolucao');
    await secao.getByTestId('devolucao-chave-referenciada').waitFor();
    expect(await secao.getByTestId('devolucao-chave-referenciada').textContent()).toBe(
      chaveEmGrupos(COMPRA.chave),
    );
    const texto = await secao.textContent();
    expect(texto).toContain(TIPO_DEVOLUCAO_LABELS.fornecedor);
    expect(texto).toContain(ACERTO_DEVOLUCAO_LABELS.fornecedor.reembolso);
    expect(await secao.getByTestId('devolucao-itens').textContent()).toContain(
      formatQuantidadeUnidade(1, 'CX'),
    );
    const titulo = await secao.getByTestId('devolucao-titulo').textContent();
    expect(titulo).toContain('Contas a Receber');
    expect(titulo).toContain(formatMoney(30));
    expect(titulo).toContain(statusParcelaLabel('pago'));

    // Six filters left the stock (the box's factor); the supplier's 30 reais are in the account.
    expect(await estoque(filtro.produto_id)).toBe(estoqueComprado - 6);
    const devolucao = await api<Devolucao>(`/devolucoes/${registrada!.id}`);
    expect(devolucao.itens).toMatchObject([
      { n_item: 2, unidade: 'CX', quantidade: 1, quantidade_estoque: 6 },
    ]);
    const receber = await api<TituloDetalhe>(`/financeiro/titulos/${devolucao.titulos[0]!.id}`);
    expect(receber).toMatchObject({
      natureza: 'receber',
      origem: 'devolucao',
      pessoa_nome: COMPRA.fornecedor,
      valor: 30,
      saldo: 0,
      status: 'pago',
    });
    expect(receber.parcelas[0]!.baixas).toMatchObject([{ conta_id: conta.id, valor: 30 }]);
    expect((await api<Conta>(`/financeiro/contas/${conta.id}`)).saldo).toBe(30);

    // The original note's link opens the purchase's entry.
    await secao
      .getByRole('link', { name: `Nº ${numeroNota(COMPRA.numero)} (entrada por XML de compra)` })
      .click();
    await page.waitForURL(`${baseURL()}/estoque/entradas-xml?entrada=${entrada.id}`);
    await dialog('Entrada por XML').getByTestId('entrada-detalhe').waitFor();
  }, 120_000);
});
