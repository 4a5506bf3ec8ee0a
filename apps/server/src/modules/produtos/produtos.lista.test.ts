import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gtinCheckDigit, produtoListItemSchema, PRODUTOS_LIMIT_MAX } from '@prumo/shared/produtos';
import { selectRows } from '../../db/sql-helpers';
import { createTestContext, type TestContext } from '../../test/test-app';
import { listProdutosJson, listProdutosSql } from './produtos.repository';

/*
 * GET /api/produtos with search, filters, sort and paging (issue 17): the screens ask the server
 * for one page instead of downloading the whole catalogue.
 */

let ctx: TestContext;

/** A tag in every name and code of this file's products, so the demo catalogue stays out. */
const T = `LST${Date.now().toString(36).toUpperCase()}`;
const barcodeB = (() => {
  const body = `789${String(Date.now()).slice(-9)}`;
  return body + gtinCheckDigit(body);
})();

type Item = { id: number; nome: string } & Record<string, unknown>;
const ids: Record<'A' | 'B' | 'C' | 'D' | 'E', number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
let grupo1 = 0;
let grupo2 = 0;

async function post(url: string, payload: Record<string, unknown>): Promise<number> {
  const response = await ctx.request({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  grupo1 = await post('/api/categorias', { nome: `Grupo A ${T}` });
  grupo2 = await post('/api/categorias', { nome: `Grupo B ${T}` });
  const produto = (payload: Record<string, unknown>) => post('/api/produtos', payload);
  // By name (accents and case ignored): A, C, E, B, D.
  ids.A = await produto({
    nome: `Ação Tag ${T}`,
    codigo_interno: `${T}-A`,
    preco: 10,
    estoque: 5,
    estoque_minimo: 5,
    categoria_id: grupo1,
  });
  ids.B = await produto({
    nome: `Pão de Queijo ${T}`,
    codigo_interno: `${T}-B`,
    codigo_barras: barcodeB,
    preco: 3.5,
    estoque: 20,
    estoque_minimo: 2,
    categoria_id: grupo2,
  });
  ids.C = await produto({
    nome: `Água Mineral ${T}`,
    preco: 2,
    estoque: 0,
    estoque_minimo: 0,
    movimenta_estoque: false,
    categoria_id: grupo1,
  });
  ids.D = await produto({
    nome: `Zebu Carne ${T}`,
    codigo_interno: `${T}-D`,
    preco: 30,
    estoque: 8,
    estoque_minimo: 1,
    ativo: false,
    categoria_id: grupo2,
  });
  ids.E = await produto({
    nome: `bolo de fubá ${T}`,
    codigo_interno: `${T}-E`,
    preco: 10,
    estoque: 1,
    estoque_minimo: 3,
    categoria_id: grupo1,
  });
});
afterAll(() => ctx?.close());

async function list(query: string) {
  const response = await ctx.request({ method: 'GET', url: `/api/produtos?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { items: response.json<Item[]>(), total: response.headers['x-total-count'] };
}

/** The letters of this file's products in the answer's order. */
async function letters(query: string): Promise<string> {
  const { items } = await list(`q=${T}&${query}`);
  const byId = new Map(Object.entries(ids).map(([letter, id]) => [id, letter]));
  return items.map((item) => byId.get(item.id) ?? '?').join('');
}

describe('GET /api/produtos: search', () => {
  it('finds nome, codigo_interno and codigo_barras ignoring accents and case', async () => {
    expect(await letters('')).toBe('ACEBD');
    const find = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).items.map((item) => item.nome);
    expect(await find(`ACAO TAG ${T.toLowerCase()}`)).toEqual([`Ação Tag ${T}`]);
    expect(await find(`agua mineral ${T}`)).toEqual([`Água Mineral ${T}`]);
    expect(await find(`BOLO DE FUBA ${T}`)).toEqual([`bolo de fubá ${T}`]);
    expect(await find(`${T.toLowerCase()}-b`)).toEqual([`Pão de Queijo ${T}`]);
    expect(await find(barcodeB.slice(3, 11))).toEqual([`Pão de Queijo ${T}`]);
  });

  it('treats % and _ as plain characters and a blank term as no search', async () => {
    expect((await list(`q=${T}%25`)).items).toEqual([]);
    expect((await list(`q=${T.slice(0, 3)}_${T.slice(4)}`)).items).toEqual([]);
    const all = await list('');
    expect((await list('q=%20%20')).items).toEqual(all.items);
  });
});

describe('GET /api/produtos: filters', () => {
  it('filters by group, active, stock control, low stock and zero stock', async () => {
    expect(await letters(`categoria_id=${grupo1}`)).toBe('ACE');
    expect(await letters(`categoria_id=${grupo2}`)).toBe('BD');
    expect(await letters('ativo=false')).toBe('D');
    expect(await letters('ativo=true')).toBe('ACEB');
    expect(await letters('movimenta_estoque=false')).toBe('C');
    expect(await letters('movimenta_estoque=true')).toBe('AEBD');
    // At or below the minimum (the red stock of the screens).
    expect(await letters('abaixo_minimo=true')).toBe('ACE');
    expect(await letters('abaixo_minimo=false')).toBe('BD');
    expect(await letters('sem_estoque=true')).toBe('C');
    expect(await letters('sem_estoque=false')).toBe('AEBD');
    expect(await letters(`categoria_id=${grupo1}&abaixo_minimo=true&movimenta_estoque=true`)).toBe(
      'AE',
    );
  });
});

describe('GET /api/produtos: sort', () => {
  it('sorts by each whitelisted key, both ways, names breaking ties', async () => {
    expect(await letters('sort=nome')).toBe('ACEBD');
    expect(await letters('sort=nome&order=desc')).toBe('DBECA');
    expect(await letters('sort=preco')).toBe('CBAED');
    expect(await letters('sort=preco&order=desc')).toBe('DAEBC');
    expect(await letters('sort=estoque')).toBe('CEADB');
    expect(await letters('sort=estoque&order=desc')).toBe('BDAEC');
    expect(await letters('sort=estoque_minimo')).toBe('CDBEA');
    // Products without an internal code come last both ways.
    expect(await letters('sort=codigo')).toBe('ABDEC');
    expect(await letters('sort=codigo&order=desc')).toBe('EDBAC');
    expect(await letters('sort=categoria')).toBe('ACEBD');
    expect(await letters('sort=categoria&order=desc')).toBe('BDACE');
  });
});

describe('GET /api/produtos: paging', () => {
  it('answers one page from offset and the total in X-Total-Count', async () => {
    const page = (query: string) => list(`q=${T}&${query}`);
    const first = await page('limit=2');
    expect(first.total).toBe('5');
    expect(first.items.map((item) => item.id)).toEqual([ids.A, ids.C]);
    expect((await page('limit=2&offset=2')).items.map((item) => item.id)).toEqual([ids.E, ids.B]);
    expect((await page('limit=2&offset=4')).items.map((item) => item.id)).toEqual([ids.D]);
    const beyond = await page('limit=2&offset=10');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe('5');
    const sorted = await page('sort=preco&order=desc&limit=2&offset=1');
    expect(sorted.items.map((item) => item.id)).toEqual([ids.A, ids.E]);
    const filtered = await page(`abaixo_minimo=true&limit=1`);
    expect(filtered.total).toBe('3');
    expect(filtered.items.map((item) => item.id)).toEqual([ids.A]);
  });

  it('gives page rows the exact record of the full list (group name, photo)', async () => {
    const { items } = await list(`q=${T}&limit=5`);
    for (const item of items) produtoListItemSchema.strict().parse(item);
    const full = await list(`q=${T}`);
    expect(items).toEqual(full.items);
    expect(full.total).toBeUndefined();
    expect(items[0]).toMatchObject({ categoria_nome: `Grupo A ${T}`, foto_id: null });
  });

  it('reads a page and its total in one statement', async () => {
    const client = (
      ctx.database.db as unknown as { $client: { query: (...args: never[]) => unknown } }
    ).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      const answer = await listProdutosJson(ctx.database.db, { q: T, limit: 2, offset: 0 });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(answer.total).toBe(5);
      expect(JSON.parse(answer.data)).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/produtos without parameters', () => {
  it("keeps the spec's whole array, sorted by name, with no X-Total-Count", async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/produtos' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const all = response.json<Item[]>();
    expect(response.body).toBe((await listProdutosJson(ctx.database.db)).data);
    expect(all.length).toBeGreaterThan(10);
    for (const item of all) produtoListItemSchema.strict().parse(item);
    // The first page is the start of the whole list, with its size in the header.
    const page = await list(`limit=${PRODUTOS_LIMIT_MAX}`);
    expect(page.total).toBe(String(all.length));
    expect(page.items).toEqual(all.slice(0, PRODUTOS_LIMIT_MAX));
  });
});

describe('GET /api/produtos: bad parameters', () => {
  it('answers 400 with a pt-BR message, never 500', async () => {
    const bad = async (query: string) => {
      const response = await ctx.request({ method: 'GET', url: `/api/produtos?${query}` });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      return response.json<{ error: string; message: string }>();
    };
    expect((await bad('sort=senha')).message).toContain('Ordenação inválida');
    expect((await bad('sort=nome;DROP TABLE produtos')).message).toContain('Ordenação inválida');
    expect((await bad('order=up')).message).toContain('Use asc ou desc');
    expect((await bad('limit=0')).message).toContain('O limite deve estar entre 1 e 500');
    expect((await bad('limit=501')).message).toContain('O limite deve estar entre 1 e 500');
    expect((await bad('offset=-1')).message).toContain('Deslocamento inválido');
    expect((await bad('ativo=sim')).message).toContain('Use true ou false');
    expect((await bad('categoria_id=abc')).message).toContain('Grupo inválido');
    await bad('categoria_id=2147483648');
    await bad(`q=${'a'.repeat(101)}`);
    await bad('tipo=produto');
  });
});

describe('GET /api/produtos with 20,000 products', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    const trigramIndexes = ['produtos_nome_busca_trgm_idx', 'produtos_codigos_busca_trgm_idx'];
    // A bulk load is 4 times faster through the trigram indexes' pending list, merged afterwards
    // by VACUUM (the app keeps fastupdate off: PGlite has no autovacuum to merge it).
    for (const index of trigramIndexes) {
      await db.execute(sql.raw(`ALTER INDEX ${index} SET (fastupdate = on)`));
    }
    await db.transaction(async (tx) => {
      // No audit rows for the bulk load (the trigger is the only one on produtos).
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`
        INSERT INTO produtos (nome, codigo_interno, codigo_barras, preco, estoque, estoque_minimo, descricao)
        SELECT (ARRAY['Café', 'Açúcar', 'Feijão', 'Sabão', 'Pão', 'Água', 'Arroz', 'Óleo'])[1 + i % 8]
                 || ' ' || (ARRAY['Especial', 'Tradicional', 'Integral', 'Light'])[1 + i % 4]
                 || ' ' || i,
               'BULK-' || i, '2' || lpad(i::text, 12, '0'), 1 + i % 500, i % 50, 10,
               'Produto de carga ' || i
        FROM generate_series(1, 20000) AS i`);
    });
    for (const index of trigramIndexes) {
      await db.execute(sql.raw(`ALTER INDEX ${index} SET (fastupdate = off)`));
    }
    await db.execute(sql`VACUUM ANALYZE produtos`);
  }, 120_000);

  /** The plan of the list's statement, as text. */
  async function plan(query: Parameters<typeof listProdutosSql>[1]): Promise<string> {
    const rows = await selectRows<Record<string, string>>(
      ctx.database.db,
      sql`EXPLAIN ${listProdutosSql(ctx.database.db, query)}`,
    );
    return rows.map((row) => Object.values(row)[0]).join('\n');
  }

  it('reads the first page in name order from the btree index', async () => {
    const text = await plan({ limit: 50, offset: 0 });
    expect(text).toMatch(/Index (Only )?Scan( Backward)? using produtos_nome_busca_idx/);
    expect((await plan({ limit: 50, offset: 0, order: 'desc' })).includes('nome_busca_idx')).toBe(
      true,
    );
  });

  it('searches through the trigram indexes', async () => {
    const text = await plan({ q: 'feijao integral 1234', limit: 50, offset: 0 });
    expect(text).toMatch(/produtos_(nome|codigos)_busca_trgm_idx/);
    expect(text).not.toMatch(/Seq Scan on produtos/);
  });

  it('pages and counts the big catalogue correctly', async () => {
    const { items, total } = await list('q=feijao%20integral%201234&limit=50');
    expect(items.map((item) => item.nome)).toEqual([
      'Feijão Integral 1234',
      'Feijão Integral 12346',
    ]);
    expect(total).toBe('2');
    const first = await list('limit=50');
    expect(Number(first.total)).toBeGreaterThan(20_000);
    expect(first.items).toHaveLength(50);
  });
});
