import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CATEGORIA_PADRAO_NOME,
  gtinCheckDigit,
  PRODUTO_MESSAGES,
  PRODUTO_SEARCH_LIMIT,
  produtoListItemSchema,
  produtoSchema,
} from '@prumo/shared/produtos';
import { formatMoney } from '@prumo/shared/money';
import { MAX_MONEY } from '@prumo/shared/validation';
import { arquivos } from '../arquivos/arquivos.table';
import { GIF, multipart, PNG } from '../../test/multipart-body';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import {
  listProdutosJson,
  PRODUTO_EM_USO,
  PRODUTO_NOT_FOUND,
  tooManyFotos,
} from './produtos.repository';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Json = Record<string, unknown>;

/** A valid EAN-13 made from a 12-digit body. */
const ean = (body: string) => body + gtinCheckDigit(body);
let sequence = 0;
/** A unique valid EAN-13 per call, so tests do not collide. */
const nextEan = () =>
  ean(`789${String(Date.now() % 1e6).padStart(6, '0')}${String(++sequence).padStart(3, '0')}`);

async function create(payload: Json, as?: string) {
  return ctx.request({ method: 'POST', url: '/api/produtos', payload, as });
}

async function createOk(payload: Json): Promise<Json & { id: number }> {
  const response = await create(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const get = (id: number) => ctx.request({ method: 'GET', url: `/api/produtos/${id}` });
const put = (id: number, payload: Json) =>
  ctx.request({ method: 'PUT', url: `/api/produtos/${id}`, payload });

async function createGrupo(nome: string): Promise<number> {
  const response = await ctx.request({ method: 'POST', url: '/api/categorias', payload: { nome } });
  return response.json<{ id: number }>().id;
}

const FULL_PAYLOAD = {
  nome: 'Café Torrado Especial 250g',
  codigo_interno: 'CAF-250',
  codigo_barras: '7891000315507',
  movimenta_estoque: false,
  habilitar_nota_fiscal: false,
  possui_variacoes: true,
  possui_composicao: true,
  ativo: false,
  vendido_separadamente: false,
  comercializavel_pdv: false,
  unidade_medida: 'pct',
  entrada_unidade: 'CX',
  entrada_quantidade: 1,
  saida_unidade: 'PCT',
  saida_quantidade: 12,
  peso: 0.25,
  largura: 0.1,
  altura: 0.2,
  comprimento: 0.05,
  comissao: 2.5,
  descricao: 'Torra média, grãos arábica',
  custo: 10.1,
  despesas_acessorias: 0.2,
  outras_despesas: 0.05,
  lucro_sugerido: 33.33,
  lucro_utilizado: 40,
  preco: 14.9,
  estoque: 25,
  estoque_minimo: 5,
  estoque_maximo: 100,
  cod_beneficio: 'SP000001',
  ncm: '09012100',
  cest: '1700100',
  origem: 1,
  peso_liquido: 0.25,
  peso_bruto: 0.27,
  numero_fci: 'B01F70AF-10BF-4B1F-848C-65FF57F616FE',
  produto_especifico: 'medicamento',
};

describe('POST /api/produtos', () => {
  it("takes the spec's short payload and fills the defaults of section 9", async () => {
    const produto = await createOk({
      nome: 'Açúcar Cristal 1kg',
      descricao: 'Pacote de 1 kg',
      preco: 5.49,
      custo: 3.2,
      estoque: 40,
      estoque_minimo: 10,
      categoria_id: 1,
      codigo_barras: null,
      unidade_medida: 'KG',
    });
    expect(produto).toMatchObject({
      nome: 'Açúcar Cristal 1kg',
      preco: 5.49,
      custo: 3.2,
      custo_final: 3.2,
      lucro_sugerido: 50,
      valor_venda_sugerido: 4.8,
      estoque: 40,
      estoque_minimo: 10,
      estoque_maximo: 0,
      categoria_id: 1,
      grupo_produto: 1,
      categoria_nome: CATEGORIA_PADRAO_NOME,
      unidade_medida: 'KG',
      movimenta_estoque: true,
      habilitar_nota_fiscal: true,
      possui_variacoes: false,
      possui_composicao: false,
      ativo: true,
      entrada_quantidade: 1,
      saida_quantidade: 1,
      entrada_unidade: 'UN',
      saida_unidade: 'UN',
      peso: 0,
      produto_especifico: 'nao_usar',
      origem: 0,
      foto_id: null,
      fotos: [],
    });
  });

  it("defaults to 'Categoria Padrão', unit UN, price 1 and profit 50 with only a name", async () => {
    const produto = await createOk({ nome: 'Produto mínimo', preco: null, lucro_sugerido: null });
    expect(produto).toMatchObject({
      categoria_id: 1,
      categoria_nome: CATEGORIA_PADRAO_NOME,
      unidade_medida: 'UN',
      preco: 1,
      lucro_sugerido: 50,
      custo_final: 0,
      valor_venda_sugerido: 0,
      estoque: 0,
    });
  });

  it('stores every field of the add form and GET /{id} returns them all', async () => {
    const grupo = await createGrupo('Cafés Especiais');
    const created = await createOk({ ...FULL_PAYLOAD, categoria_id: grupo });
    const read = (await get(created.id)).json();
    expect(read).toEqual(created);
    // The database writes this answer's JSON, so no serializer checks it on the way out.
    expect(produtoSchema.strict().parse(read)).toEqual(read);
    expect(read).toMatchObject({
      ...FULL_PAYLOAD,
      unidade_medida: 'PCT',
      categoria_id: grupo,
      categoria_nome: 'Cafés Especiais',
      custo_final: 10.35,
      valor_venda_sugerido: 13.8,
    });
    expect(Object.keys(read).sort()).toEqual(
      [
        ...Object.keys(FULL_PAYLOAD),
        'id',
        'categoria_id',
        'categoria_nome',
        'grupo_produto',
        'custo_final',
        'valor_venda_sugerido',
        'foto_id',
        'fotos',
        'created_at',
        'updated_at',
      ].sort(),
    );
  });

  it('computes custo_final and valor_venda_sugerido itself, ignoring what the client sends', async () => {
    const produto = await createOk({
      nome: 'Biscoito Recheado 140g',
      custo: 0.1,
      despesas_acessorias: 0.2,
      outras_despesas: 0,
      lucro_sugerido: 33.33,
      custo_final: 999,
      valor_venda_sugerido: 999,
    });
    expect(produto.custo_final).toBe(0.3);
    expect(produto.valor_venda_sugerido).toBe(0.4);
  });

  it("answers 'Nome do produto é obrigatório' and the create price message", async () => {
    const noName = await create({ nome: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({
      message: PRODUTO_MESSAGES.nomeObrigatorio,
      fields: { nome: PRODUTO_MESSAGES.nomeObrigatorio },
    });
    const missingName = await create({ preco: 2 });
    expect(missingName.json().fields.nome).toBe(PRODUTO_MESSAGES.nomeObrigatorio);
    for (const preco of [0, -5]) {
      const badPrice = await create({ nome: 'Sem preço', preco });
      expect(badPrice.statusCode).toBe(400);
      expect(badPrice.json()).toMatchObject({
        message: PRODUTO_MESSAGES.precoCreate,
        fields: { preco: PRODUTO_MESSAGES.precoCreate },
      });
    }
  });

  it('rejects unknown fields, bad numbers, negative stock and a maximum below the minimum', async () => {
    const unknown = await create({ nome: 'X', preco_custo: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ preco_custo: 'Campo não permitido' });

    const text = await create({ nome: 'X', preco: '10,50' });
    expect(text.statusCode).toBe(400);
    expect(text.json().fields).toHaveProperty('preco');

    const decimals = await create({ nome: 'X', custo: 1.234 });
    expect(decimals.json().fields.custo).toBe('Use no máximo duas casas decimais');

    const negative = await create({ nome: 'X', estoque: -1 });
    expect(negative.json().fields.estoque).toBe('Estoque não pode ser negativo');

    const maximo = await create({ nome: 'X', estoque_minimo: 10, estoque_maximo: 2 });
    expect(maximo.json().fields.estoque_maximo).toBe(PRODUTO_MESSAGES.estoqueMaximo);

    const origem = await create({ nome: 'X', origem: 7 });
    expect(origem.json().fields).toHaveProperty('origem');
  });

  it('refuses a group that does not exist', async () => {
    const response = await create({ nome: 'Órfão', categoria_id: 999_999 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ categoria_id: 'Grupo de produtos não encontrado.' });
  });

  it('checks the GTIN check digit of 8, 12, 13 and 14-digit barcodes only', async () => {
    const wrong = await create({ nome: 'GTIN errado', codigo_barras: '7891000315508' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: PRODUTO_MESSAGES.gtinInvalido,
      fields: { codigo_barras: PRODUTO_MESSAGES.gtinInvalido },
    });
    expect((await create({ nome: 'EAN-8 errado', codigo_barras: '96385075' })).statusCode).toBe(
      400,
    );
    expect((await create({ nome: 'UPC', codigo_barras: '036000291452' })).statusCode).toBe(201);
    expect((await create({ nome: 'GTIN-14', codigo_barras: '17891000315504' })).statusCode).toBe(
      201,
    );
    expect((await create({ nome: 'Interno', codigo_barras: 'LOJA-000123' })).statusCode).toBe(201);
    expect((await create({ nome: 'Curto', codigo_barras: '12345' })).statusCode).toBe(201);
  });

  it('keeps internal codes (ignoring case) and barcodes unique with a 409 naming the field', async () => {
    const barcode = nextEan();
    await createOk({ nome: 'Original', codigo_interno: 'UNI-001', codigo_barras: barcode });

    const sameCode = await create({ nome: 'Cópia', codigo_interno: 'uni-001' });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json()).toEqual({
      error: 'DUPLICADO',
      message: PRODUTO_MESSAGES.codigoInternoDuplicado,
      fields: { codigo_interno: PRODUTO_MESSAGES.codigoInternoDuplicado },
    });

    const sameBarcode = await create({ nome: 'Cópia', codigo_barras: barcode });
    expect(sameBarcode.statusCode).toBe(409);
    expect(sameBarcode.json()).toEqual({
      error: 'DUPLICADO',
      message: PRODUTO_MESSAGES.codigoBarrasDuplicado,
      fields: { codigo_barras: PRODUTO_MESSAGES.codigoBarrasDuplicado },
    });

    // Blank codes are not values: many products may have none.
    await createOk({ nome: 'Sem código 1', codigo_interno: '', codigo_barras: ' ' });
    await createOk({ nome: 'Sem código 2', codigo_interno: '', codigo_barras: ' ' });
  });

  it('is open to every signed-in role', async () => {
    const response = await create({ nome: 'Criado por vendedor' }, USER_EMAIL);
    expect(response.statusCode).toBe(201);
  });
});

describe('GET /api/produtos', () => {
  it('lists section 3.1 records with categoria_nome and foto_id, sorted the pt-BR way', async () => {
    const grupo = await createGrupo('Listagem');
    await createOk({ nome: 'Zabumba de teste', categoria_id: grupo });
    await createOk({ nome: 'Ábaco de teste', categoria_id: grupo, estoque: 3, estoque_minimo: 5 });
    const response = await ctx.request({ method: 'GET', url: '/api/produtos' });
    expect(response.statusCode).toBe(200);
    const list = response.json<Array<Json>>();
    const mine = list.filter((p) => p.categoria_id === grupo);
    expect(mine.map((p) => p.nome)).toEqual(['Ábaco de teste', 'Zabumba de teste']);
    expect(mine[0]).toMatchObject({
      categoria_nome: 'Listagem',
      estoque: 3,
      estoque_minimo: 5,
      foto_id: null,
    });
    const specFields = [
      'id',
      'nome',
      'codigo_interno',
      'codigo_barras',
      'grupo_produto',
      'movimenta_estoque',
      'habilitar_nota_fiscal',
      'possui_variacoes',
      'possui_composicao',
      'entrada_unidade',
      'saida_unidade',
      'entrada_quantidade',
      'saida_quantidade',
      'peso',
      'largura',
      'altura',
      'comprimento',
      'ativo',
      'descricao',
      'preco',
      'custo',
      'despesas_acessorias',
      'outras_despesas',
      'custo_final',
      'lucro_sugerido',
      'lucro_utilizado',
      'valor_venda_sugerido',
      'estoque',
      'estoque_minimo',
      'unidade_medida',
      'categoria_id',
      'categoria_nome',
    ];
    expect(Object.keys(mine[0]!)).toEqual(expect.arrayContaining(specFields));
    // Every item has exactly the documented shape and types.
    for (const item of list) produtoListItemSchema.strict().parse(item);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(mine[0]!).sort()).toEqual(
      [...specFields, 'estoque_maximo', 'foto_id'].sort(),
    );
  });

  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/produtos' })).statusCode).toBe(401);
  });

  it('reads the whole list, groups and photos included, in one query', async () => {
    const client = (
      ctx.database.db as unknown as { $client: { query: (...args: never[]) => unknown } }
    ).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      const list = JSON.parse((await listProdutosJson(ctx.database.db)).data) as Json[];
      expect(list.length).toBeGreaterThan(10);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('PUT /api/produtos/{id}', () => {
  it("takes the spec's update payload and keeps every field it leaves out", async () => {
    const created = await createOk({
      ...FULL_PAYLOAD,
      codigo_interno: 'UPD-1',
      codigo_barras: nextEan(),
    });
    const response = await put(created.id, {
      nome: '  Café Torrado Tradicional 250g ',
      descricao: 'Torra escura',
      preco: 12.5,
      custo: 8,
      custo_final: 1,
      despesas_acessorias: 1,
      outras_despesas: 1,
      lucro_sugerido: 20,
      lucro_utilizado: 25,
      valor_venda_sugerido: 1,
      estoque: 30,
      estoque_minimo: 6,
      categoria_id: 1,
      codigo_barras: created.codigo_barras,
      unidade_medida: 'UN',
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      nome: 'Café Torrado Tradicional 250g',
      descricao: 'Torra escura',
      preco: 12.5,
      custo_final: 10,
      valor_venda_sugerido: 12,
      estoque: 30,
      estoque_minimo: 6,
      categoria_nome: CATEGORIA_PADRAO_NOME,
      // left out, kept:
      codigo_interno: 'UPD-1',
      ncm: '09012100',
      produto_especifico: 'medicamento',
      possui_variacoes: true,
      estoque_maximo: 100,
      comissao: 2.5,
    });
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(created.created_at as string).getTime(),
    );
  });

  it('recomputes the values from the stored inputs when only one of them changes', async () => {
    const created = await createOk({
      nome: 'Recalcular',
      custo: 10,
      despesas_acessorias: 2,
      lucro_sugerido: 10,
    });
    const updated = (await put(created.id, { nome: 'Recalcular', outras_despesas: 3 })).json();
    expect(updated).toMatchObject({ custo_final: 15, valor_venda_sugerido: 16.5 });
    const blankProfit = (
      await put(created.id, { nome: 'Recalcular', lucro_sugerido: null })
    ).json();
    expect(blankProfit).toMatchObject({ lucro_sugerido: 50, valor_venda_sugerido: 22.5 });
  });

  it("answers the update messages: 'Nome do produto é obrigatório', 'Preço deve ser maior que zero'", async () => {
    const created = await createOk({ nome: 'Validar' });
    const blank = await put(created.id, { nome: '   ', preco: 2 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ nome: PRODUTO_MESSAGES.nomeObrigatorio });
    const zero = await put(created.id, { nome: 'Validar', preco: 0 });
    expect(zero.json()).toMatchObject({
      message: PRODUTO_MESSAGES.precoUpdate,
      fields: { preco: PRODUTO_MESSAGES.precoUpdate },
    });
    const merged = await put(created.id, { nome: 'Validar', estoque_maximo: 0 });
    expect(merged.statusCode).toBe(200);
    const belowStored = await put(created.id, { nome: 'Validar', estoque_minimo: 5 });
    expect(belowStored.statusCode).toBe(200);
    const maximo = await put(created.id, { nome: 'Validar', estoque_maximo: 2 });
    expect(maximo.statusCode).toBe(400);
    expect(maximo.json().fields).toEqual({ estoque_maximo: PRODUTO_MESSAGES.estoqueMaximo });
  });

  it('refuses money out of range of either sign before computing with it, naming the bound', async () => {
    const created = await createOk({ nome: 'Limites' });
    const tiny = await put(created.id, { nome: 'x', custo: -1e308 });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().fields).toEqual({ custo: 'Informe um valor maior ou igual a zero' });
    const huge = await put(created.id, { nome: 'x', custo: 1e308 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields).toEqual({
      custo: `O valor deve ser no máximo ${formatMoney(MAX_MONEY)}`,
    });
    const priceBelow = await put(created.id, { nome: 'x', preco: -1e15 });
    expect(priceBelow.statusCode).toBe(400);
    expect(priceBelow.json().fields.preco).toBe(
      `O valor deve ser no mínimo ${formatMoney(-MAX_MONEY)}`,
    );
    const quantity = await put(created.id, { nome: 'x', peso: 1e300, estoque_minimo: -1e300 });
    expect(quantity.json().fields).toEqual({
      peso: 'A quantidade deve ser no máximo 99.999.999.999,999',
      estoque_minimo: 'Informe um valor maior ou igual a zero',
    });
    expect((await get(created.id)).json()).toMatchObject({ nome: 'Limites', custo: 0 });
  });

  it('keeps codes unique on update too', async () => {
    const barcode = nextEan();
    await createOk({ nome: 'Dono', codigo_interno: 'DONO-1', codigo_barras: barcode });
    const other = await createOk({ nome: 'Outro' });
    const code = await put(other.id, { nome: 'Outro', codigo_interno: 'dono-1' });
    expect(code.statusCode).toBe(409);
    expect(code.json().fields).toEqual({ codigo_interno: PRODUTO_MESSAGES.codigoInternoDuplicado });
    const bar = await put(other.id, { nome: 'Outro', codigo_barras: barcode });
    expect(bar.statusCode).toBe(409);
    expect(bar.json().fields).toEqual({ codigo_barras: PRODUTO_MESSAGES.codigoBarrasDuplicado });
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    const missing = await put(999_999, { nome: 'Nada' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PRODUTO_NOT_FOUND);
    expect((await put(0, { nome: 'Nada' })).statusCode).toBe(400);
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/produtos/abc' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/produtos/{id}', () => {
  it('deletes the product, then answers 404', async () => {
    const created = await createOk({ nome: 'Excluir' });
    const response = await ctx.request({ method: 'DELETE', url: `/api/produtos/${created.id}` });
    expect(response.statusCode).toBe(204);
    expect((await get(created.id)).statusCode).toBe(404);
    const again = await ctx.request({ method: 'DELETE', url: `/api/produtos/${created.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses, with a clear reason, a product other records still refer to', async () => {
    // Initial stock is recorded as a stock movement, which keeps the product.
    const created = await createOk({ nome: 'Com movimentação', estoque: 3 });
    const response = await ctx.request({ method: 'DELETE', url: `/api/produtos/${created.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'EM_USO', message: PRODUTO_EM_USO });
    expect((await get(created.id)).statusCode).toBe(200);
  });

  it('needs a token for every product route', async () => {
    for (const [method, url] of [
      ['GET', '/api/produtos'],
      ['GET', '/api/produtos/search?q=cafe'],
      ['GET', '/api/produtos/1'],
      ['POST', '/api/produtos'],
      ['PUT', '/api/produtos/1'],
      ['DELETE', '/api/produtos/1'],
      ['POST', '/api/produtos/1/fotos'],
      ['GET', '/api/produtos/1/fotos/1'],
      ['DELETE', '/api/produtos/1/fotos/1'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: { nome: 'X' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /api/produtos/search', () => {
  const search = (q: string) =>
    ctx.request({ method: 'GET', url: `/api/produtos/search?q=${encodeURIComponent(q)}` });

  it('matches name, barcode and internal code ignoring case and accents, with the spec fields', async () => {
    const grupo = await createGrupo('Pesquisa');
    const barcode = nextEan();
    const produto = await createOk({
      nome: 'Pão de Açúcar Xzqw',
      codigo_interno: 'PSQ-77',
      codigo_barras: barcode,
      categoria_id: grupo,
      preco: 7.5,
      estoque: 4,
      unidade_medida: 'UN',
    });
    const expected = {
      id: produto.id,
      nome: 'Pão de Açúcar Xzqw',
      categoria_nome: 'Pesquisa',
      estoque: 4,
      unidade_medida: 'UN',
      preco: 7.5,
      codigo_barras: barcode,
      codigo_interno: 'PSQ-77',
      ativo: true,
    };
    for (const q of ['ACUCAR XZQW', 'pao de acúcar xz', barcode.slice(3, 10), 'psq-7']) {
      const response = await search(q);
      expect(response.statusCode).toBe(200);
      expect(response.json(), q).toContainEqual(expected);
    }
  });

  it('puts an exact code first, then names starting with the term, then the rest', async () => {
    const tag = 'Qvxj';
    const contains = await createOk({ nome: `Sabonete ${tag}ó Lavanda` });
    const prefix = await createOk({ nome: `${tag}o Sabonete Neutro` });
    const code = await createOk({ nome: 'Esponja Dupla Face', codigo_interno: `${tag}O` });
    const ids = (await search(`${tag}o`)).json<Array<{ id: number }>>().map((p) => p.id);
    expect(ids).toEqual([code.id, prefix.id, contains.id]);
  });

  it('answers at most 20 suggestions', async () => {
    for (let index = 0; index < PRODUTO_SEARCH_LIMIT + 3; index++) {
      await createOk({ nome: `Parafuso Wkyz ${index}` });
    }
    const response = await search('wkyz');
    expect(response.json()).toHaveLength(PRODUTO_SEARCH_LIMIT);
  });

  it('needs 2 characters', async () => {
    for (const url of [
      '/api/produtos/search?q=a',
      '/api/produtos/search?q=%20b%20',
      '/api/produtos/search',
    ]) {
      const response = await ctx.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(PRODUTO_MESSAGES.pesquisaCurta);
    }
  });

  it('treats % and _ as plain characters', async () => {
    await createOk({ nome: 'Desconto 100% Kqpz' });
    const percent = (await search('0% kqpz')).json<Array<{ nome: string }>>();
    expect(percent.map((p) => p.nome)).toEqual(['Desconto 100% Kqpz']);
    expect((await search('__')).json()).toEqual([]);
  });
});

describe('photos', () => {
  const arquivoCount = async () =>
    (await ctx.database.db.select({ total: count() }).from(arquivos))[0]!.total;

  it('creates a product with photos from a multipart form and serves them', async () => {
    const form = multipart({ dados: JSON.stringify({ nome: 'Com fotos', preco: 9.9 }) }, [
      { field: 'fotos', name: 'frente.png', type: 'image/png', content: PNG },
      { field: 'fotos', name: 'verso.gif', type: 'image/gif', content: GIF },
    ]);
    const response = await ctx.request({ method: 'POST', url: '/api/produtos', ...form });
    expect(response.statusCode, response.body).toBe(201);
    const produto = response.json();
    expect(produto.fotos).toEqual([
      { id: expect.any(Number), nome: 'frente.png', tipo_mime: 'image/png', tamanho: PNG.length },
      { id: expect.any(Number), nome: 'verso.gif', tipo_mime: 'image/gif', tamanho: GIF.length },
    ]);
    expect(produto.foto_id).toBe(produto.fotos[0].id);

    const list = (await ctx.request({ method: 'GET', url: '/api/produtos' })).json<Array<Json>>();
    expect(list.find((p) => p.id === produto.id)?.foto_id).toBe(produto.fotos[0].id);
    expect(JSON.stringify(list)).not.toContain(PNG.toString('base64').slice(0, 20));

    const image = await ctx.request({
      method: 'GET',
      url: `/api/produtos/${produto.id}/fotos/${produto.fotos[0].id}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('validates the JSON part with the same messages and leaves nothing behind', async () => {
    const before = await arquivoCount();
    const form = multipart({ dados: JSON.stringify({ nome: ' ', preco: 0 }) }, [
      { field: 'fotos', name: 'a.png', type: 'image/png', content: PNG },
    ]);
    const response = await ctx.request({ method: 'POST', url: '/api/produtos', ...form });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      nome: PRODUTO_MESSAGES.nomeObrigatorio,
      preco: PRODUTO_MESSAGES.precoCreate,
    });
    expect(await arquivoCount()).toBe(before);
  });

  it('checks the type by content and the 5 MB limit', async () => {
    const before = await arquivoCount();
    const fake = multipart({ dados: JSON.stringify({ nome: 'Falsa' }) }, [
      {
        field: 'fotos',
        name: 'foto.png',
        type: 'image/png',
        content: Buffer.from('não sou uma imagem'),
      },
    ]);
    const fakeResponse = await ctx.request({ method: 'POST', url: '/api/produtos', ...fake });
    expect(fakeResponse.statusCode).toBe(415);
    expect(fakeResponse.json().message).toContain('JPG/JPEG, PNG, GIF, WebP');

    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    PNG.copy(big);
    const large = multipart({ dados: JSON.stringify({ nome: 'Grande' }) }, [
      { field: 'fotos', name: 'grande.png', type: 'image/png', content: big },
    ]);
    const largeResponse = await ctx.request({ method: 'POST', url: '/api/produtos', ...large });
    expect(largeResponse.statusCode).toBe(413);

    const names = (await ctx.request({ method: 'GET', url: '/api/produtos' }))
      .json<Array<Json>>()
      .map((p) => p.nome);
    expect(names).not.toContain('Falsa');
    expect(names).not.toContain('Grande');
    expect(await arquivoCount()).toBe(before);
  });

  it('adds and removes photos of an existing product, at most 10', async () => {
    const produto = await createOk({ nome: 'Fotos depois' });
    const url = `/api/produtos/${produto.id}/fotos`;
    const added = await ctx.request({
      method: 'POST',
      url,
      ...multipart({}, [{ field: 'fotos', name: 'a.png', type: 'image/png', content: PNG }]),
    });
    expect(added.statusCode, added.body).toBe(201);
    const [foto] = added.json<Array<{ id: number }>>();
    expect((await get(produto.id)).json().foto_id).toBe(foto!.id);

    const tooMany = await ctx.request({
      method: 'POST',
      url,
      ...multipart(
        {},
        Array.from({ length: 10 }, (_, index) => ({
          field: 'fotos',
          name: `${index}.png`,
          type: 'image/png',
          content: PNG,
        })),
      ),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(tooManyFotos());

    const none = await ctx.request({ method: 'POST', url, ...multipart({}, []) });
    expect(none.statusCode).toBe(400);
    const json = await ctx.request({ method: 'POST', url, payload: {} });
    expect(json.statusCode).toBe(400);
    const missing = await ctx.request({
      method: 'POST',
      url: '/api/produtos/999999/fotos',
      ...multipart({}, [{ field: 'fotos', name: 'a.png', type: 'image/png', content: PNG }]),
    });
    expect(missing.statusCode).toBe(404);

    const before = await arquivoCount();
    const removed = await ctx.request({ method: 'DELETE', url: `${url}/${foto!.id}` });
    expect(removed.statusCode).toBe(204);
    expect(await arquivoCount()).toBe(before - 1);
    expect((await get(produto.id)).json()).toMatchObject({ foto_id: null, fotos: [] });
    expect((await ctx.request({ method: 'GET', url: `${url}/${foto!.id}` })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'DELETE', url: `${url}/${foto!.id}` })).statusCode).toBe(
      404,
    );
  });

  it('does not serve a photo through another product', async () => {
    const owner = await createOk({ nome: 'Dono da foto' });
    const other = await createOk({ nome: 'Outro produto' });
    const added = await ctx.request({
      method: 'POST',
      url: `/api/produtos/${owner.id}/fotos`,
      ...multipart({}, [{ field: 'fotos', name: 'a.png', type: 'image/png', content: PNG }]),
    });
    const [foto] = added.json<Array<{ id: number }>>();
    const response = await ctx.request({
      method: 'GET',
      url: `/api/produtos/${other.id}/fotos/${foto!.id}`,
    });
    expect(response.statusCode).toBe(404);
  });

  it("deletes a product's photo files with it", async () => {
    const form = multipart({ dados: JSON.stringify({ nome: 'Apagar com fotos' }) }, [
      { field: 'fotos', name: 'a.png', type: 'image/png', content: PNG },
    ]);
    const produto = (await ctx.request({ method: 'POST', url: '/api/produtos', ...form })).json();
    const arquivoIds = await ctx.database.db
      .select({ id: arquivos.id })
      .from(arquivos)
      .where(eq(arquivos.nome, 'a.png'));
    const before = await arquivoCount();
    await ctx.request({ method: 'DELETE', url: `/api/produtos/${produto.id}` });
    expect(await arquivoCount()).toBe(before - 1);
    expect(arquivoIds.length).toBeGreaterThan(0);
  });
});
