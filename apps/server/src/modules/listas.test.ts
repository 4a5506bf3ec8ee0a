import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearch } from '@prumo/shared/search';
import { createTestContext, type TestContext } from '../test/test-app';
import { cadastros } from './cadastros/cadastros.table';

/*
 * Sorted and paged lists (issue 17): every list takes `sort`/`order` from its whitelist, breaks
 * ties by id in the same direction (so pages never repeat or skip a row), answers one page with
 * X-Total-Count when asked and refuses an unknown key in pt-BR. The lists read the demo data;
 * the small ones and the registry also get rows of their own, tagged, for the search.
 */

let ctx: TestContext;
const T = `LST${Date.now().toString(36).toUpperCase()}`;

type Item = { id: number } & Record<string, unknown>;

async function get(url: string) {
  const response = await ctx.request({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  const header = response.headers['x-total-count'];
  return {
    items: response.json<Item[]>(),
    total: header === undefined ? undefined : Number(header),
  };
}

async function post(url: string, payload: Record<string, unknown>): Promise<number> {
  const response = await ctx.request({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const join = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/**
 * How a key's values compare: numbers and ISO dates as they are; texts by the first character of
 * their accent-free lower case (a rule every collation agrees on). Nulls come last ascending.
 */
type Kind = 'valor' | 'texto';
function compare(a: unknown, b: unknown, kind: Kind): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (kind === 'texto') {
    const [x, y] = [normalizeSearch(String(a)).charAt(0), normalizeSearch(String(b)).charAt(0)];
    return x === y ? 0 : x < y ? -1 : 1;
  }
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

/**
 * Each row in order by the key, and rows with the same value (and the same `desempate`, the
 * key's further columns) in order by id.
 */
function expectSorted(items: Item[], [field, kind, ...desempate]: Sort, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  for (let i = 1; i < items.length; i++) {
    const [previous, current] = [items[i - 1]!, items[i]!];
    const byValue = sign * compare(previous[field], current[field], kind);
    expect(
      byValue,
      `${field}: ${String(previous[field])} / ${String(current[field])}`,
    ).toBeLessThanOrEqual(0);
    if ([field, ...desempate].every((column) => previous[column] === current[column])) {
      expect(sign * (previous.id - current.id), `${field} empatado`).toBeLessThan(0);
    }
  }
}

/** The field a sort key orders by, how it compares, and the key's further columns. */
type Sort = [field: string, kind: Kind, ...desempate: string[]];

interface Lista {
  url: string;
  sorts: Record<string, Sort>;
  /** Keys whose order no field of the row shows (checked for the message only). */
  outras?: string[];
}

const LISTAS: Lista[] = [
  {
    url: '/api/vendas',
    sorts: {
      data: ['data_venda', 'valor'],
      numero: ['numero', 'valor'],
      cliente: ['cliente_nome', 'texto'],
      valor: ['valor_final', 'valor'],
    },
  },
  {
    url: '/api/ordens-servico',
    sorts: {
      data: ['data_entrada', 'valor'],
      numero: ['numero', 'valor'],
      prazo: ['prazo', 'valor'],
      valor: ['valor_total', 'valor'],
    },
  },
  {
    url: '/api/orcamentos',
    sorts: {
      data: ['data', 'valor'],
      numero: ['numero', 'valor'],
      cliente: ['cliente_nome', 'texto'],
      valor: ['valor_total', 'valor'],
      validade: ['data_vencimento', 'valor'],
    },
  },
  {
    url: '/api/estoque/movimentacoes',
    sorts: { data: ['data', 'valor'], quantidade: ['quantidade', 'valor'] },
  },
  {
    url: '/api/financeiro/titulos',
    sorts: {
      descricao: ['descricao', 'texto'],
      valor: ['valor', 'valor'],
      competencia: ['competencia', 'valor'],
    },
    outras: ['vencimento'],
  },
  {
    url: '/api/servicos',
    sorts: {
      nome: ['nome', 'texto'],
      categoria: ['categoria', 'texto', 'nome'],
      preco: ['preco', 'valor'],
      duracao: ['duracao', 'valor'],
    },
  },
  {
    url: '/api/cadastros?tipo=cliente',
    sorts: { nome: ['nome', 'texto'], email: ['email', 'texto'] },
  },
  {
    url: '/api/categorias',
    sorts: { nome: ['nome', 'texto'], produtos: ['total_produtos', 'valor'] },
  },
  { url: '/api/etiquetas', sorts: { nome: ['nome', 'texto'] } },
  { url: '/api/tabelas-precos', sorts: { nome: ['nome', 'texto'] } },
  { url: '/api/custos-adicionais', sorts: { nome: ['nome', 'texto'] } },
  { url: '/api/usuarios', sorts: { nome: ['nome', 'texto'], email: ['email', 'texto'] } },
];

beforeAll(async () => {
  ctx = await createTestContext();
  // Rows of this file: one "Ação" per small list (the accent search), and in the registry and
  // the services two rows with the same sort value (the tie broken by id).
  await post('/api/categorias', { nome: `Ação ${T}` });
  await post('/api/categorias', { nome: `Bala ${T}` });
  await post('/api/tabelas-precos', { nome: `Ação ${T}` });
  await post('/api/custos-adicionais', { nome: `Ação ${T}`, valor_percentual: 5 });
  await post('/api/usuarios', {
    nome: `João Ação ${T}`,
    email: `acao.${T.toLowerCase()}@empresa.com.br`,
    role: 'user',
    senha: 'senha-forte-1',
  });
  // Written straight to the table: the registry's own tests cover its create route.
  await ctx.database.db
    .insert(cadastros)
    .values(
      [`Ação ${T}`, `Ação ${T}`, `Bola ${T}`].map((nome) => ({ tipo: 'cliente' as const, nome })),
    );
  for (const nome of [`Ação ${T} 1`, `Ação ${T} 2`]) {
    await post('/api/servicos', { nome, preco: 50, duracao: 30 });
  }
});

afterAll(() => ctx?.close());

describe.each(LISTAS)('GET $url', ({ url, sorts, outras = [] }) => {
  it.each(Object.entries(sorts))('sorts by %s both ways, ties by id', async (key, sort) => {
    const asc = await get(join(url, `sort=${key}&order=asc&limit=500`));
    const desc = await get(join(url, `sort=${key}&order=desc&limit=500`));
    expect(asc.items.length).toBeGreaterThan(1);
    expectSorted(asc.items, sort, 'asc');
    expectSorted(desc.items, sort, 'desc');
    expect(asc.total).toBe(desc.total);
    if (asc.total! <= 500) {
      expect(desc.items.map((item) => item.id)).toEqual(asc.items.map((item) => item.id).reverse());
    }
  });

  it('pages a sort without repeating or skipping a row, with X-Total-Count', async () => {
    const [key] = Object.keys(sorts);
    const whole = await get(join(url, `sort=${key}&order=desc&limit=500`));
    const pages = [];
    for (let offset = 0; offset < 6; offset += 2) {
      const page = await get(join(url, `sort=${key}&order=desc&limit=2&offset=${offset}`));
      expect(page.total).toBe(whole.total);
      pages.push(...page.items.map((item) => item.id));
    }
    expect(pages).toEqual(whole.items.slice(0, 6).map((item) => item.id));
  });

  it('refuses an unknown sort key or direction in pt-BR', async () => {
    for (const [query, message] of [
      ['sort=id;DROP TABLE x', 'Ordenação inválida: use '],
      ['sort=senha_hash', 'Ordenação inválida'],
      ['order=up', 'Direção inválida: use asc ou desc'],
    ] as const) {
      const response = await ctx.request({ method: 'GET', url: join(url, query) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    // The message names the whole whitelist.
    const response = await ctx.request({ method: 'GET', url: join(url, 'sort=x') });
    const { message } = response.json<{ message: string }>();
    expect(
      message
        .replace(/.*use /, '')
        .split(', ')
        .sort(),
    ).toEqual([...Object.keys(sorts), ...outras].sort());
  });
});

describe('search and the whole array of the small lists', () => {
  const pequenas = [
    '/api/categorias',
    '/api/tabelas-precos',
    '/api/custos-adicionais',
    '/api/usuarios',
    '/api/cadastros?tipo=cliente',
    '/api/servicos',
  ];

  it.each(pequenas)('%s: q ignores accents and case', async (url) => {
    const found = await get(join(url, `q=${encodeURIComponent(`acao ${T.toLowerCase()}`)}`));
    expect(found.total).toBeUndefined();
    expect(found.items.length).toBeGreaterThan(0);
    for (const item of found.items) {
      expect(normalizeSearch(String(item.nome))).toContain(`acao ${T.toLowerCase()}`);
    }
  });

  it.each(pequenas)('%s: without limit, the whole array and no X-Total-Count', async (url) => {
    const whole = await get(url);
    expect(whole.total).toBeUndefined();
    const paged = await get(join(url, 'limit=1'));
    expect(paged.total).toBe(whole.items.length);
    expect(paged.items.map((item) => item.id)).toEqual([whole.items[0]!.id]);
  });

  it('finds a user by e-mail too', async () => {
    const found = await get(`/api/usuarios?q=${encodeURIComponent(`ACAO.${T}@`)}`);
    expect(found.items.map((item) => item.nome)).toEqual([`João Ação ${T}`]);
  });

  it('keeps rows with the same name in id order both ways', async () => {
    const q = `q=${encodeURIComponent(`acao ${T}`)}`;
    const asc = await get(`/api/cadastros?tipo=cliente&${q}&sort=nome&order=asc`);
    const desc = await get(`/api/cadastros?tipo=cliente&${q}&sort=nome&order=desc`);
    const ids = asc.items.map((item) => item.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]!).toBeLessThan(ids[1]!);
    expect(desc.items.map((item) => item.id)).toEqual([...ids].reverse());
  });

  it('counts only what the search finds', async () => {
    const page = await get(`/api/categorias?q=${T}&limit=1&sort=nome&order=desc`);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.nome)).toEqual([`Bala ${T}`]);
  });
});
