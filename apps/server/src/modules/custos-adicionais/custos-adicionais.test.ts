import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTO_ADICIONAL_MESSAGES } from '@prumo/shared/precos';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const tag = () => Math.random().toString(36).slice(2, 8);

async function createCusto(payload: Record<string, unknown>) {
  const response = await ctx.request({ method: 'POST', url: '/api/custos-adicionais', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; nome: string }>();
}

describe('POST /api/custos-adicionais', () => {
  it('creates a percentual cost by default and answers section 3.6', async () => {
    const nome = `Taxa de cartão ${tag()}`;
    const response = await ctx.request({
      method: 'POST',
      url: '/api/custos-adicionais',
      payload: { nome: ` ${nome} `, descricao: 'Crédito à vista', valor_percentual: 3.49 },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      nome,
      descricao: 'Crédito à vista',
      tipo: 'percentual',
      valor_percentual: 3.49,
      valor_fixo: null,
      total_tabelas: 0,
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'created_at',
        'descricao',
        'id',
        'nome',
        'tipo',
        'total_tabelas',
        'valor_fixo',
        'valor_percentual',
      ].sort(),
    );
    const read = await ctx.request({ method: 'GET', url: `/api/custos-adicionais/${body.id}` });
    expect(read.json()).toEqual(body);
  });

  it('creates a fixo cost and keeps only its value', async () => {
    const custo = await createCusto({
      nome: `Frete ${tag()}`,
      tipo: 'fixo',
      valor_fixo: 2.5,
      valor_percentual: 10,
    });
    expect(custo).toMatchObject({ tipo: 'fixo', valor_fixo: 2.5, valor_percentual: null });
  });

  it("answers the spec's validation messages", async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ nome: '  ', valor_percentual: 1 }, { nome: CUSTO_ADICIONAL_MESSAGES.nomeObrigatorio }],
      [
        { nome: 'X', valor_percentual: 0 },
        { valor_percentual: 'Valor percentual deve ser maior que zero' },
      ],
      [
        { nome: 'X', tipo: 'percentual' },
        { valor_percentual: 'Valor percentual deve ser maior que zero' },
      ],
      [
        { nome: 'X', tipo: 'fixo', valor_fixo: 0 },
        { valor_fixo: 'Valor fixo deve ser maior que zero' },
      ],
      [
        { nome: 'X', tipo: 'fixo', valor_fixo: -3 },
        { valor_fixo: 'Valor fixo deve ser maior que zero' },
      ],
      [
        { nome: 'X', tipo: 'outro', valor_percentual: 1 },
        { tipo: CUSTO_ADICIONAL_MESSAGES.tipoInvalido },
      ],
    ];
    for (const [payload, fields] of cases) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/custos-adicionais',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', fields });
      expect(response.json().message).toBe(Object.values(fields)[0]);
    }
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/custos-adicionais',
      payload: { nome: 'X', valor_percentual: 1, total_tabelas: 3 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ total_tabelas: 'Campo não permitido' });
  });

  it('refuses a duplicate name, ignoring case and accents', async () => {
    const nome = `Comissão ${tag()}`;
    await createCusto({ nome, valor_percentual: 5 });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/custos-adicionais',
      payload: { nome: nome.toUpperCase().replace('Ã', 'A'), valor_percentual: 5 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'DUPLICADO',
      message: CUSTO_ADICIONAL_MESSAGES.nomeDuplicado,
      fields: { nome: CUSTO_ADICIONAL_MESSAGES.nomeDuplicado },
    });
  });
});

describe('GET /api/custos-adicionais', () => {
  it('sorts the pt-BR way and counts the tables that use each cost', async () => {
    const suffix = tag();
    const embalagem = await createCusto({
      nome: `Embalagem ${suffix}`,
      tipo: 'fixo',
      valor_fixo: 0.8,
    });
    const agua = await createCusto({ nome: `Água ${suffix}`, valor_percentual: 1 });
    for (const nome of [`Tabela A ${suffix}`, `Tabela B ${suffix}`]) {
      const tabela = await ctx.request({
        method: 'POST',
        url: '/api/tabelas-precos',
        payload: { nome, custos_adicionais: [embalagem.id] },
      });
      expect(tabela.statusCode).toBe(201);
    }
    const list = (await ctx.request({ method: 'GET', url: '/api/custos-adicionais' })).json<
      Array<{ id: number; nome: string; total_tabelas: number }>
    >();
    const names = list.map((custo) => custo.nome);
    expect(names.indexOf(agua.nome)).toBeLessThan(names.indexOf(embalagem.nome));
    expect(list.find((custo) => custo.id === embalagem.id)?.total_tabelas).toBe(2);
    expect(list.find((custo) => custo.id === agua.id)?.total_tabelas).toBe(0);
  });
});

describe('PUT and DELETE /api/custos-adicionais/{id}', () => {
  it('changes type and value', async () => {
    const custo = await createCusto({ nome: `Seguro ${tag()}`, valor_percentual: 2 });
    const response = await ctx.request({
      method: 'PUT',
      url: `/api/custos-adicionais/${custo.id}`,
      payload: { nome: custo.nome, tipo: 'fixo', valor_fixo: 1.99 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tipo: 'fixo',
      valor_fixo: 1.99,
      valor_percentual: null,
    });
    // Left out, the value stays; sent as null, it is cleared and the rule of the type applies.
    const mantido = await ctx.request({
      method: 'PUT',
      url: `/api/custos-adicionais/${custo.id}`,
      payload: { descricao: 'Só a descrição' },
    });
    expect(mantido.json()).toMatchObject({
      nome: custo.nome,
      descricao: 'Só a descrição',
      tipo: 'fixo',
      valor_fixo: 1.99,
    });
    const invalid = await ctx.request({
      method: 'PUT',
      url: `/api/custos-adicionais/${custo.id}`,
      payload: { tipo: 'fixo', valor_fixo: null },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(CUSTO_ADICIONAL_MESSAGES.fixoPositivo);
    const missing = await ctx.request({
      method: 'PUT',
      url: '/api/custos-adicionais/999999',
      payload: { nome: 'X', valor_percentual: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CUSTO_ADICIONAL_MESSAGES.naoEncontrado);
  });

  it('deletes a cost still linked to a table by unlinking it', async () => {
    const custo = await createCusto({ nome: `Taxa ${tag()}`, valor_percentual: 4 });
    const tabela = (
      await ctx.request({
        method: 'POST',
        url: '/api/tabelas-precos',
        payload: { nome: `Com taxa ${tag()}`, custos_adicionais: [custo.id] },
      })
    ).json<{ id: number; custos_adicionais: number[] }>();
    expect(tabela.custos_adicionais).toEqual([custo.id]);
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/custos-adicionais/${custo.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const after = await ctx.request({ method: 'GET', url: `/api/tabelas-precos/${tabela.id}` });
    expect(after.json().custos_adicionais).toEqual([]);
    const again = await ctx.request({
      method: 'DELETE',
      url: `/api/custos-adicionais/${custo.id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('is open to every signed-in role and closed without a token', async () => {
    const asUser = await ctx.request({
      method: 'POST',
      url: '/api/custos-adicionais',
      payload: { nome: `Do vendedor ${tag()}`, valor_percentual: 1 },
      as: USER_EMAIL,
    });
    expect(asUser.statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', '/api/custos-adicionais'],
      ['GET', '/api/custos-adicionais/1'],
      ['POST', '/api/custos-adicionais'],
      ['PUT', '/api/custos-adicionais/1'],
      ['DELETE', '/api/custos-adicionais/1'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: { nome: 'X' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
