import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECURSOS_AUDITORIA, type AuditoriaEntrada } from '@prumo/shared/auditoria';
import { todayISO } from '@prumo/shared/dates';
import { categorias } from '../categorias/categorias.table';
import {
  ADMIN_EMAIL,
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';
import { comAuditoria } from './auditoria.repository';

type Json = Record<string, unknown>;

let ctx: TestContext;
let seq = 0;
const tag = () => `${Date.now().toString(36)}${seq++}`;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

async function totalAuditoria(): Promise<number> {
  const result = await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM auditoria`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

async function historico(recurso: string, id: number | string): Promise<AuditoriaEntrada[]> {
  const response = await ctx.request({ method: 'GET', url: `/api/auditoria/${recurso}/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditoriaEntrada[]>();
}

/** One resource of every module: how to create, change and delete a record through the API. */
const RESOURCES: Array<{ recurso: string; url: string; create: () => Json; update: Json }> = [
  {
    recurso: 'categorias',
    url: '/api/categorias',
    create: () => ({ nome: `Grupo ${tag()}` }),
    update: { nome: 'Grupo renomeado' },
  },
  {
    recurso: 'custos-adicionais',
    url: '/api/custos-adicionais',
    create: () => ({ nome: `Frete ${tag()}`, valor_percentual: 2 }),
    update: { nome: 'Frete novo', valor_percentual: 3 },
  },
  {
    recurso: 'tabelas-precos',
    url: '/api/tabelas-precos',
    create: () => ({ nome: `Atacado ${tag()}` }),
    update: { nome: 'Atacado novo' },
  },
  {
    recurso: 'etiquetas',
    url: '/api/etiquetas',
    create: () => ({ nome: `Gôndola ${tag()}` }),
    update: { nome: 'Gôndola nova' },
  },
  {
    recurso: 'servicos',
    url: '/api/servicos',
    create: () => ({ nome: `Conserto ${tag()}`, preco: 50 }),
    update: { nome: 'Conserto geral', preco: 60 },
  },
  {
    recurso: 'produtos',
    url: '/api/produtos',
    create: () => ({ nome: `Caneta ${tag()}`, custo: 1.5 }),
    update: { nome: 'Caneta azul', custo: 2 },
  },
  {
    recurso: 'cadastros',
    url: '/api/cadastros',
    create: () => ({ tipo: 'cliente', tipo_cliente: 'pessoa-fisica', nome: `Cliente ${tag()}` }),
    update: { tipo: 'cliente', nome: 'Cliente renomeado' },
  },
];

describe('audit trail of every module', () => {
  it.each(RESOURCES)(
    '$recurso: one entry per create, update and delete, with who and before/after',
    async (resource) => {
      const created = await ctx.request({
        method: 'POST',
        url: resource.url,
        payload: resource.create(),
        as: MANAGER_EMAIL,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: number }>().id;
      const updated = await ctx.request({
        method: 'PUT',
        url: `${resource.url}/${id}`,
        payload: resource.update,
        as: MANAGER_EMAIL,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const removed = await ctx.request({
        method: 'DELETE',
        url: `${resource.url}/${id}`,
        as: MANAGER_EMAIL,
      });
      expect(removed.statusCode, removed.body).toBe(204);

      const entries = await historico(resource.recurso, id);
      expect(entries.map((entry) => entry.acao)).toEqual(['excluir', 'atualizar', 'criar']);
      for (const entry of entries) {
        expect(entry).toMatchObject({
          usuario_nome: 'Gustavo Gerente',
          recurso: resource.recurso,
          registro_id: String(id),
        });
        expect(entry.usuario_id).toEqual(expect.any(Number));
      }
      const [excluir, atualizar, criar] = entries;
      expect(criar!.antes).toBeNull();
      expect(criar!.depois).toMatchObject({ id });
      expect(atualizar!.antes).toMatchObject({ nome: criar!.depois!.nome });
      expect(atualizar!.depois).toMatchObject({ nome: resource.update.nome });
      expect(excluir!.antes).toMatchObject({ nome: resource.update.nome });
      expect(excluir!.depois).toBeNull();
    },
  );

  it('writes nothing for a refused request', async () => {
    const before = await totalAuditoria();
    const refused = [
      await ctx.request({ method: 'POST', url: '/api/categorias', payload: { nome: '\u202E' } }),
      await ctx.request({
        method: 'PUT',
        url: '/api/produtos/1',
        payload: { nome: 'x', custo: -1 },
      }),
      await ctx.request({ method: 'DELETE', url: '/api/categorias/1' }),
      await ctx.request({
        method: 'POST',
        url: '/api/estoque/movimentacoes',
        payload: { tipo: 'saida', produto_id: 1, quantidade: 1e9, motivo: 'Venda' },
      }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([400, 400, 409, 409]);
    expect(await totalAuditoria()).toBe(before);
  });

  it('records a stock movement and the stock it moved, and skips an update that changes nothing', async () => {
    const produto = await ctx.request({
      method: 'POST',
      url: '/api/produtos',
      payload: { nome: `Lápis ${tag()}`, estoque: 5 },
    });
    const { id } = produto.json<{ id: number }>();
    const movimento = await ctx.request({
      method: 'POST',
      url: '/api/estoque/movimentacoes',
      payload: { tipo: 'saida', produto_id: id, quantidade: 2, motivo: 'Venda balcão' },
      as: USER_EMAIL,
    });
    expect(movimento.statusCode, movimento.body).toBe(201);
    const [entry] = await historico('estoque-movimentacoes', movimento.json<{ id: number }>().id);
    expect(entry).toMatchObject({
      acao: 'criar',
      usuario_nome: 'Vera Vendedora',
      depois: { tipo: 'saida', quantidade: 2 },
    });
    const [stock] = await historico('produtos', id);
    expect(stock).toMatchObject({
      acao: 'atualizar',
      antes: { estoque: 5 },
      depois: { estoque: 3 },
    });

    const count = await totalAuditoria();
    const same = await ctx.request({
      method: 'PUT',
      url: `/api/produtos/${id}`,
      payload: { nome: produto.json<{ nome: string }>().nome },
    });
    expect(same.statusCode).toBe(200);
    expect(await totalAuditoria()).toBe(count);
  });

  it('names a record of a composite key by its columns joined with ":"', async () => {
    const produto = await ctx.request({
      method: 'POST',
      url: '/api/produtos',
      payload: { nome: `Régua ${tag()}`, custo: 2 },
    });
    const tabela = await ctx.request({
      method: 'POST',
      url: '/api/tabelas-precos',
      payload: { nome: `Varejo ${tag()}` },
    });
    const produtoId = produto.json<{ id: number }>().id;
    const tabelaId = tabela.json<{ id: number }>().id;
    await ctx.database.db.execute(
      sql`INSERT INTO produto_precos (produto_id, tabela_preco_id, margem)
          VALUES (${produtoId}, ${tabelaId}, 10)
          ON CONFLICT (produto_id, tabela_preco_id) DO UPDATE SET margem = 10`,
    );
    const rows = await ctx.database.db.execute(
      sql`SELECT registro_id FROM auditoria WHERE recurso = 'produtos-precos' ORDER BY id DESC LIMIT 1`,
    );
    expect((rows as unknown as { rows: Array<{ registro_id: string }> }).rows[0]).toEqual({
      registro_id: `${produtoId}:${tabelaId}`,
    });
  });

  it('never copies file bytes nor search columns', async () => {
    const produto = await ctx.request({
      method: 'POST',
      url: '/api/produtos',
      payload: { nome: `Foto ${tag()}` },
    });
    const [criar] = await historico('produtos', produto.json<{ id: number }>().id);
    expect(Object.keys(criar!.depois!)).not.toContain('nome_busca');
    const rows = await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'arquivos' AND depois ? 'conteudo'`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('commits or rolls back together with the change', async () => {
    const before = await totalAuditoria();
    const nome = `Revertido ${tag()}`;
    await expect(
      comAuditoria(ctx.database.db, { id: 1, nome: 'Teste' }, async (tx) => {
        await tx.insert(categorias).values({ nome });
        throw new Error('falha depois da gravação');
      }),
    ).rejects.toThrow('falha depois da gravação');
    expect(await totalAuditoria()).toBe(before);
    const grupos = await ctx.request({ method: 'GET', url: '/api/categorias' });
    expect(grupos.json<Json[]>().some((grupo) => grupo.nome === nome)).toBe(false);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    await ctx.request({
      method: 'POST',
      url: '/api/categorias',
      payload: { nome: `Fixo ${tag()}` },
    });
    await expect(
      ctx.database.db.execute(sql`UPDATE auditoria SET acao = 'criar'`),
    ).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`DELETE FROM auditoria`)).rejects.toThrow();
  });
});

describe('audited resources', () => {
  it('names every audited table in the resource list the screens filter by', async () => {
    const result = (await ctx.database.db.execute(sql`
      SELECT DISTINCT split_part(encode(tgargs, 'escape'), '\\000', 1) AS recurso
      FROM pg_trigger WHERE tgname = 'auditoria' ORDER BY 1`)) as unknown as {
      rows: Array<{ recurso: string }>;
    };
    const comGatilho = result.rows.map((row) => row.recurso);
    expect(comGatilho.length).toBeGreaterThan(10);
    expect([...RECURSOS_AUDITORIA].sort()).toEqual(comGatilho.sort());
  });
});

describe('GET /api/auditoria', () => {
  it('filters by resource, record, user, action, period and text, newest first, paged', async () => {
    const nome = `Auditado ${tag()}`;
    const created = await ctx.request({
      method: 'POST',
      url: '/api/categorias',
      payload: { nome },
      as: MANAGER_EMAIL,
    });
    const { id } = created.json<{ id: number }>();
    await ctx.request({
      method: 'PUT',
      url: `/api/categorias/${id}`,
      payload: { nome: `${nome} 2` },
      as: ADMIN_EMAIL,
    });

    const list = (query: string) => ctx.request({ method: 'GET', url: `/api/auditoria?${query}` });
    const byRecord = await list(`recurso=categorias&registro_id=${id}`);
    expect(byRecord.statusCode).toBe(200);
    expect(byRecord.headers['x-total-count']).toBe('2');
    expect(
      byRecord.json<AuditoriaEntrada[]>().map((entry) => [entry.acao, entry.usuario_nome]),
    ).toEqual([
      ['atualizar', 'Ana Administradora'],
      ['criar', 'Gustavo Gerente'],
    ]);
    const criar = byRecord.json<AuditoriaEntrada[]>()[1]!;
    const byUser = await list(
      `recurso=categorias&registro_id=${id}&usuario_id=${criar.usuario_id}`,
    );
    expect(byUser.json<AuditoriaEntrada[]>().map((entry) => entry.acao)).toEqual(['criar']);
    const byAction = await list(`recurso=categorias&acao=atualizar&registro_id=${id}`);
    expect(byAction.headers['x-total-count']).toBe('1');
    const today = todayISO();
    expect(
      (await list(`registro_id=${id}&recurso=categorias&de=${today}&ate=${today}`)).headers[
        'x-total-count'
      ],
    ).toBe('2');
    expect(
      (await list(`registro_id=${id}&recurso=categorias&ate=2020-01-01`)).headers['x-total-count'],
    ).toBe('0');
    const text = await list(`q=gerente&recurso=categorias&registro_id=${id}`);
    expect(text.headers['x-total-count']).toBe('1');
    const page = await list('limit=1&offset=1');
    expect(page.json<AuditoriaEntrada[]>()).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
  });

  it('refuses bad filters with pt-BR messages', async () => {
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/auditoria?recurso=nada&de=2026-13-01&limit=500',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      recurso: 'Recurso inválido',
      de: 'Use uma data no formato aaaa-mm-dd',
      limit: 'O limite máximo é 200',
    });
  });
});
