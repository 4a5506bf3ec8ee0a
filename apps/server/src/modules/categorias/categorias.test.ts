import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIA_PADRAO_NOME, PRODUTO_MESSAGES } from '@prumo/shared/produtos';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { CATEGORIA_MESSAGES } from './categorias.repository';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function createGrupo(nome: string, descricao?: string) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/categorias',
    payload: { nome, descricao },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; nome: string }>();
}

describe('GET /api/categorias', () => {
  it("has 'Categoria Padrão' as id 1 with id, nome, descricao, created_at and total_produtos", async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/categorias' });
    expect(response.statusCode).toBe(200);
    const padrao = response.json<Array<Record<string, unknown>>>().find((c) => c.id === 1);
    expect(padrao).toMatchObject({ id: 1, nome: CATEGORIA_PADRAO_NOME });
    expect(Object.keys(padrao!).sort()).toEqual(
      ['created_at', 'descricao', 'id', 'nome', 'total_produtos'].sort(),
    );
    expect(new Date(String(padrao!.created_at)).toString()).not.toBe('Invalid Date');
  });

  it('sorts the pt-BR way and counts the products of each group', async () => {
    const zeta = await createGrupo('Zeta Ferragens');
    const agua = await createGrupo('Águas e Sucos');
    await ctx.request({
      method: 'POST',
      url: '/api/produtos',
      payload: { nome: 'Água de coco 1L', categoria_id: agua.id },
    });
    const list = (await ctx.request({ method: 'GET', url: '/api/categorias' })).json<
      Array<{ id: number; nome: string; total_produtos: number }>
    >();
    const names = list.map((c) => c.nome);
    expect(names.indexOf('Águas e Sucos')).toBeLessThan(names.indexOf('Zeta Ferragens'));
    expect(list.find((c) => c.id === agua.id)?.total_produtos).toBe(1);
    expect(list.find((c) => c.id === zeta.id)?.total_produtos).toBe(0);
  });
});

describe('POST /api/categorias', () => {
  it('creates a group with a trimmed name and an id after the default one', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/categorias',
      payload: { nome: '  Bebidas Quentes ', descricao: ' Cafés e chás ' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      nome: 'Bebidas Quentes',
      descricao: 'Cafés e chás',
      total_produtos: 0,
    });
    expect(body.id).toBeGreaterThan(1);
    const read = await ctx.request({ method: 'GET', url: `/api/categorias/${body.id}` });
    expect(read.json()).toEqual(body);
  });

  it("requires the name with 'Nome do grupo é obrigatório'", async () => {
    for (const payload of [{ nome: '   ' }, {}, { nome: null }]) {
      const response = await ctx.request({ method: 'POST', url: '/api/categorias', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION_ERROR',
        message: PRODUTO_MESSAGES.grupoObrigatorio,
        fields: { nome: PRODUTO_MESSAGES.grupoObrigatorio },
      });
    }
  });

  it('rejects unknown fields', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/categorias',
      payload: { nome: 'X', id: 99 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ id: 'Campo não permitido' });
  });

  it('refuses a name already used, ignoring case and accents', async () => {
    await createGrupo('Cuidados com Pets');
    const response = await ctx.request({
      method: 'POST',
      url: '/api/categorias',
      payload: { nome: 'CUIDADOS com pêts' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'DUPLICADO',
      message: CATEGORIA_MESSAGES.nomeDuplicado,
      fields: { nome: CATEGORIA_MESSAGES.nomeDuplicado },
    });
  });

  it('is open to every signed-in role and closed without a token', async () => {
    const asUser = await ctx.request({
      method: 'POST',
      url: '/api/categorias',
      payload: { nome: 'Papelaria' },
      as: USER_EMAIL,
    });
    expect(asUser.statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', '/api/categorias'],
      ['GET', '/api/categorias/1'],
      ['POST', '/api/categorias'],
      ['PUT', '/api/categorias/1'],
      ['DELETE', '/api/categorias/1'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: { nome: 'X' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('PUT /api/categorias/{id}', () => {
  it('renames a group', async () => {
    const grupo = await createGrupo('Jardinajem');
    const response = await ctx.request({
      method: 'PUT',
      url: `/api/categorias/${grupo.id}`,
      payload: { nome: 'Jardinagem', descricao: 'Vasos e ferramentas' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: grupo.id,
      nome: 'Jardinagem',
      descricao: 'Vasos e ferramentas',
    });
  });

  it('validates, answers 404 for an unknown group and 409 for a used name', async () => {
    const grupo = await createGrupo('Utilidades');
    const blank = await ctx.request({
      method: 'PUT',
      url: `/api/categorias/${grupo.id}`,
      payload: { nome: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(PRODUTO_MESSAGES.grupoObrigatorio);
    const missing = await ctx.request({
      method: 'PUT',
      url: '/api/categorias/999999',
      payload: { nome: 'Nada' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CATEGORIA_MESSAGES.naoEncontrada);
    const duplicate = await ctx.request({
      method: 'PUT',
      url: `/api/categorias/${grupo.id}`,
      payload: { nome: CATEGORIA_PADRAO_NOME },
    });
    expect(duplicate.statusCode).toBe(409);
    const badId = await ctx.request({
      method: 'PUT',
      url: '/api/categorias/abc',
      payload: { nome: 'X' },
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('DELETE /api/categorias/{id}', () => {
  it('deletes an unused group', async () => {
    const grupo = await createGrupo('Temporário');
    const response = await ctx.request({ method: 'DELETE', url: `/api/categorias/${grupo.id}` });
    expect(response.statusCode).toBe(204);
    const again = await ctx.request({ method: 'DELETE', url: `/api/categorias/${grupo.id}` });
    expect(again.statusCode).toBe(404);
  });

  it("never deletes 'Categoria Padrão'", async () => {
    const response = await ctx.request({ method: 'DELETE', url: '/api/categorias/1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'PROTEGIDO',
      message: CATEGORIA_MESSAGES.padraoNaoExclui,
    });
  });

  it('refuses a group still used by products, saying how many, until they move', async () => {
    const grupo = await createGrupo('Eletrônicos');
    const produtos = [];
    for (const nome of ['Fone de ouvido', 'Carregador USB-C']) {
      const created = await ctx.request({
        method: 'POST',
        url: '/api/produtos',
        payload: { nome, categoria_id: grupo.id },
      });
      produtos.push(created.json<{ id: number }>());
    }
    const refused = await ctx.request({ method: 'DELETE', url: `/api/categorias/${grupo.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'EM_USO',
      message: CATEGORIA_MESSAGES.emUso(2),
    });
    expect(refused.json().message).toContain('2 produtos vinculados');

    for (const produto of produtos) {
      await ctx.request({
        method: 'PUT',
        url: `/api/produtos/${produto.id}`,
        payload: { nome: 'Movido', categoria_id: 1 },
      });
    }
    const accepted = await ctx.request({ method: 'DELETE', url: `/api/categorias/${grupo.id}` });
    expect(accepted.statusCode).toBe(204);
  });
});
