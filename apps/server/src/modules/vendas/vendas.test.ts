import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCentavos } from '@prumo/shared/money';
import { CLIENTE_BALCAO, VENDA_MESSAGES, type Venda, type VendaResumo } from '@prumo/shared/vendas';
import { productsOutOfBalance } from '../../test/estoque-ledger';
import {
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';

let ctx: TestContext;
let clienteId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const clientes = await ctx.request({ method: 'GET', url: '/api/cadastros?tipo=cliente' });
  clienteId = clientes.json<Array<{ id: number }>>()[0]!.id;
  // The admin's caixa, for the counter sales of this file.
  const aberto = await ctx.request({
    method: 'POST',
    url: '/api/caixas',
    payload: { valor_inicial: 50 },
  });
  expect(aberto.statusCode, aberto.body).toBe(201);
});
afterAll(() => ctx?.close());

type Json = Record<string, unknown>;

let sequence = 0;
async function createProduto(estoque: number, extra: Json = {}) {
  const nome = `Produto venda ${++sequence} ${Date.now()}`;
  const response = await ctx.request({
    method: 'POST',
    url: '/api/produtos',
    payload: { nome, estoque, preco: 10, custo: 4, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<{ id: number }>().id, nome };
}

async function estoqueOf(produtoId: number): Promise<number> {
  const response = await ctx.request({ method: 'GET', url: `/api/produtos/${produtoId}` });
  return response.json<{ estoque: number }>().estoque;
}

const item = (produto_id: number, quantidade = 1, extra: Json = {}) => ({
  produto_id,
  quantidade,
  ...extra,
});

const vendaProduto = (itens: Json[], extra: Json = {}) => ({
  tipo: 'produto',
  cliente_id: clienteId,
  forma_pagamento: 'pix',
  itens,
  ...extra,
});

const vendaRapida = (itens: Json[], extra: Json = {}) => ({
  tipo: 'balcao',
  forma_pagamento: 'dinheiro',
  atendimento_rapido: true,
  itens,
  ...extra,
});

const post = (payload: Json, options: { as?: string; key?: string } = {}) =>
  ctx.request({
    method: 'POST',
    url: '/api/vendas',
    payload,
    as: options.as,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });

async function postOk(payload: Json, as?: string): Promise<Venda> {
  const response = await post(payload, { as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const patchStatus = (id: number, status: string, options: { as?: string; key?: string } = {}) =>
  ctx.request({
    method: 'PATCH',
    url: `/api/vendas/${id}/status`,
    payload: { status },
    as: options.as,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });

async function rowCounts() {
  const result = (await ctx.database.db.execute(sql`
    SELECT (SELECT count(*) FROM vendas)::int AS vendas,
           (SELECT count(*) FROM venda_itens)::int AS itens,
           (SELECT count(*) FROM venda_pagamentos)::int AS pagamentos,
           (SELECT count(*) FROM estoque_movimentacoes)::int AS movimentos`)) as {
    rows: Array<Record<string, number>>;
  };
  return result.rows[0]!;
}

async function movimentosDaVenda(vendaId: number) {
  const result = (await ctx.database.db.execute(
    sql`SELECT produto_id, tipo, quantidade::float AS quantidade FROM estoque_movimentacoes
        WHERE venda_id = ${vendaId} ORDER BY id`,
  )) as { rows: Array<{ produto_id: number; tipo: string; quantidade: number }> };
  return result.rows;
}

describe('POST /api/vendas', () => {
  it('creates a Pendente product sale whose totals the server computes, with no stock effect', async () => {
    const a = await createProduto(10, { preco: 12.5, custo: 5 });
    const b = await createProduto(10, { preco: 3.33, unidade_medida: 'KG' });
    const before = await rowCounts();
    const venda = await postOk(
      vendaProduto(
        [
          item(a.id, 2, { desconto_item: 1, subtotal: 999 }),
          item(b.id, 1.5, { preco_unitario: 3, produto_nome: 'ignorado' }),
        ],
        { desconto: 0.5, valor_total: 1, observacoes: 'Entregar à tarde' },
      ),
    );
    expect(venda).toMatchObject({
      tipo: 'produto',
      status: 'Pendente',
      cliente_id: clienteId,
      forma_pagamento: 'pix',
      valor_total: 28.5, // 2 × 12,50 − 1 + 1,5 × 3
      desconto: 0.5,
      valor_final: 28,
      troco: 0,
      observacoes: 'Entregar à tarde',
      vendedor_nome: 'Ana Administradora',
      pagamentos: [{ forma: 'pix', valor: 28 }],
      historico: [{ status: 'Pendente', usuario_nome: 'Ana Administradora' }],
    });
    expect(venda.numero).toBeGreaterThan(0);
    expect(venda.cliente_nome).toBeTruthy();
    expect(venda.itens).toMatchObject([
      {
        produto_id: a.id,
        produto_nome: a.nome,
        preco_unitario: 12.5,
        subtotal: 24,
        custo_unitario: 5,
      },
      { produto_id: b.id, unidade_medida: 'KG', quantidade: 1.5, preco_unitario: 3, subtotal: 4.5 },
    ]);
    expect(await estoqueOf(a.id)).toBe(10);
    const after = await rowCounts();
    expect(after.movimentos).toBe(before.movimentos);

    // The catalogue changes later; the sale keeps what it was made from.
    await ctx.request({
      method: 'PUT',
      url: `/api/produtos/${a.id}`,
      payload: { nome: `${a.nome} novo`, preco: 99, custo: 50 },
    });
    const lida = (
      await ctx.request({ method: 'GET', url: `/api/vendas/${venda.id}` })
    ).json<Venda>();
    expect(lida.itens[0]).toMatchObject({
      produto_nome: a.nome,
      preco_unitario: 12.5,
      custo_unitario: 5,
    });
  });

  it('numbers sales from a sequence, one after the other', async () => {
    const produto = await createProduto(5);
    const first = await postOk(vendaProduto([item(produto.id)]));
    const second = await postOk(vendaProduto([item(produto.id)]));
    expect(second.numero).toBe(first.numero + 1);
  });

  it('refuses bad input with a pt-BR message per field, writing nothing', async () => {
    const produto = await createProduto(5);
    const inativo = await createProduto(5, { ativo: false });
    const foraDoPdv = await createProduto(5, { comercializavel_pdv: false });
    const cases: Array<[Json, number, string, string | RegExp]> = [
      [
        vendaProduto([item(produto.id, 0)]),
        400,
        'itens.0.quantidade',
        VENDA_MESSAGES.quantidadeInvalida,
      ],
      [
        vendaProduto([item(produto.id, -2)]),
        400,
        'itens.0.quantidade',
        VENDA_MESSAGES.quantidadeInvalida,
      ],
      [
        vendaProduto([item(produto.id, 1.5)]),
        400,
        'itens.0.quantidade',
        /número inteiro \(vendido em UN\)/,
      ],
      [
        vendaProduto([item(produto.id, 1, { desconto_item: 10.01 })]),
        400,
        'itens.0.desconto_item',
        /não pode ser maior que o valor do item \(R\$\s10,00\)/,
      ],
      [
        vendaProduto([item(produto.id, 1)], { desconto: 10.01 }),
        400,
        'desconto',
        /não pode ser maior que o total dos itens/,
      ],
      [
        vendaProduto([item(produto.id, 1)], { desconto: -1 }),
        400,
        'desconto',
        'O desconto não pode ser negativo',
      ],
      [
        vendaProduto([item(987654)]),
        400,
        'itens.0.produto_id',
        VENDA_MESSAGES.produtoNaoEncontrado,
      ],
      [vendaProduto([item(inativo.id)]), 400, 'itens.0.produto_id', /está inativo/],
      [
        vendaRapida([item(foraDoPdv.id)]),
        400,
        'itens.0.produto_id',
        /não é comercializável no PDV/,
      ],
      [
        vendaProduto([item(produto.id)], { cliente_id: null }),
        400,
        'cliente_id',
        VENDA_MESSAGES.clienteObrigatorio,
      ],
      [
        vendaProduto([item(produto.id)], { cliente_id: 987654 }),
        400,
        'cliente_id',
        VENDA_MESSAGES.clienteNaoEncontrado,
      ],
      [
        vendaProduto([item(produto.id)], { forma_pagamento: null }),
        400,
        'forma_pagamento',
        VENDA_MESSAGES.formaObrigatoria,
      ],
      [
        vendaRapida([item(produto.id)], { forma_pagamento: 'boleto' }),
        400,
        'forma_pagamento',
        VENDA_MESSAGES.formaInvalidaBalcao,
      ],
      [vendaProduto([]), 400, 'itens', VENDA_MESSAGES.itensObrigatorios],
      [
        vendaProduto([item(produto.id)], { pagamentos: [{ forma: 'pix', valor: 5 }] }),
        400,
        'pagamentos',
        /somam R\$\s5,00, menos que o total de R\$\s10,00/,
      ],
      [
        vendaProduto([item(produto.id)], { pagamentos: [{ forma: 'pix', valor: 15 }] }),
        400,
        'pagamentos',
        VENDA_MESSAGES.pagamentoSemTroco,
      ],
      [vendaProduto([item(produto.id)], { segredo: 1 }), 400, 'segredo', 'Campo não permitido'],
    ];
    for (const [payload, status, field, message] of cases) {
      const before = await rowCounts();
      const response = await post(payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(status);
      const body = response.json<{ message: string; fields?: Record<string, string> }>();
      expect(body.fields?.[field], JSON.stringify(body)).toBeDefined();
      if (typeof message === 'string') expect(body.fields![field]).toBe(message);
      else expect(body.fields![field]).toMatch(message);
      expect(await rowCounts()).toEqual(before);
    }
  });
});

describe('status, stock and the ledger', () => {
  it('finalizing writes one saída per stocked product pointing to the sale; cancelling returns it once', async () => {
    const a = await createProduto(10);
    const b = await createProduto(4, { unidade_medida: 'KG' });
    const servico = await createProduto(0, { movimenta_estoque: false });
    const venda = await postOk(
      vendaProduto([item(a.id, 2), item(b.id, 1.25), item(a.id, 1), item(servico.id, 1)]),
    );
    const finalizada = await patchStatus(venda.id, 'Finalizada');
    expect(finalizada.statusCode, finalizada.body).toBe(200);
    expect(finalizada.json()).toMatchObject({ status: 'Finalizada' });
    expect(finalizada.json<Venda>().finalizada_em).toBeTruthy();
    expect(await estoqueOf(a.id)).toBe(7);
    expect(await estoqueOf(b.id)).toBe(2.75);
    expect(await movimentosDaVenda(venda.id)).toEqual([
      { produto_id: Math.min(a.id, b.id), tipo: 'saida', quantidade: a.id < b.id ? 3 : 1.25 },
      { produto_id: Math.max(a.id, b.id), tipo: 'saida', quantidade: a.id < b.id ? 1.25 : 3 },
    ]);

    // Finalized: no edit, no delete, no cancel by a user.
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/vendas/${venda.id}`,
      payload: vendaProduto([item(a.id, 1)]),
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(VENDA_MESSAGES.naoEditavel);
    const del = await ctx.request({ method: 'DELETE', url: `/api/vendas/${venda.id}` });
    expect(del.statusCode).toBe(409);
    expect((await patchStatus(venda.id, 'Cancelada', { as: USER_EMAIL })).statusCode).toBe(403);

    const cancelada = await patchStatus(venda.id, 'Cancelada', { as: MANAGER_EMAIL });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(await estoqueOf(a.id)).toBe(10);
    expect(await estoqueOf(b.id)).toBe(4);
    const again = await patchStatus(venda.id, 'Cancelada', { as: MANAGER_EMAIL });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('TRANSICAO_INVALIDA');
    expect((await patchStatus(venda.id, 'Finalizada')).json().error).toBe('TRANSICAO_INVALIDA');
    expect(await estoqueOf(a.id)).toBe(10);
    expect((await movimentosDaVenda(venda.id)).length).toBe(4);
    expect(cancelada.json<Venda>().historico.map((h) => h.status)).toEqual([
      'Pendente',
      'Finalizada',
      'Cancelada',
    ]);
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);
  });

  it('finalizes all or nothing: a line without stock names the product and writes nothing', async () => {
    const a = await createProduto(10);
    const b = await createProduto(2);
    const venda = await postOk(vendaProduto([item(a.id, 3), item(b.id, 5)]));
    const before = await rowCounts();
    const response = await patchStatus(venda.id, 'Finalizada');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'ESTOQUE_INSUFICIENTE',
      message: `Estoque insuficiente de "${b.nome}": disponível 2 UN, solicitado 5 UN.`,
    });
    expect(await rowCounts()).toEqual(before);
    expect(await estoqueOf(a.id)).toBe(10);
    const lida = await ctx.request({ method: 'GET', url: `/api/vendas/${venda.id}` });
    expect(lida.json().status).toBe('Pendente');
  });

  it('PUT keeps what it leaves out: new notes keep the lines, a new method keeps the rest', async () => {
    const produto = await createProduto(10);
    const venda = await postOk(
      vendaProduto([item(produto.id, 2, { preco_unitario: 7.5 })], { observacoes: 'Entregar' }),
    );
    const put = (payload: Json) =>
      ctx.request({ method: 'PUT', url: `/api/vendas/${venda.id}`, payload });
    const notas = await put({ observacoes: 'Retirar na loja' });
    expect(notas.statusCode, notas.body).toBe(200);
    expect(notas.json<Venda>()).toMatchObject({
      observacoes: 'Retirar na loja',
      cliente_id: clienteId,
      forma_pagamento: 'pix',
      valor_final: 15,
    });
    expect(notas.json<Venda>().itens.map((i) => [i.produto_id, i.quantidade])).toEqual([
      [produto.id, 2],
    ]);
    const forma = await put({ forma_pagamento: 'Cartão de Crédito' });
    expect(forma.json<Venda>()).toMatchObject({
      forma_pagamento: 'cartao_credito',
      observacoes: 'Retirar na loja',
      valor_final: 15,
    });
  });

  it('edits and deletes a Pendente sale only', async () => {
    const produto = await createProduto(10);
    const venda = await postOk(vendaProduto([item(produto.id, 1)]));
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/vendas/${venda.id}`,
      payload: vendaProduto([item(produto.id, 3, { desconto_item: 2 })], {
        forma_pagamento: 'boleto',
      }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      valor_final: 28,
      forma_pagamento: 'boleto',
      numero: venda.numero,
    });
    expect(put.json().itens).toHaveLength(1);
    const tipo = await ctx.request({
      method: 'PUT',
      url: `/api/vendas/${venda.id}`,
      payload: vendaRapida([item(produto.id)]),
    });
    expect(tipo.statusCode).toBe(400);
    const del = await ctx.request({ method: 'DELETE', url: `/api/vendas/${venda.id}` });
    expect(del.statusCode).toBe(204);
    expect((await ctx.request({ method: 'GET', url: `/api/vendas/${venda.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('counter quick sales', () => {
  it('are finalized at once inside the seller’s open caixa, with troco and "Cliente Balcão"', async () => {
    const produto = await createProduto(10, { preco: 7.3 });
    const venda = await postOk(
      vendaRapida([item(produto.id, 2)], {
        forma_pagamento: null,
        pagamentos: [
          { forma: 'pix', valor: 4.6 },
          { forma: 'dinheiro', valor: 20 },
        ],
      }),
    );
    expect(venda).toMatchObject({
      tipo: 'balcao',
      status: 'Finalizada',
      cliente_id: null,
      cliente_nome: null,
      atendimento_rapido: true,
      valor_final: 14.6,
      troco: 10,
      forma_pagamento: 'multiplas',
    });
    expect(venda.caixa_id).toBeGreaterThan(0);
    expect(await estoqueOf(produto.id)).toBe(8);
    expect(CLIENTE_BALCAO).toBe('Cliente Balcão');
  });

  it("take the spec's names of the payment methods, in any case and accents, and answer the code", async () => {
    const produto = await createProduto(10, { preco: 5 });
    const nomes: Array<[string, string]> = [
      ['Dinheiro', 'dinheiro'],
      ['Cartão de Crédito', 'cartao_credito'],
      ['cartao de debito', 'cartao_debito'],
      ['PIX', 'pix'],
      ['CARTÃO_CRÉDITO', 'cartao_credito'],
    ];
    for (const [nome, codigo] of nomes) {
      const venda = await postOk(vendaRapida([item(produto.id)], { forma_pagamento: nome }));
      expect([nome, venda.forma_pagamento]).toEqual([nome, codigo]);
    }
    const boleto = await postOk(vendaProduto([item(produto.id)], { forma_pagamento: 'Boleto' }));
    expect(boleto.forma_pagamento).toBe('boleto');
    const misto = await postOk(
      vendaRapida([item(produto.id)], {
        forma_pagamento: null,
        pagamentos: [
          { forma: 'Cartão de Débito', valor: 2 },
          { forma: 'Dinheiro', valor: 3 },
        ],
      }),
    );
    expect(misto.pagamentos).toEqual([
      { forma: 'cartao_debito', valor: 2 },
      { forma: 'dinheiro', valor: 3 },
    ]);
    // The counter still refuses Boleto by its name, and an unknown name is named as invalid.
    const balcaoBoleto = await post(vendaRapida([item(produto.id)], { forma_pagamento: 'BOLETO' }));
    expect(balcaoBoleto.statusCode).toBe(400);
    expect(balcaoBoleto.json().fields.forma_pagamento).toBe(VENDA_MESSAGES.formaInvalidaBalcao);
    const cheque = await post(vendaProduto([item(produto.id)], { forma_pagamento: 'Cheque' }));
    expect(cheque.statusCode).toBe(400);
    expect(cheque.json().fields.forma_pagamento).toBe(VENDA_MESSAGES.formaObrigatoria);
  });

  it('are refused without an open caixa, telling to open one', async () => {
    const produto = await createProduto(10);
    const before = await rowCounts();
    const response = await post(vendaRapida([item(produto.id)]), { as: MANAGER_EMAIL });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'CAIXA_FECHADO',
      message: VENDA_MESSAGES.semCaixaAberto,
    });
    expect(await rowCounts()).toEqual(before);
    expect(await estoqueOf(produto.id)).toBe(10);
  });

  it('move every product and name the sale in the ledger and the finance, all or nothing', async () => {
    // The lowest id first: a product that does not move stock, then two that do.
    const servico = await createProduto(0, { movimenta_estoque: false });
    const a = await createProduto(10);
    const b = await createProduto(5);
    const venda = await postOk(
      vendaRapida([item(b.id, 2), item(servico.id), item(a.id, 1), item(a.id, 2)], {
        forma_pagamento: null,
        pagamentos: [
          { forma: 'dinheiro', valor: 30 },
          { forma: 'pix', valor: 40 },
        ],
      }),
    );
    expect(await estoqueOf(a.id)).toBe(7);
    expect(await estoqueOf(b.id)).toBe(3);
    const numero = String(venda.numero).padStart(6, '0');
    const ledger = (await ctx.database.db.execute(
      sql`SELECT produto_id, quantidade::float AS quantidade, motivo FROM estoque_movimentacoes
          WHERE venda_id = ${venda.id} ORDER BY id`,
    )) as { rows: Json[] };
    expect(ledger.rows).toEqual([
      { produto_id: a.id, quantidade: 3, motivo: `Venda Nº ${numero}` },
      { produto_id: b.id, quantidade: 2, motivo: `Venda Nº ${numero}` },
    ]);
    const titulos = (await ctx.database.db.execute(
      sql`SELECT descricao, documento FROM titulos WHERE venda_id = ${venda.id} ORDER BY id`,
    )) as { rows: Json[] };
    expect(titulos.rows).toEqual([
      { descricao: `Venda Nº ${numero} – Dinheiro`, documento: numero },
      { descricao: `Venda Nº ${numero} – PIX`, documento: numero },
    ]);

    // The first product short: nothing of the sale is kept.
    const before = await rowCounts();
    const curto = await post(vendaRapida([item(a.id, 8), item(b.id, 1)]));
    expect(curto.statusCode).toBe(409);
    expect(curto.json()).toMatchObject({
      error: 'ESTOQUE_INSUFICIENTE',
      message: `Estoque insuficiente de "${a.nome}": disponível 7 UN, solicitado 8 UN.`,
    });
    // The last one short, after the first moved in the sale's statement.
    const ultimo = await post(vendaRapida([item(a.id, 1), item(b.id, 4)]));
    expect(ultimo.json()).toMatchObject({ error: 'ESTOQUE_INSUFICIENTE' });
    expect(await rowCounts()).toEqual(before);
    expect([await estoqueOf(a.id), await estoqueOf(b.id)]).toEqual([7, 3]);
  });

  it('never deadlock when concurrent sales list the same products in opposite orders', async () => {
    const a = await createProduto(100);
    const b = await createProduto(100);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post(vendaRapida(index % 2 ? [item(a.id), item(b.id)] : [item(b.id), item(a.id)])),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(201));
    expect([await estoqueOf(a.id), await estoqueOf(b.id)]).toEqual([70, 70]);
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);
  });

  it('sells exactly the stock there is when 50 clients buy the last 10 units at once', async () => {
    const produto = await createProduto(10);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(vendaRapida([item(produto.id, 1)]))),
    );
    const ok = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(ok.length).toBe(10);
    expect(refused.length).toBe(40);
    for (const response of refused) expect(response.json().error).toBe('ESTOQUE_INSUFICIENTE');
    expect(await estoqueOf(produto.id)).toBe(0);
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);
  });

  it('needs a manager’s password for a user’s discount above the limit, and records who allowed it', async () => {
    await ctx.request({
      method: 'POST',
      url: '/api/caixas',
      payload: { valor_inicial: 0 },
      as: USER_EMAIL,
    });
    const produto = await createProduto(10);
    const comDesconto = vendaRapida([item(produto.id, 1)], { desconto: 1.5 }); // 15 %
    const before = await rowCounts();
    const semAutorizacao = await post(comDesconto, { as: USER_EMAIL });
    expect(semAutorizacao.statusCode).toBe(403);
    expect(semAutorizacao.json()).toMatchObject({ error: 'AUTORIZACAO_NECESSARIA' });
    expect(semAutorizacao.json().message).toMatch(/15% passa do limite de 10%/);
    const porUsuario = await post(
      { ...comDesconto, autorizacao: { email: USER_EMAIL, senha: 'demo@2026' } },
      { as: USER_EMAIL },
    );
    expect(porUsuario.json().message).toBe(VENDA_MESSAGES.autorizacaoSemPermissao);
    const senhaErrada = await post(
      { ...comDesconto, autorizacao: { email: MANAGER_EMAIL, senha: 'errada' } },
      { as: USER_EMAIL },
    );
    expect(senhaErrada.json().message).toBe(VENDA_MESSAGES.autorizacaoInvalida);
    expect(await rowCounts()).toEqual(before);
    const autorizada = await post(
      { ...comDesconto, autorizacao: { email: MANAGER_EMAIL, senha: 'demo@2026' } },
      { as: USER_EMAIL },
    );
    expect(autorizada.statusCode, autorizada.body).toBe(201);
    expect(autorizada.json().desconto_autorizado_por_nome).toBeTruthy();
    // Within the limit, and for managers, no password is asked.
    expect(
      (await post(vendaRapida([item(produto.id, 1)], { desconto: 1 }), { as: USER_EMAIL }))
        .statusCode,
    ).toBe(201);
    expect(
      (await post(vendaProduto([item(produto.id, 1)], { desconto: 5 }), { as: MANAGER_EMAIL }))
        .statusCode,
    ).toBe(201);
  });
});

describe('Idempotency-Key', () => {
  it('10 retries of one quick sale make one sale and one set of stock movements', async () => {
    const produto = await createProduto(10);
    const key = `venda-${Date.now()}`;
    const payload = vendaRapida([item(produto.id, 2)]);
    const responses = [];
    for (let i = 0; i < 10; i++) responses.push(await post(payload, { key }));
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(responses[9]!.headers['idempotent-replayed']).toBe('true');
    expect(await estoqueOf(produto.id)).toBe(8);
    expect((await movimentosDaVenda(responses[0]!.json().id)).length).toBe(1);
  });

  it('answers a status change retried with its key once, and 422 to the key with another body', async () => {
    const produto = await createProduto(10);
    const venda = await postOk(vendaProduto([item(produto.id, 4)]));
    const key = `status-${Date.now()}`;
    for (let i = 0; i < 5; i++) {
      expect((await patchStatus(venda.id, 'Finalizada', { key })).statusCode).toBe(200);
    }
    expect(await estoqueOf(produto.id)).toBe(6);
    const other = await post(vendaRapida([item(produto.id, 1)]), { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe('IDEMPOTENCIA_CONFLITO');
  });
});

describe('property: the server’s totals equal a BigInt reference and are never negative', () => {
  it('for random lines and discounts', async () => {
    const produto = await createProduto(0, { unidade_medida: 'KG', movimenta_estoque: false });
    const linha = fc.record({
      quantidade: fc.integer({ min: 1, max: 50_000 }).map((m) => m / 1000),
      preco_unitario: fc.integer({ min: 0, max: 500_000 }).map((c) => c / 100),
      descontoPct: fc.integer({ min: 0, max: 100 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(linha, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 100 }),
        async (linhas, descontoGeralPct) => {
          // The reference: integer arithmetic on BigInt, half away from zero.
          const brutos = linhas.map(
            (l) =>
              (BigInt(toCentavos(l.preco_unitario)) * BigInt(Math.round(l.quantidade * 1000)) * 2n +
                1000n) /
              2000n,
          );
          const descontos = brutos.map((b, i) => (b * BigInt(linhas[i]!.descontoPct)) / 100n);
          const total = brutos.reduce((s, b, i) => s + b - descontos[i]!, 0n);
          const desconto = (total * BigInt(descontoGeralPct)) / 100n;
          const response = await post(
            vendaProduto(
              linhas.map((l, i) =>
                item(produto.id, l.quantidade, {
                  preco_unitario: l.preco_unitario,
                  desconto_item: Number(descontos[i]) / 100,
                }),
              ),
              { desconto: Number(desconto) / 100, forma_pagamento: 'boleto' },
            ),
          );
          expect(response.statusCode, response.body).toBe(201);
          const venda = response.json<Venda>();
          expect(toCentavos(venda.valor_total)).toBe(Number(total));
          expect(toCentavos(venda.valor_final)).toBe(Number(total - desconto));
          expect(venda.valor_final).toBeGreaterThanOrEqual(0);
          venda.itens.forEach((linhaVenda, i) =>
            expect(toCentavos(linhaVenda.subtotal)).toBe(Number(brutos[i]! - descontos[i]!)),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('GET /api/vendas and the counter stats', () => {
  it('filters by tipo, status and number or customer, newest first, with the total', async () => {
    const produto = await createProduto(10);
    const venda = await postOk(vendaProduto([item(produto.id)]));
    const rapida = await postOk(vendaRapida([item(produto.id)], { cliente_nome: 'Zé da Esquina' }));
    const list = async (query: string) => {
      const response = await ctx.request({ method: 'GET', url: `/api/vendas?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return {
        rows: response.json<VendaResumo[]>(),
        total: Number(response.headers['x-total-count']),
      };
    };
    const produtos = await list('tipo=produto');
    expect(produtos.rows.every((row) => row.tipo === 'produto')).toBe(true);
    expect(produtos.rows[0]!.id).toBe(venda.id);
    expect(produtos.total).toBeGreaterThanOrEqual(produtos.rows.length);
    expect((await list(`tipo=balcao&q=ze da esq`)).rows.map((row) => row.id)).toEqual([rapida.id]);
    expect((await list(`q=${venda.numero}`)).rows.map((row) => row.id)).toContain(venda.id);
    const pendentes = await list('tipo=produto&status=Pendente&limit=2');
    expect(pendentes.rows.length).toBeLessThanOrEqual(2);
    expect(pendentes.rows.every((row) => row.status === 'Pendente')).toBe(true);
    const bad = await ctx.request({ method: 'GET', url: '/api/vendas?status=Aberta' });
    expect(bad.statusCode).toBe(400);
  });

  it('counts today’s finalized counter sales, their revenue, the average time and the pending ones', async () => {
    const before = (await ctx.request({ method: 'GET', url: '/api/vendas/stats/balcao' })).json();
    const produto = await createProduto(10, { preco: 2.5 });
    const inicio = new Date(Date.now() - 4 * 60_000).toISOString();
    await postOk(vendaRapida([item(produto.id, 2)], { inicio_atendimento: inicio }));
    await postOk({ ...vendaRapida([item(produto.id, 1)]), atendimento_rapido: false });
    const after = (await ctx.request({ method: 'GET', url: '/api/vendas/stats/balcao' })).json();
    expect(after.vendasHoje).toBe(before.vendasHoje + 1);
    expect(toCentavos(after.faturamentoHoje) - toCentavos(before.faturamentoHoje)).toBe(500);
    expect(after.vendasPendentes).toBe(before.vendasPendentes + 1);
    expect(after.tempoMedioAtendimento).toBeGreaterThan(0);
  });
});

describe('receipt', () => {
  it('prints a sale as an 80 mm roll and as an A4 order', async () => {
    const produto = await createProduto(10);
    const venda = await postOk(vendaRapida([item(produto.id, 1)]));
    for (const formato of ['80mm', 'a4']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/api/vendas/${venda.id}/comprovante?formato=${formato}`,
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const bad = await ctx.request({
      method: 'GET',
      url: `/api/vendas/${venda.id}/comprovante?formato=a5`,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('numbers past six digits', () => {
  it('are written whole in the ledger and the finance, as the screens show them', async () => {
    await ctx.database.db.execute(sql`SELECT setval('vendas_numero_seq', 1234566)`);
    const produto = await createProduto(10);
    const venda = await postOk(vendaRapida([item(produto.id)]));
    expect(venda.numero).toBe(1234567);
    const escritos = (await ctx.database.db.execute(
      sql`SELECT (SELECT motivo FROM estoque_movimentacoes WHERE venda_id = ${venda.id}) AS motivo,
                 (SELECT descricao FROM titulos WHERE venda_id = ${venda.id}) AS descricao`,
    )) as { rows: Json[] };
    expect(escritos.rows[0]).toEqual({
      motivo: 'Venda Nº 1234567',
      descricao: 'Venda Nº 1234567 – Dinheiro',
    });
  });
});
