import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRECO_MESSAGES, TABELA_PRECO_MESSAGES, calcularPrecoTabela } from '@prumo/shared/precos';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const tag = () => Math.random().toString(36).slice(2, 8);

interface Tabela {
  id: number;
  nome: string;
  tipo: string;
  margem_padrao: number;
  custos_adicionais: number[];
  total_produtos: number;
}

async function post<T>(url: string, payload: Record<string, unknown>): Promise<T> {
  const response = await ctx.request({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

const createCusto = (payload: Record<string, unknown>) =>
  post<{ id: number; nome: string }>('/api/custos-adicionais', {
    nome: `Custo ${tag()}`,
    ...payload,
  });
const createTabela = (payload: Record<string, unknown> = {}) =>
  post<Tabela>('/api/tabelas-precos', { nome: `Tabela ${tag()}`, ...payload });
const createProduto = (payload: Record<string, unknown> = {}) =>
  post<{ id: number; nome: string; custo_final: number }>('/api/produtos', {
    nome: `Produto ${tag()}`,
    ...payload,
  });

async function precos(produtoId: number) {
  const response = await ctx.request({ method: 'GET', url: `/api/produtos/${produtoId}/precos` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Array<Record<string, unknown> & { tabela_id: number }>>();
}

describe('price tables', () => {
  it('creates a table with the defaults of section 9 and answers section 3.5', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/tabelas-precos',
      payload: { nome: ' Varejo Loja Centro ', descricao: 'Balcão' },
    });
    expect(response.statusCode).toBe(201);
    const tabela = response.json();
    expect(tabela).toMatchObject({
      nome: 'Varejo Loja Centro',
      descricao: 'Balcão',
      tipo: 'varejo',
      margem_padrao: 0,
      custos_adicionais: [],
      total_produtos: 0,
    });
    expect(Object.keys(tabela).sort()).toEqual(
      [
        'created_at',
        'custos_adicionais',
        'descricao',
        'id',
        'margem_padrao',
        'nome',
        'tipo',
        'total_produtos',
      ].sort(),
    );
    const read = await ctx.request({ method: 'GET', url: `/api/tabelas-precos/${tabela.id}` });
    expect(read.json()).toEqual(tabela);
  });

  it('links additional costs, refuses unknown ones and replaces them on update', async () => {
    const a = await createCusto({ valor_percentual: 2 });
    const b = await createCusto({ tipo: 'fixo', valor_fixo: 1 });
    const tabela = await createTabela({
      tipo: 'atacado',
      margem_padrao: 12.5,
      custos_adicionais: [b.id, a.id, b.id],
    });
    expect(tabela).toMatchObject({ tipo: 'atacado', margem_padrao: 12.5 });
    expect(tabela.custos_adicionais).toEqual([a.id, b.id].sort((x, y) => x - y));

    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/tabelas-precos',
      payload: { nome: `Inválida ${tag()}`, custos_adicionais: [a.id, 999999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: TABELA_PRECO_MESSAGES.custoInexistente,
      fields: { custos_adicionais: TABELA_PRECO_MESSAGES.custoInexistente },
    });

    const updated = await ctx.request({
      method: 'PUT',
      url: `/api/tabelas-precos/${tabela.id}`,
      payload: {
        nome: tabela.nome,
        tipo: 'promocional',
        margem_padrao: 5,
        custos_adicionais: [b.id],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      tipo: 'promocional',
      margem_padrao: 5,
      custos_adicionais: [b.id],
    });
    const failed = await ctx.request({
      method: 'PUT',
      url: `/api/tabelas-precos/${tabela.id}`,
      payload: { nome: tabela.nome, custos_adicionais: [999999] },
    });
    expect(failed.statusCode).toBe(400);
    // Nothing changed by the refused update.
    const read = await ctx.request({ method: 'GET', url: `/api/tabelas-precos/${tabela.id}` });
    expect(read.json()).toMatchObject({ tipo: 'promocional', custos_adicionais: [b.id] });
  });

  it('GET /{id}/custos answers every cost with the associado flag', async () => {
    const a = await createCusto({ valor_percentual: 1 });
    const b = await createCusto({ valor_percentual: 2 });
    const tabela = await createTabela({ custos_adicionais: [a.id] });
    const response = await ctx.request({
      method: 'GET',
      url: `/api/tabelas-precos/${tabela.id}/custos`,
    });
    expect(response.statusCode).toBe(200);
    const custos =
      response.json<Array<{ id: number; associado: boolean; total_tabelas: number }>>();
    expect(custos.find((custo) => custo.id === a.id)).toMatchObject({
      associado: true,
      total_tabelas: 1,
    });
    expect(custos.find((custo) => custo.id === b.id)).toMatchObject({ associado: false });
    const missing = await ctx.request({ method: 'GET', url: '/api/tabelas-precos/999999/custos' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TABELA_PRECO_MESSAGES.naoEncontrada);
  });

  it("validates with the spec's messages and refuses duplicate names", async () => {
    const blank = await ctx.request({
      method: 'POST',
      url: '/api/tabelas-precos',
      payload: { nome: '', tipo: 'outro', margem_padrao: -0.01 },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      message: 'Nome é obrigatório',
      fields: {
        nome: 'Nome é obrigatório',
        tipo: TABELA_PRECO_MESSAGES.tipoInvalido,
        margem_padrao: TABELA_PRECO_MESSAGES.margemMinima,
      },
    });
    const step = await ctx.request({
      method: 'POST',
      url: '/api/tabelas-precos',
      payload: { nome: 'X', margem_padrao: 1.005 },
    });
    expect(step.statusCode).toBe(400);
    const tabela = await createTabela({ nome: `Atacadão ${tag()}` });
    const duplicate = await ctx.request({
      method: 'POST',
      url: '/api/tabelas-precos',
      payload: { nome: tabela.nome.toLowerCase().replace('ã', 'a') },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      error: 'DUPLICADO',
      message: TABELA_PRECO_MESSAGES.nomeDuplicado,
    });
    const missing = await ctx.request({ method: 'GET', url: '/api/tabelas-precos/999999' });
    expect(missing.statusCode).toBe(404);
    const missingPut = await ctx.request({
      method: 'PUT',
      url: '/api/tabelas-precos/999999',
      payload: { nome: 'Nada' },
    });
    expect(missingPut.statusCode).toBe(404);
  });

  it('refuses names made only of invisible characters and trims them from the ends', async () => {
    for (const nome of ['\u202E', ' \u200B\u00A0', '\u0000\t']) {
      const invisible = await ctx.request({
        method: 'POST',
        url: '/api/tabelas-precos',
        payload: { nome },
      });
      expect(invisible.statusCode).toBe(400);
      expect(invisible.json().fields).toEqual({ nome: 'Nome é obrigatório' });
    }
    const trimmed = await createTabela({ nome: `\u200B Varejo ${tag()}\u202E ` });
    expect(trimmed.nome).toMatch(/^Varejo \S+$/);
  });

  it('lists every table with its product count, in one answer', async () => {
    const tabela = await createTabela();
    const produto = await createProduto({ custo: 10 });
    await ctx.request({
      method: 'POST',
      url: `/api/produtos/${produto.id}/precos`,
      payload: { tabela_preco_id: tabela.id, margem: 10 },
    });
    const list = (await ctx.request({ method: 'GET', url: '/api/tabelas-precos' })).json<
      Tabela[]
    >();
    expect(list.find((item) => item.id === tabela.id)?.total_produtos).toBe(1);
  });

  it('deleting a table removes its prices and keeps the products and costs', async () => {
    const custo = await createCusto({ valor_percentual: 3 });
    const tabela = await createTabela({ custos_adicionais: [custo.id] });
    const produto = await createProduto({ custo: 8 });
    await ctx.request({
      method: 'POST',
      url: `/api/produtos/${produto.id}/precos`,
      payload: { tabela_preco_id: tabela.id, margem: 25 },
    });
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/tabelas-precos/${tabela.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await precos(produto.id)).some((row) => row.tabela_id === tabela.id)).toBe(false);
    const custoRead = await ctx.request({
      method: 'GET',
      url: `/api/custos-adicionais/${custo.id}`,
    });
    expect(custoRead.json()).toMatchObject({ total_tabelas: 0 });
    const again = await ctx.request({ method: 'DELETE', url: `/api/tabelas-precos/${tabela.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('is open to every signed-in role and closed without a token', async () => {
    const asUser = await ctx.request({
      method: 'POST',
      url: '/api/tabelas-precos',
      payload: { nome: `Do vendedor ${tag()}` },
      as: USER_EMAIL,
    });
    expect(asUser.statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', '/api/tabelas-precos'],
      ['GET', '/api/tabelas-precos/1'],
      ['POST', '/api/tabelas-precos'],
      ['PUT', '/api/tabelas-precos/1'],
      ['DELETE', '/api/tabelas-precos/1'],
      ['GET', '/api/tabelas-precos/1/custos'],
      ['GET', '/api/tabelas-precos/1/produtos'],
      ['POST', '/api/tabelas-precos/1/produtos'],
      ['GET', '/api/produtos/1/precos'],
      ['POST', '/api/produtos/1/precos'],
      ['DELETE', '/api/produtos/1/precos/1'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: { nome: 'X' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('per-table prices (/api/produtos/{id}/precos)', () => {
  it('answers one row per table, margem null where there is none (Definir)', async () => {
    const tabela = await createTabela({ margem_padrao: 30 });
    const produto = await createProduto({
      custo: 10,
      despesas_acessorias: 1.5,
      outras_despesas: 0.5,
    });
    const rows = await precos(produto.id);
    const tabelas = (await ctx.request({ method: 'GET', url: '/api/tabelas-precos' })).json<
      Tabela[]
    >();
    expect(rows.map((row) => row.tabela_id).sort()).toEqual(tabelas.map((item) => item.id).sort());
    const row = rows.find((item) => item.tabela_id === tabela.id)!;
    expect(row).toEqual({
      tabela_id: tabela.id,
      tabela_nome: tabela.nome,
      tabela_tipo: 'varejo',
      margem: null,
      preco_final: null,
      preco_ativo: false,
      margem_padrao: 30,
      custo: 12,
      custos_adicionais: [],
    });
  });

  it("defines a margin: cost × (1 + margin/100) plus the table's costs, computed by the server", async () => {
    const cartao = await createCusto({ nome: `Cartão ${tag()}`, valor_percentual: 3.5 });
    const frete = await createCusto({ nome: `Frete ${tag()}`, tipo: 'fixo', valor_fixo: 1.2 });
    const tabela = await createTabela({ custos_adicionais: [cartao.id, frete.id] });
    const produto = await createProduto({ custo: 18, despesas_acessorias: 2 });
    const response = await ctx.request({
      method: 'POST',
      url: `/api/produtos/${produto.id}/precos`,
      payload: { tabela_preco_id: tabela.id, margem: 40 },
    });
    expect(response.statusCode).toBe(200);
    // custo final 20,00 → 28,00 with margin; + 3,5 % of 20,00 = 0,70; + 1,20 = 29,90
    expect(response.json()).toMatchObject({
      tabela_id: tabela.id,
      margem: 40,
      preco_final: 29.9,
      preco_ativo: true,
      custo: 20,
    });
    expect(
      response
        .json()
        .custos_adicionais.map((custo: { id: number }) => custo.id)
        .sort(),
    ).toEqual([cartao.id, frete.id].sort());
    expect(response.json().preco_final).toBe(
      calcularPrecoTabela({
        custo: 20,
        margem: 40,
        custos: [
          { tipo: 'percentual', valor_percentual: 3.5 },
          { tipo: 'fixo', valor_fixo: 1.2 },
        ],
      }).preco_final,
    );

    // Updating the margin and the status; the price follows the product's cost.
    const updated = await ctx.request({
      method: 'POST',
      url: `/api/produtos/${produto.id}/precos`,
      payload: { tabela_preco_id: tabela.id, margem: 33.33, ativo: false },
    });
    expect(updated.json()).toMatchObject({ margem: 33.33, preco_ativo: false });
    // 20 × 1,3333 = 26,666 → 26,67; + 0,70 + 1,20 = 28,57
    expect(updated.json().preco_final).toBe(28.57);
    const sameStatus = await ctx.request({
      method: 'POST',
      url: `/api/produtos/${produto.id}/precos`,
      payload: { tabela_preco_id: tabela.id, margem: 10 },
    });
    expect(sameStatus.json()).toMatchObject({ margem: 10, preco_ativo: false });
    await ctx.request({
      method: 'PUT',
      url: `/api/produtos/${produto.id}`,
      payload: { nome: produto.nome, custo: 28, despesas_acessorias: 2 },
    });
    const row = (await precos(produto.id)).find((item) => item.tabela_id === tabela.id)!;
    // 30 × 1,1 = 33,00 + 1,05 + 1,20
    expect(row).toMatchObject({ custo: 30, preco_final: 35.25 });
  });

  it("refuses a missing margin with 'Por favor, informe a margem' and other bad input", async () => {
    const tabela = await createTabela();
    const produto = await createProduto();
    const url = `/api/produtos/${produto.id}/precos`;
    for (const payload of [
      { tabela_preco_id: tabela.id },
      { tabela_preco_id: tabela.id, margem: null },
    ]) {
      const response = await ctx.request({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: PRECO_MESSAGES.margemObrigatoria,
        fields: { margem: 'Por favor, informe a margem' },
      });
    }
    const negative = await ctx.request({
      method: 'POST',
      url,
      payload: { tabela_preco_id: tabela.id, margem: -5 },
    });
    expect(negative.json().fields).toEqual({ margem: PRECO_MESSAGES.margemMinima });
    const text = await ctx.request({
      method: 'POST',
      url,
      payload: { tabela_preco_id: tabela.id, margem: '10' },
    });
    expect(text.statusCode).toBe(400);
    const noTable = await ctx.request({
      method: 'POST',
      url,
      payload: { tabela_preco_id: 999999, margem: 10 },
    });
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json().fields).toEqual({ tabela_preco_id: TABELA_PRECO_MESSAGES.naoEncontrada });
    const noProduct = await ctx.request({
      method: 'POST',
      url: '/api/produtos/999999/precos',
      payload: { tabela_preco_id: tabela.id, margem: 10 },
    });
    expect(noProduct.statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/produtos/999999/precos' })).statusCode,
    ).toBe(404);
    const tooHigh = await ctx.request({
      method: 'POST',
      url: `/api/produtos/${(await createProduto({ custo: 600_000_000_000, lucro_sugerido: 0 })).id}/precos`,
      payload: { tabela_preco_id: tabela.id, margem: 100 },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toBe(PRECO_MESSAGES.precoAcimaLimite);
    const extra = await ctx.request({
      method: 'POST',
      url,
      payload: { tabela_preco_id: tabela.id, margem: 10, preco_final: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ preco_final: 'Campo não permitido' });
  });

  it('removes a price (back to Definir) and answers 404 when there is none', async () => {
    const tabela = await createTabela();
    const produto = await createProduto({ custo: 5 });
    await ctx.request({
      method: 'POST',
      url: `/api/produtos/${produto.id}/precos`,
      payload: { tabela_preco_id: tabela.id, margem: 20 },
    });
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/produtos/${produto.id}/precos/${tabela.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const row = (await precos(produto.id)).find((item) => item.tabela_id === tabela.id)!;
    expect(row).toMatchObject({ margem: null, preco_final: null, preco_ativo: false });
    const again = await ctx.request({
      method: 'DELETE',
      url: `/api/produtos/${produto.id}/precos/${tabela.id}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PRECO_MESSAGES.precoNaoDefinido);
    const noProduct = await ctx.request({
      method: 'DELETE',
      url: `/api/produtos/999999/precos/${tabela.id}`,
    });
    expect(noProduct.statusCode).toBe(404);
    const badId = await ctx.request({
      method: 'DELETE',
      url: `/api/produtos/${produto.id}/precos/abc`,
    });
    expect(badId.statusCode).toBe(400);
  });

  it("deleting a product removes its prices from the tables' counts", async () => {
    const tabela = await createTabela();
    const produto = await createProduto({ custo: 3 });
    await ctx.request({
      method: 'POST',
      url: `/api/produtos/${produto.id}/precos`,
      payload: { tabela_preco_id: tabela.id, margem: 50 },
    });
    expect(
      (await ctx.request({ method: 'GET', url: `/api/tabelas-precos/${tabela.id}` })).json()
        .total_produtos,
    ).toBe(1);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/produtos/${produto.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/tabelas-precos/${tabela.id}` })).json()
        .total_produtos,
    ).toBe(0);
  });
});

describe("a table's products (/api/tabelas-precos/{id}/produtos)", () => {
  it('lists every product with cost, margin and final price, and sets margins in bulk', async () => {
    const custo = await createCusto({ tipo: 'fixo', valor_fixo: 0.5 });
    const tabela = await createTabela({ custos_adicionais: [custo.id] });
    const a = await createProduto({ nome: `Abacate ${tag()}`, custo: 4 });
    const b = await createProduto({ nome: `Banana ${tag()}`, custo: 2.5 });
    const c = await createProduto({ nome: `Caju ${tag()}`, custo: 7 });
    const url = `/api/tabelas-precos/${tabela.id}/produtos`;

    const before = (await ctx.request({ method: 'GET', url })).json<
      Array<Record<string, unknown>>
    >();
    expect(before.find((row) => row.produto_id === a.id)).toMatchObject({
      nome: a.nome,
      custo: 4,
      preco: 1,
      margem: null,
      preco_final: null,
      preco_ativo: false,
      produto_ativo: true,
      categoria_nome: 'Categoria Padrão',
    });

    const bulk = await ctx.request({
      method: 'POST',
      url,
      payload: { produto_ids: [a.id, b.id, 999999], margem: 50 },
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ atualizados: 2 });
    const after = (await ctx.request({ method: 'GET', url })).json<
      Array<{
        produto_id: number;
        margem: number | null;
        preco_final: number | null;
        preco_ativo: boolean;
      }>
    >();
    expect(after.find((row) => row.produto_id === a.id)).toMatchObject({
      margem: 50,
      preco_final: 6.5,
      preco_ativo: true,
    });
    expect(after.find((row) => row.produto_id === b.id)).toMatchObject({
      margem: 50,
      preco_final: 4.25,
    });
    expect(after.find((row) => row.produto_id === c.id)).toMatchObject({ margem: null });
    expect(
      (await ctx.request({ method: 'GET', url: `/api/tabelas-precos/${tabela.id}` })).json()
        .total_produtos,
    ).toBe(2);

    // Again over an existing price, inactive, then removal in bulk.
    const inactive = await ctx.request({
      method: 'POST',
      url,
      payload: { produto_ids: [a.id, c.id], margem: 10, ativo: false },
    });
    expect(inactive.json()).toEqual({ atualizados: 2 });
    const rowA = (await precos(a.id)).find((row) => row.tabela_id === tabela.id)!;
    expect(rowA).toMatchObject({ margem: 10, preco_ativo: false, preco_final: 4.9 });
    const removed = await ctx.request({
      method: 'POST',
      url,
      payload: { produto_ids: [a.id, b.id], margem: null },
    });
    expect(removed.json()).toEqual({ atualizados: 2 });
    expect(
      (await ctx.request({ method: 'GET', url: `/api/tabelas-precos/${tabela.id}` })).json()
        .total_produtos,
    ).toBe(1);
  });

  it('validates the bulk body and answers 404 for an unknown table', async () => {
    const tabela = await createTabela();
    const url = `/api/tabelas-precos/${tabela.id}/produtos`;
    const noMargin = await ctx.request({ method: 'POST', url, payload: { produto_ids: [1] } });
    expect(noMargin.statusCode).toBe(400);
    expect(noMargin.json().message).toBe(PRECO_MESSAGES.margemObrigatoria);
    const noProducts = await ctx.request({
      method: 'POST',
      url,
      payload: { produto_ids: [], margem: 1 },
    });
    expect(noProducts.json().message).toBe(PRECO_MESSAGES.produtosObrigatorios);
    for (const [method, path] of [
      ['GET', '/api/tabelas-precos/999999/produtos'],
      ['POST', '/api/tabelas-precos/999999/produtos'],
    ] as const) {
      const response = await ctx.request({
        method,
        url: path,
        payload: { produto_ids: [1], margem: 1 },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(TABELA_PRECO_MESSAGES.naoEncontrada);
    }
  });

  it('takes a long list of ids in one call and skips products that do not exist', async () => {
    const tabela = await createTabela();
    const ids = (await ctx.request({ method: 'GET', url: '/api/produtos' }))
      .json<Array<{ id: number }>>()
      .map((produto) => produto.id);
    const payload = {
      produto_ids: [...ids, ...Array.from({ length: 2000 }, (_, i) => 5_000_000 + i)],
      margem: 12,
    };
    const response = await ctx.request({
      method: 'POST',
      url: `/api/tabelas-precos/${tabela.id}/produtos`,
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ atualizados: ids.length });
  });
});
