import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayISO } from '@prumo/shared/dates';
import {
  ESTOQUE_MESSAGES,
  estoqueInsuficienteEdicaoMessage,
  estoqueInsuficienteMessage,
  MOTIVO_AJUSTE_CADASTRO,
  MOTIVO_ESTOQUE_INICIAL,
  naoMovimentaEstoqueMessage,
  toMilesimos,
  type Movimentacao,
  type MovimentacaoSaved,
} from '@prumo/shared/estoque';
import {
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';
import { productsOutOfBalance as ledgerBalance } from '../../test/estoque-ledger';
import { PRODUTO_EM_USO } from '../produtos/produtos.repository';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Json = Record<string, unknown>;
const URL = '/api/estoque/movimentacoes';
const hoje = () => todayISO('America/Sao_Paulo');

let sequence = 0;
async function createProduto(
  estoque: number,
  extra: Json = {},
): Promise<{ id: number; nome: string }> {
  const nome = `Produto estoque ${++sequence} ${Date.now()}`;
  const response = await ctx.request({
    method: 'POST',
    url: '/api/produtos',
    payload: { nome, estoque, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id, nome };
}

async function estoqueOf(produtoId: number): Promise<number> {
  const response = await ctx.request({ method: 'GET', url: `/api/produtos/${produtoId}` });
  expect(response.statusCode).toBe(200);
  return response.json().estoque;
}

const post = (payload: Json, as?: string) => ctx.request({ method: 'POST', url: URL, payload, as });
const put = (id: number, payload: Json, as?: string) =>
  ctx.request({ method: 'PUT', url: `${URL}/${id}`, payload, as });
const list = (query: string) => ctx.request({ method: 'GET', url: `${URL}?${query}` });

function movimento(produtoId: number, tipo: 'entrada' | 'saida', quantidade: number, extra = {}) {
  return { produto_id: produtoId, tipo, quantidade, motivo: 'Teste', ...extra };
}

async function postOk(payload: Json, as?: string): Promise<MovimentacaoSaved> {
  const response = await post(payload, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function ledgerOf(produtoId: number): Promise<Movimentacao[]> {
  const response = await list(`produto_id=${produtoId}&limit=500`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const productsOutOfBalance = () => ledgerBalance(ctx.database.db);

describe('POST /api/estoque/movimentacoes', () => {
  it('records an entrada with who and when, and adds it to the stock', async () => {
    const produto = await createProduto(5);
    const saved = await postOk({
      tipo: 'entrada',
      produto_id: produto.id,
      produto: produto.nome,
      quantidade: 12,
      data: '2026-01-15',
      motivo: '  Compra de mercadoria ',
      observacoes: 'NF-e 123',
    });
    expect(saved).toMatchObject({
      produto_id: produto.id,
      produto_nome: produto.nome,
      unidade_medida: 'UN',
      tipo: 'entrada',
      quantidade: 12,
      data: '2026-01-15',
      motivo: 'Compra de mercadoria',
      observacoes: 'NF-e 123',
      usuario_nome: 'Ana Administradora',
      updated_by: null,
      updated_by_nome: null,
      estoque_produto: 17,
    });
    expect(typeof saved.usuario_id).toBe('number');
    expect(Date.now() - new Date(saved.created_at).getTime()).toBeLessThan(60_000);
    expect(await estoqueOf(produto.id)).toBe(17);

    const one = await ctx.request({ method: 'GET', url: `${URL}/${saved.id}` });
    expect(one.statusCode).toBe(200);
    const { estoque_produto: _estoque, ...stored } = saved;
    expect(one.json()).toEqual(stored);
  });

  it('takes a saída away, dated today when no date is sent, by any signed-in user', async () => {
    const produto = await createProduto(10);
    const saved = await postOk(movimento(produto.id, 'saida', 4), USER_EMAIL);
    expect(saved).toMatchObject({
      data: hoje(),
      estoque_produto: 6,
      usuario_nome: 'Vera Vendedora',
    });
    expect(await estoqueOf(produto.id)).toBe(6);
  });

  it('keeps decimal quantities exact', async () => {
    const produto = await createProduto(0);
    await postOk(movimento(produto.id, 'entrada', 2.5));
    await postOk(movimento(produto.id, 'saida', 0.75));
    await postOk(movimento(produto.id, 'entrada', 0.001));
    for (let i = 0; i < 10; i++) await postOk(movimento(produto.id, 'entrada', 0.1));
    expect(await estoqueOf(produto.id)).toBe(2.751);
  });

  it('refuses a saída above the stock with a clear message and changes nothing', async () => {
    const produto = await createProduto(3);
    const before = await ledgerOf(produto.id);
    const response = await post(movimento(produto.id, 'saida', 5));
    expect(response.statusCode).toBe(409);
    const message = estoqueInsuficienteMessage({ disponivel: 3, solicitado: 5, unidade: 'UN' });
    expect(message).toBe('Estoque insuficiente: disponível 3 UN, solicitado 5 UN.');
    expect(response.json()).toEqual({
      error: 'ESTOQUE_INSUFICIENTE',
      message,
      fields: { quantidade: message },
    });
    expect(await estoqueOf(produto.id)).toBe(3);
    expect(await ledgerOf(produto.id)).toEqual(before);
    // Exactly all of it is fine.
    await postOk(movimento(produto.id, 'saida', 3));
    expect(await estoqueOf(produto.id)).toBe(0);
  });

  it('refuses products that do not move stock, and unknown products', async () => {
    const produto = await createProduto(0, { movimenta_estoque: false });
    const response = await post(movimento(produto.id, 'entrada', 1));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'REGRA_VIOLADA',
      message: naoMovimentaEstoqueMessage(produto.nome),
    });
    expect(response.json().message).toContain('não movimenta estoque');
    expect(await ledgerOf(produto.id)).toEqual([]);
    expect(await estoqueOf(produto.id)).toBe(0);

    const missing = await post(movimento(999_999, 'entrada', 1));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ESTOQUE_MESSAGES.produtoNaoEncontrado);
  });

  it("answers the spec's validation messages per field", async () => {
    const produto = await createProduto(1);
    const cases: Array<[Json, Record<string, string>]> = [
      [{ produto_id: undefined }, { produto_id: ESTOQUE_MESSAGES.selecioneProduto }],
      [{ produto_id: null }, { produto_id: ESTOQUE_MESSAGES.selecioneProduto }],
      [{ produto_id: 0 }, { produto_id: ESTOQUE_MESSAGES.selecioneProduto }],
      [{ quantidade: 0 }, { quantidade: ESTOQUE_MESSAGES.quantidadeInvalida }],
      [{ quantidade: -2 }, { quantidade: ESTOQUE_MESSAGES.quantidadeInvalida }],
      [{ quantidade: '3' }, { quantidade: ESTOQUE_MESSAGES.quantidadeInvalida }],
      [{ quantidade: null }, { quantidade: ESTOQUE_MESSAGES.quantidadeInvalida }],
      [{ quantidade: 1.0005 }, { quantidade: 'Use no máximo três casas decimais' }],
      [{ tipo: 'aprovada' }, { tipo: ESTOQUE_MESSAGES.tipoInvalido }],
      [{ motivo: '   ' }, { motivo: ESTOQUE_MESSAGES.motivoObrigatorio }],
      [{ data: '2026-02-30' }, { data: ESTOQUE_MESSAGES.dataInvalida }],
      [{ data: '15/01/2026' }, { data: ESTOQUE_MESSAGES.dataInvalida }],
      [{ estoque: 9 }, { estoque: 'Campo não permitido' }],
    ];
    for (const [change, fields] of cases) {
      const response = await post({ ...movimento(produto.id, 'entrada', 1), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().fields, JSON.stringify(change)).toEqual(fields);
      const [[field, first]] = Object.entries(fields) as [[string, string]];
      expect(response.json().message).toBe(
        first === 'Campo não permitido' ? `Campo não permitido: ${field}` : first,
      );
    }
    const future = await post(movimento(produto.id, 'entrada', 1, { data: '2999-01-01' }));
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual({ data: ESTOQUE_MESSAGES.dataFutura });
    expect(await estoqueOf(produto.id)).toBe(1);
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', URL],
      ['GET', `${URL}/1`],
      ['POST', URL],
      ['PUT', `${URL}/1`],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('Idempotency-Key on POST /api/estoque/movimentacoes', () => {
  const postWithKey = (payload: Json, key: string, as?: string) =>
    ctx.request({ method: 'POST', url: URL, payload, as, headers: { 'idempotency-key': key } });

  it('answers a repeat with the first result, moving the stock once', async () => {
    const produto = await createProduto(10);
    const key = `retry-${Date.now()}`;
    const first = await postWithKey(movimento(produto.id, 'saida', 3), key);
    const again = await postWithKey(movimento(produto.id, 'saida', 3), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await estoqueOf(produto.id)).toBe(7);
    expect((await ledgerOf(produto.id)).filter((m) => m.tipo === 'saida')).toHaveLength(1);
  });

  it('applies one of many simultaneous requests with the same key', async () => {
    const produto = await createProduto(10);
    const key = `race-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postWithKey(movimento(produto.id, 'saida', 1), key)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const response of responses.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().error).toBe('IDEMPOTENCIA_EM_ANDAMENTO');
    }
    expect(statuses).toContain(201);
    expect(await estoqueOf(produto.id)).toBe(9);
  });

  it('refuses the same key with another body, keeps keys per user, and releases a refused one', async () => {
    const produto = await createProduto(1);
    const key = `other-${Date.now()}`;
    expect((await postWithKey(movimento(produto.id, 'saida', 1), key)).statusCode).toBe(201);
    const other = await postWithKey(movimento(produto.id, 'entrada', 5), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      error: 'IDEMPOTENCIA_CONFLITO',
      message: 'Esta chave de idempotência já foi usada com outra requisição.',
    });
    const otherUser = await postWithKey(movimento(produto.id, 'entrada', 5), key, USER_EMAIL);
    expect(otherUser.statusCode).toBe(201);

    const refusedKey = `refused-${Date.now()}`;
    const tooMuch = await postWithKey(movimento(produto.id, 'saida', 50), refusedKey);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('ESTOQUE_INSUFICIENTE');
    expect((await postWithKey(movimento(produto.id, 'saida', 1), refusedKey)).statusCode).toBe(201);
    const bad = await postWithKey(movimento(produto.id, 'saida', 1), 'chave com espaço');
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/estoque/movimentacoes/{id}', () => {
  it('keeps what it leaves out: a new reason alone moves no stock', async () => {
    const produto = await createProduto(5);
    const entrada = await postOk(movimento(produto.id, 'entrada', 4, { observacoes: 'Nota 12' }));
    const response = await put(entrada.id, { motivo: 'Compra corrigida' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      tipo: 'entrada',
      produto_id: produto.id,
      quantidade: 4,
      motivo: 'Compra corrigida',
      observacoes: 'Nota 12',
      estoque_produto: 9,
    });
    expect(await estoqueOf(produto.id)).toBe(9);
  });

  it('adjusts the stock by the difference when quantity and tipo change', async () => {
    const produto = await createProduto(5);
    const entrada = await postOk(movimento(produto.id, 'entrada', 10));
    expect(await estoqueOf(produto.id)).toBe(15);

    const bigger = await put(entrada.id, movimento(produto.id, 'entrada', 12.5));
    expect(bigger.statusCode, bigger.body).toBe(200);
    expect(bigger.json().estoque_produto).toBe(17.5);

    // An entrada of 12,5 becomes a saída of 3: 17,5 − 12,5 − 3 = 2.
    const response = await put(
      entrada.id,
      movimento(produto.id, 'saida', 3, {
        motivo: 'Venda',
        data: '2026-02-01',
        observacoes: 'Corrigido',
      }),
      MANAGER_EMAIL,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: entrada.id,
      tipo: 'saida',
      quantidade: 3,
      motivo: 'Venda',
      data: '2026-02-01',
      observacoes: 'Corrigido',
      usuario_nome: 'Ana Administradora',
      updated_by_nome: 'Gustavo Gerente',
      estoque_produto: 2,
    });
    expect(await estoqueOf(produto.id)).toBe(2);
    expect((await ledgerOf(produto.id)).length).toBe(2);
  });

  it('refuses an edit that would leave the stock negative, changing nothing', async () => {
    const produto = await createProduto(0);
    const entrada = await postOk(movimento(produto.id, 'entrada', 10));
    await postOk(movimento(produto.id, 'saida', 8));
    const before = await ledgerOf(produto.id);

    // The entrada of 10 cannot become 5: 2 − 5 < 0.
    const response = await put(entrada.id, movimento(produto.id, 'entrada', 5));
    expect(response.statusCode).toBe(409);
    const message = estoqueInsuficienteEdicaoMessage({
      disponivel: 2,
      retirada: 5,
      unidade: 'UN',
      nome: produto.nome,
    });
    expect(response.json()).toMatchObject({ message, fields: { quantidade: message } });
    // Nor a saída (it would take 10 + 1 away).
    expect((await put(entrada.id, movimento(produto.id, 'saida', 1))).statusCode).toBe(409);
    expect(await estoqueOf(produto.id)).toBe(2);
    expect(await ledgerOf(produto.id)).toEqual(before);

    // Down to exactly zero is fine.
    const ok = await put(entrada.id, movimento(produto.id, 'entrada', 8));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await estoqueOf(produto.id)).toBe(0);
  });

  it('moves the effect to another product, in both directions of the check', async () => {
    const a = await createProduto(0);
    const b = await createProduto(1);
    const entrada = await postOk(movimento(a.id, 'entrada', 4));
    const moved = await put(entrada.id, movimento(b.id, 'entrada', 4));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      produto_id: b.id,
      produto_nome: b.nome,
      estoque_produto: 5,
    });
    expect(await estoqueOf(a.id)).toBe(0);
    expect(await estoqueOf(b.id)).toBe(5);

    // Back to A is refused once B's stock from it is gone.
    await postOk(movimento(b.id, 'saida', 5));
    const refused = await put(entrada.id, movimento(a.id, 'entrada', 4));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(b.nome);
    expect(await estoqueOf(a.id)).toBe(0);
    expect(await estoqueOf(b.id)).toBe(0);

    // A saída moved to a product without stock is refused too.
    const saida = await postOk(movimento(a.id, 'entrada', 2));
    const toEmpty = await put(saida.id, movimento(b.id, 'saida', 2));
    expect(toEmpty.statusCode).toBe(409);
    expect(await estoqueOf(a.id)).toBe(2);
  });

  it('allows changing only the texts of a movement of a product that stopped moving stock', async () => {
    const produto = await createProduto(0);
    const entrada = await postOk(movimento(produto.id, 'entrada', 3));
    const off = await ctx.request({
      method: 'PUT',
      url: `/api/produtos/${produto.id}`,
      payload: { nome: produto.nome, movimenta_estoque: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const texts = await put(entrada.id, movimento(produto.id, 'entrada', 3, { motivo: 'Outro' }));
    expect(texts.statusCode, texts.body).toBe(200);
    expect(texts.json()).toMatchObject({ motivo: 'Outro', estoque_produto: 3 });
    const quantity = await put(entrada.id, movimento(produto.id, 'entrada', 4));
    expect(quantity.statusCode).toBe(409);
    expect(quantity.json().message).toBe(naoMovimentaEstoqueMessage(produto.nome));
  });

  it('answers 404 for an unknown movement or product and 400 for bad input', async () => {
    const produto = await createProduto(0);
    const entrada = await postOk(movimento(produto.id, 'entrada', 3));
    const missing = await put(999_999, movimento(produto.id, 'entrada', 1));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ESTOQUE_MESSAGES.movimentacaoNaoEncontrada);
    const noProduct = await put(entrada.id, movimento(999_999, 'entrada', 1));
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json().message).toBe(ESTOQUE_MESSAGES.produtoNaoEncontrado);
    const invalid = await put(entrada.id, movimento(produto.id, 'entrada', 0));
    expect(invalid.json().fields).toEqual({ quantidade: ESTOQUE_MESSAGES.quantidadeInvalida });
    expect((await ctx.request({ method: 'GET', url: `${URL}/999999` })).statusCode).toBe(404);
    expect(await estoqueOf(produto.id)).toBe(3);
  });
});

describe('GET /api/estoque/movimentacoes', () => {
  it('filters by product and period, newest first, with names and the total', async () => {
    const produto = await createProduto(0);
    const datas = ['2026-01-05', '2026-01-20', '2026-01-20', '2026-02-03'];
    const ids: number[] = [];
    for (const data of datas) {
      ids.push((await postOk(movimento(produto.id, 'entrada', 1, { data }), MANAGER_EMAIL)).id);
    }
    const all = await list(`produto_id=${produto.id}`);
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.json().map((m: Movimentacao) => m.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(all.json()[0]).toMatchObject({
      produto_nome: produto.nome,
      usuario_nome: 'Gustavo Gerente',
    });

    const january = await list(`produto_id=${produto.id}&de=2026-01-10&ate=2026-01-31`);
    expect(january.json().map((m: Movimentacao) => m.id)).toEqual([ids[2], ids[1]]);
    expect(january.headers['x-total-count']).toBe('2');

    const page = await list(`produto_id=${produto.id}&limit=1&offset=1`);
    expect(page.json().map((m: Movimentacao) => m.id)).toEqual([ids[2]]);
    expect(page.headers['x-total-count']).toBe('4');

    const saidas = await list(`produto_id=${produto.id}&tipo=saida`);
    expect(saidas.json()).toEqual([]);
  });

  it('validates the filters', async () => {
    const backwards = await list('de=2026-02-02&ate=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ ate: ESTOQUE_MESSAGES.periodoInvalido });
    expect((await list('de=ontem')).statusCode).toBe(400);
    expect((await list('produto_id=abc')).statusCode).toBe(400);
    expect((await list('limit=100000')).statusCode).toBe(400);
    expect((await list('nome=x')).statusCode).toBe(400);
  });
});

describe('the product registry writes stock through the ledger', () => {
  it('records the initial stock and every change of estoque made by the product form', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/api/produtos',
      payload: { nome: `Cadastro com estoque ${Date.now()}`, estoque: 12 },
      as: MANAGER_EMAIL,
    });
    const produto = created.json();
    expect(produto.estoque).toBe(12);
    let ledger = await ledgerOf(produto.id);
    expect(ledger).toMatchObject([
      {
        tipo: 'entrada',
        quantidade: 12,
        motivo: MOTIVO_ESTOQUE_INICIAL,
        data: hoje(),
        usuario_nome: 'Gustavo Gerente',
      },
    ]);

    const update = (estoque: number) =>
      ctx.request({
        method: 'PUT',
        url: `/api/produtos/${produto.id}`,
        payload: { nome: produto.nome, estoque },
      });
    expect((await update(7)).json().estoque).toBe(7);
    expect((await update(7)).statusCode).toBe(200);
    expect((await update(9)).json().estoque).toBe(9);
    ledger = await ledgerOf(produto.id);
    expect(ledger.map((m) => [m.tipo, m.quantidade, m.motivo])).toEqual([
      ['entrada', 2, MOTIVO_AJUSTE_CADASTRO],
      ['saida', 5, MOTIVO_AJUSTE_CADASTRO],
      ['entrada', 12, MOTIVO_ESTOQUE_INICIAL],
    ]);
    expect(ledger[0]!.usuario_nome).toBe('Ana Administradora');

    // A product without stock starts with an empty ledger.
    const empty = await createProduto(0);
    expect(await ledgerOf(empty.id)).toEqual([]);
  });

  it('keeps a product with movements from being deleted', async () => {
    const produto = await createProduto(2);
    const response = await ctx.request({ method: 'DELETE', url: `/api/produtos/${produto.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'EM_USO', message: PRODUTO_EM_USO });
    expect(await estoqueOf(produto.id)).toBe(2);
  });

  it('lets no product stock differ from its ledger (demo data included)', async () => {
    expect(await productsOutOfBalance()).toEqual([]);
  });

  it('has a database CHECK that keeps stock from going negative', async () => {
    const produto = await createProduto(1);
    await expect(
      ctx.database.db.execute(
        sql`UPDATE produtos SET estoque = estoque - 2 WHERE id = ${produto.id}`,
      ),
    ).rejects.toThrow();
    expect(await estoqueOf(produto.id)).toBe(1);
  });
});

describe('concurrency', () => {
  it('accepts exactly 10 of 100 simultaneous saídas of 1 on a stock of 10', async () => {
    const produto = await createProduto(10);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => post(movimento(produto.id, 'saida', 1))),
    );
    const accepted = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(accepted.length).toBe(10);
    expect(refused.length).toBe(90);
    for (const response of refused) {
      expect(response.json().message).toMatch(
        /^Estoque insuficiente: disponível 0 UN, solicitado 1 UN\.$/,
      );
    }
    expect(await estoqueOf(produto.id)).toBe(0);
    const ledger = await ledgerOf(produto.id);
    expect(ledger.filter((m) => m.tipo === 'saida').length).toBe(10);
    expect(await productsOutOfBalance()).toEqual([]);
  });

  it('never loses an update when entradas and saídas run at the same time', async () => {
    const produto = await createProduto(50);
    const requests = Array.from({ length: 80 }, (_, index) =>
      post(movimento(produto.id, index % 2 === 0 ? 'entrada' : 'saida', index % 2 === 0 ? 1.5 : 1)),
    );
    const responses = await Promise.all(requests);
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    // 50 + 40 × 1,5 − 40 × 1
    expect(await estoqueOf(produto.id)).toBe(70);
    expect(await productsOutOfBalance()).toEqual([]);
  });

  it('keeps edits and new movements consistent when they race', async () => {
    const produto = await createProduto(20);
    const entradas = await Promise.all(
      Array.from({ length: 10 }, () => postOk(movimento(produto.id, 'entrada', 2))),
    );
    // Each entrada of 2 becomes an entrada of 1 while 20 saídas of 1 race for the stock of 40.
    const responses = await Promise.all([
      ...entradas.map((entrada) => put(entrada.id, movimento(produto.id, 'entrada', 1))),
      ...Array.from({ length: 20 }, () => post(movimento(produto.id, 'saida', 1))),
    ]);
    expect(responses.every((response) => [200, 201, 409].includes(response.statusCode))).toBe(true);
    const stock = await estoqueOf(produto.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(await productsOutOfBalance()).toEqual([]);
  });
});

describe('property: the stock is always the initial stock plus entradas minus saídas', () => {
  type Op =
    | { kind: 'create'; tipo: 'entrada' | 'saida'; quantidade: number }
    | { kind: 'edit'; pick: number; tipo: 'entrada' | 'saida'; quantidade: number };

  // Quantities from 0,001 to 30 with up to three decimals.
  const quantidade = fc.integer({ min: 1, max: 30_000 }).map((milesimos) => milesimos / 1000);
  const tipo = fc.constantFrom('entrada' as const, 'saida' as const);
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('create' as const), tipo, quantidade }),
    fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), tipo, quantidade }),
  );

  it('after any random sequence of movements and edits; refused ones change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20 }),
        fc.array(op, { minLength: 1, maxLength: 12 }),
        async (inicial, ops) => {
          const produto = await createProduto(inicial);
          // The model, in thousandths: the movements the server accepted.
          const accepted: Array<{ id: number; efeito: number }> = [];
          let stock = toMilesimos(inicial);
          for (const step of ops) {
            const efeito =
              step.tipo === 'entrada'
                ? toMilesimos(step.quantidade)
                : -toMilesimos(step.quantidade);
            const before = await ledgerOf(produto.id);
            if (step.kind === 'create') {
              const response = await post(movimento(produto.id, step.tipo, step.quantidade));
              if (stock + efeito >= 0) {
                expect(response.statusCode, response.body).toBe(201);
                accepted.push({ id: response.json().id, efeito });
                stock += efeito;
              } else {
                expect(response.statusCode).toBe(409);
                expect(response.json().error).toBe('ESTOQUE_INSUFICIENTE');
                expect(await ledgerOf(produto.id)).toEqual(before);
              }
            } else {
              if (accepted.length === 0) continue;
              const target = accepted[step.pick % accepted.length]!;
              const response = await put(
                target.id,
                movimento(produto.id, step.tipo, step.quantidade),
              );
              const next = stock - target.efeito + efeito;
              if (next >= 0) {
                expect(response.statusCode, response.body).toBe(200);
                stock = next;
                target.efeito = efeito;
              } else {
                expect(response.statusCode).toBe(409);
                expect(response.json().error).toBe('ESTOQUE_INSUFICIENTE');
                expect(await ledgerOf(produto.id)).toEqual(before);
              }
            }
            expect(toMilesimos(await estoqueOf(produto.id))).toBe(stock);
          }
          const ledger = await ledgerOf(produto.id);
          const total = ledger.reduce(
            (sum, m) => sum + (m.tipo === 'entrada' ? 1 : -1) * toMilesimos(m.quantidade),
            0,
          );
          expect(total).toBe(stock);
          expect(toMilesimos(inicial) + accepted.reduce((sum, m) => sum + m.efeito, 0)).toBe(stock);
        },
      ),
      { numRuns: 25 },
    );
    expect(await productsOutOfBalance()).toEqual([]);
  });
});
