import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CancelamentoResultado,
  Devolucao,
  DevolucaoCreateInput,
  DevolucaoOrigem,
  DevolucaoResumo,
  EntradaNfe,
  NotaFiscal,
} from '@prumo/shared/fiscal';
import { productsOutOfBalance } from '../../test/estoque-ledger';
import {
  abrirCaixa,
  clienteDemo,
  contagem,
  emitirNota,
  estoqueDe,
  produtoFiscal,
  vendaBalcao,
  vendaFinalizada,
} from '../../test/fiscal';
import { multipart } from '../../test/multipart-body';
import {
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';
import { gerarCertificadoTeste } from './certificado/certificado-teste';
import { lerNfe } from './danfe/nfe-leitura';
import {
  CNPJ_FORNECEDOR_EXEMPLO,
  itemDeCompra,
  nfeProcDeCompra,
  notaDeCompra,
  RAZAO_FORNECEDOR_EXEMPLO,
} from './entradas-exemplo';
import { assinaturaValida } from './nfe/assinatura';
import { validarXml } from './nfe/esquemas';

/*
 * Returns (issue 29, item 4) against the simulated SEFAZ: a customer's return puts back exactly
 * what was returned, once, with its credit or refund and an NF-e de devolução (entrada,
 * finalidade 4) that references the sale's note; more than was sold is refused, also when two
 * returns race; a return to a supplier takes the goods out by the entry's factor; cancelling
 * the return's note undoes it, and a note with a live return is not cancelled.
 */

type Json = Record<string, unknown>;
let ctx: TestContext;
let clienteId: number;
let contaId: number;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  clienteId = await clienteDemo(ctx);
  const contas = await ctx.request({ method: 'GET', url: '/api/financeiro/contas' });
  contaId = contas.json<Array<{ id: number }>>()[0]!.id;
  await abrirCaixa(ctx);
});
afterAll(() => ctx?.close());

const produto = (dados: Json = {}) => produtoFiscal(ctx, dados);

/**
 * An authorized note of a finalized sale of the given lines: an NF-e of a sale to the demo
 * customer (boleto), or an NFC-e of a quick counter sale to an unnamed consumer.
 */
async function notaDaVenda(itens: Json[], modelo: 55 | 65 = 55) {
  const vendaId =
    modelo === 55 ? await vendaFinalizada(ctx, clienteId, itens) : await vendaBalcao(ctx, itens);
  const nota = await emitirNota(ctx, { venda_id: vendaId, modelo });
  expect(nota.situacao).toBe('Autorizada');
  return nota;
}

const devolver = (payload: DevolucaoCreateInput, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'POST', url: '/api/devolucoes', payload, headers, as: MANAGER_EMAIL });

/** A customer's return of `quantidade` of the note's first line, as a credit unless `extra` says. */
const devolucaoDoItem1 = (
  notaId: number,
  motivo: string,
  quantidade: number,
  extra: Partial<DevolucaoCreateInput> = {},
): DevolucaoCreateInput => ({
  tipo: 'cliente',
  nota_id: notaId,
  motivo,
  acerto: 'credito',
  itens: [{ n_item: 1, quantidade }],
  ...extra,
});

const origem = async (query: string) => {
  const response = await ctx.request({ method: 'GET', url: `/api/devolucoes/origem?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DevolucaoOrigem>();
};

async function xmlAutorizado(notaId: number): Promise<string> {
  const response = await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${notaId}/xml` });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('devolução de cliente', () => {
  it('puts the returned quantity back once, leaves a credit and issues the NF-e de devolução', async () => {
    const cafe = await produto({ preco: 12.5 });
    const filtro = await produto({ preco: 3 });
    const nota = await notaDaVenda([
      { produto_id: cafe, quantidade: 4, desconto_item: 2 },
      { produto_id: filtro, quantidade: 2 },
    ]);
    const antes = await estoqueDe(ctx, cafe);

    const oferta = await origem(`tipo=cliente&nota_id=${nota.id}`);
    expect(oferta.pessoa?.id).toBe(clienteId);
    expect(oferta.itens.map((i) => [i.n_item, i.disponivel])).toEqual([
      [1, 4],
      [2, 2],
    ]);
    // R$ 50,00 less R$ 2,00 of discount over 4 units.
    expect(oferta.itens[0]!.valor_liquido_unitario).toBe(12);

    const response = await devolver(devolucaoDoItem1(nota.id, 'Embalagem violada', 1));
    expect(response.statusCode, response.body).toBe(201);
    const devolucao = response.json<Devolucao>();
    expect(devolucao.valor_total).toBe(12);
    expect(devolucao.nota_situacao).toBe('Autorizada');
    expect(devolucao.movimentacoes).toEqual([
      expect.objectContaining({ produto_id: cafe, tipo: 'entrada', quantidade: 1 }),
    ]);
    expect(devolucao.titulos).toEqual([
      expect.objectContaining({ natureza: 'pagar', valor: 12, status: 'aberto' }),
    ]);
    expect(await estoqueDe(ctx, cafe)).toBe(antes + 1);
    expect(await productsOutOfBalance(db())).toEqual([]);

    const xml = await xmlAutorizado(devolucao.nota_id!);
    expect((await validarXml(xml, 'procNFe')).erros).toEqual([]);
    expect(assinaturaValida(xml, 'infNFe')).toBe(true);
    const lida = lerNfe(xml);
    expect(lida.ide.tpNF).toBe(0);
    // Within the UF 5102 → 1202; to another UF 6102 → 2202.
    const cfopDaVenda = lerNfe(await xmlAutorizado(nota.id)).det[0]!.CFOP;
    expect(lida.det.map((d) => [d.CFOP, d.qCom, d.vProd, d.vDesc])).toEqual([
      [cfopDaVenda === '6102' ? '2202' : '1202', 1, 1250, 50],
    ]);
    expect(xml).toContain('<finNFe>4</finNFe>');
    expect(xml).toContain(`<NFref><refNFe>${nota.chave}</refNFe></NFref>`);
    expect(xml).toContain('<tPag>90</tPag>');
    expect(xml).toContain('<pDevol>25.00</pDevol>');

    const nota4 = (
      await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${devolucao.nota_id}` })
    ).json<NotaFiscal>();
    expect(nota4).toMatchObject({ finalidade: 4, venda_id: null, devolucao_id: devolucao.id });

    expect((await origem(`tipo=cliente&nota_id=${nota.id}`)).itens[0]).toMatchObject({
      devolvida: 1,
      disponivel: 3,
    });
  });

  it('refuses more than was sold, counting earlier returns, and writes nothing', async () => {
    const item = await produto();
    const nota = await notaDaVenda([{ produto_id: item, quantidade: 2 }]);
    const pedido = (quantidade: number) =>
      devolucaoDoItem1(nota.id, 'Cliente desistiu', quantidade);
    const antes = await contagem(ctx, 'devolucoes');
    const demais = await devolver(pedido(3));
    expect(demais.statusCode).toBe(409);
    expect(demais.json<{ message: string }>().message).toBe(
      'Item 1: a quantidade devolvida passa do que ainda pode ser devolvido (2 UN)',
    );
    expect((await devolver(pedido(1.5))).statusCode).toBe(201);
    const depois = await devolver(pedido(1));
    expect(depois.statusCode).toBe(409);
    expect(depois.json<{ message: string }>().message).toContain('(0,5 UN)');
    expect(await contagem(ctx, 'devolucoes')).toBe(antes + 1);
    expect(
      (await devolver({ ...pedido(1), itens: [{ n_item: 9, quantidade: 1 }] })).statusCode,
    ).toBe(400);
  });

  it('gives exactly one return when two race for the whole quantity', async () => {
    const item = await produto();
    const nota = await notaDaVenda([{ produto_id: item, quantidade: 3 }]);
    const antes = await estoqueDe(ctx, item);
    const pedido = devolucaoDoItem1(nota.id, 'Defeito de fabricação', 3);
    const respostas = await Promise.all([devolver(pedido), devolver(pedido)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await estoqueDe(ctx, item)).toBe(antes + 3);
    expect(await productsOutOfBalance(db())).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer', async () => {
    const item = await produto();
    const nota = await notaDaVenda([{ produto_id: item, quantidade: 2 }]);
    const pedido = devolucaoDoItem1(nota.id, 'Troca por outro modelo', 1);
    const chave = { 'idempotency-key': `devolucao-${nota.id}` };
    const primeira = await devolver(pedido, chave);
    const repetida = await devolver(pedido, chave);
    expect(primeira.statusCode).toBe(201);
    expect(repetida.headers['idempotent-replayed']).toBe('true');
    expect(repetida.json()).toEqual(primeira.json());
    expect((await origem(`tipo=cliente&nota_id=${nota.id}`)).itens[0]!.devolvida).toBe(1);
  });

  it('puts back exactly what each return takes, whatever the quantities (property)', async () => {
    const item = await produto();
    const nota = await notaDaVenda([{ produto_id: item, quantidade: 10 }]);
    const inicial = await estoqueDe(ctx, item);
    let devolvido = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4000 }), async (milesimos) => {
        const quantidade = milesimos / 1000;
        const response = await devolver(devolucaoDoItem1(nota.id, 'Devolução parcial', quantidade));
        const cabe = devolvido * 1000 + milesimos <= 10_000;
        expect(response.statusCode).toBe(cabe ? 201 : 409);
        if (cabe) devolvido = (devolvido * 1000 + milesimos) / 1000;
        expect(await estoqueDe(ctx, item)).toBeCloseTo(inicial + devolvido, 3);
      }),
      { numRuns: 6, seed: 29 },
    );
    expect(await productsOutOfBalance(db())).toEqual([]);
  });

  it('refunds at once from an account (the payable settled)', async () => {
    const item = await produto();
    const nota = await notaDaVenda([{ produto_id: item, quantidade: 1 }]);
    const reembolso = devolucaoDoItem1(nota.id, 'Não serviu', 1, { acerto: 'reembolso' });
    const semConta = await devolver(reembolso);
    expect(semConta.statusCode).toBe(400);
    expect(semConta.json<{ message: string }>().message).toBe(
      'Informe a conta de onde sai (ou onde entra) o reembolso',
    );
    const response = await devolver({ ...reembolso, conta_id: contaId });
    expect(response.statusCode, response.body).toBe(201);
    const [titulo] = response.json<Devolucao>().titulos;
    expect(titulo).toEqual(
      expect.objectContaining({ natureza: 'pagar', valor: 10, status: 'pago' }),
    );
    // The title belongs to the return: Financeiro shows where it came from and does not cancel it.
    const detalhe = await ctx.request({
      method: 'GET',
      url: `/api/financeiro/titulos/${titulo!.id}`,
    });
    expect(detalhe.json()).toMatchObject({
      origem: 'devolucao',
      devolucao_id: response.json<Devolucao>().id,
    });
    const cancelar = await ctx.request({
      method: 'POST',
      url: `/api/financeiro/titulos/${titulo!.id}/cancelar`,
      payload: {},
      as: MANAGER_EMAIL,
    });
    expect(cancelar.statusCode).toBe(409);
  });

  it('needs a customer for the return of a consumer NFC-e', async () => {
    const item = await produto();
    const nota = await notaDaVenda([{ produto_id: item, quantidade: 1 }], 65);
    const pedido = devolucaoDoItem1(nota.id, 'Produto errado', 1);
    const sem = await devolver(pedido);
    expect(sem.statusCode).toBe(409);
    expect(sem.json<{ message: string }>().message).toContain('A venda não tem cliente');
    const com = await devolver({ ...pedido, cliente_id: clienteId });
    expect(com.statusCode, com.body).toBe(201);
    expect(lerNfe(await xmlAutorizado(com.json<Devolucao>().nota_id!)).det[0]!.CFOP).toMatch(
      /^[12]202$/,
    );
  });

  it('undoes the return when its note is cancelled; a referenced note is not cancelled', async () => {
    const item = await produto();
    const nota = await notaDaVenda([{ produto_id: item, quantidade: 2 }]);
    const criada = await devolver(
      devolucaoDoItem1(nota.id, 'Cor diferente da pedida', 2, {
        acerto: 'reembolso',
        conta_id: contaId,
      }),
    );
    expect(criada.statusCode, criada.body).toBe(201);
    const devolucao = criada.json<Devolucao>();
    const estoque = await estoqueDe(ctx, item);

    const original = await ctx.request({
      method: 'POST',
      url: `/api/notas-fiscais/${nota.id}/cancelar`,
      payload: { justificativa: 'Venda registrada em duplicidade' },
      as: MANAGER_EMAIL,
    });
    expect(original.statusCode).toBe(409);
    expect(original.json<{ message: string }>().message).toContain('uma devolução');

    const cancelada = await ctx.request({
      method: 'POST',
      url: `/api/notas-fiscais/${devolucao.nota_id}/cancelar`,
      payload: { justificativa: 'Devolução registrada por engano' },
      as: MANAGER_EMAIL,
    });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(cancelada.json<CancelamentoResultado>().aviso).toContain('A devolução foi desfeita');
    expect(await estoqueDe(ctx, item)).toBe(estoque - 2);
    const desfeita = (
      await ctx.request({ method: 'GET', url: `/api/devolucoes/${devolucao.id}` })
    ).json<Devolucao>();
    expect(desfeita.cancelada_em).not.toBeNull();
    expect(desfeita.titulos.map((t) => t.status)).toEqual(['cancelado']);
    expect((await origem(`tipo=cliente&nota_id=${nota.id}`)).itens[0]!.disponivel).toBe(2);
    expect(await productsOutOfBalance(db())).toEqual([]);
  });

  it('lists and searches returns, for managers only', async () => {
    const lista = await ctx.request({ method: 'GET', url: '/api/devolucoes?tipo=cliente&limit=3' });
    expect(lista.statusCode).toBe(200);
    expect(Number(lista.headers['x-total-count'])).toBeGreaterThan(3);
    expect(lista.json<DevolucaoResumo[]>()).toHaveLength(3);
    const busca = await ctx.request({ method: 'GET', url: '/api/devolucoes?q=cor%20diferente' });
    expect(busca.json<DevolucaoResumo[]>().length).toBeGreaterThanOrEqual(0);
    const vendedor = await ctx.request({ method: 'GET', url: '/api/devolucoes', as: USER_EMAIL });
    expect(vendedor.statusCode).toBe(403);
  });
});

describe('devolução ao fornecedor', () => {
  it('takes the goods out by the entry factor, leaves a receivable and issues the NF-e', async () => {
    const certificado = gerarCertificadoTeste({
      cnpj: CNPJ_FORNECEDOR_EXEMPLO,
      razaoSocial: RAZAO_FORNECEDOR_EXEMPLO,
    });
    const cafe = await produto({ codigo_barras: '7891000315507', custo: 8 });
    const { xml, chave } = nfeProcDeCompra(
      notaDeCompra({
        numero: 901,
        itens: [
          itemDeCompra(1, {
            gtin: '7891000315507',
            unidade: 'CX',
            quantidade: 3,
            valorUnitarioCentavos: 12_000,
          }),
        ],
      }),
      certificado.pem,
    );
    const corpo = multipart(
      { dados: JSON.stringify({ itens: [{ n_item: 1, produto_id: cafe, fator: 12 }] }) },
      [{ field: 'xml', name: 'nfe.xml', type: 'application/xml', content: Buffer.from(xml) }],
    );
    const lancada = await ctx.request({
      method: 'POST',
      url: '/api/entradas-nfe',
      payload: corpo.payload,
      headers: corpo.headers,
    });
    expect(lancada.statusCode, lancada.body).toBe(201);
    const entrada = lancada.json<EntradaNfe>();
    const estoque = await estoqueDe(ctx, cafe);

    const oferta = await origem(`tipo=fornecedor&entrada_id=${entrada.id}`);
    expect(oferta.itens[0]).toMatchObject({ unidade: 'CX', fator: 12, disponivel: 3 });
    const response = await devolver({
      tipo: 'fornecedor',
      entrada_id: entrada.id,
      motivo: 'Lote com validade vencida',
      acerto: 'credito',
      itens: [{ n_item: 1, quantidade: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const devolucao = response.json<Devolucao>();
    expect(devolucao.movimentacoes).toEqual([
      expect.objectContaining({ tipo: 'saida', quantidade: 12 }),
    ]);
    expect(devolucao.titulos).toEqual([
      expect.objectContaining({ natureza: 'receber', valor: 120, status: 'aberto' }),
    ]);
    expect(await estoqueDe(ctx, cafe)).toBe(estoque - 12);
    const nota = lerNfe(await xmlAutorizado(devolucao.nota_id!));
    expect(nota.ide.tpNF).toBe(1);
    expect(nota.det.map((d) => [d.CFOP, d.uCom, d.qCom])).toEqual([['5202', 'CX', 1]]);
    expect(await xmlAutorizado(devolucao.nota_id!)).toContain(`<refNFe>${chave}</refNFe>`);
    expect(await productsOutOfBalance(db())).toEqual([]);
  });
});
