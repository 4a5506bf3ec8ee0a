import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETIQUETA_DEFAULTS, ETIQUETA_MESSAGES, etiquetaParaModelo } from '@prumo/shared/etiquetas';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { ETIQUETA_NOME_DUPLICADO } from './etiquetas.repository';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const tag = () => Math.random().toString(36).slice(2, 8);

const SNAKE_FIELDS = [
  'id',
  'nome',
  'padrao',
  'margem_superior',
  'margem_lateral',
  'densidade_vertical',
  'densidade_horizontal',
  'altura_etiqueta',
  'largura_etiqueta',
  'fonte_etiqueta',
  'tamanho_fonte',
  'limite_caracteres',
  'colunas_pagina',
  'linhas_pagina',
  'tamanho_pagina',
  'descricao_topo',
  'exibir_codigo_interno',
  'exibir_codigo_barras',
  'exibir_numero_codigo_barras',
  'exibir_valor_produto',
  'tamanho_fonte_valor',
  'posicao_codigo_barras',
  'created_at',
  'updated_at',
];

async function createEtiqueta(payload: Record<string, unknown>) {
  const response = await ctx.request({ method: 'POST', url: '/api/etiquetas', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Record<string, unknown> & { id: number; nome: string }>();
}

describe('POST /api/etiquetas', () => {
  it('takes a camel-case payload, fills the defaults of section 9 and answers in snake case', async () => {
    const nome = `Gôndola ${tag()}`;
    const etiqueta = await createEtiqueta({ nome });
    expect(Object.keys(etiqueta).sort()).toEqual([...SNAKE_FIELDS].sort());
    expect(etiqueta).toMatchObject({
      nome,
      padrao: 'indefinido',
      fonte_etiqueta: 'helvetica',
      tamanho_fonte: 8,
      colunas_pagina: 3,
      tamanho_pagina: 'a4',
      exibir_codigo_interno: 'sim',
      exibir_codigo_barras: 'sim',
      exibir_numero_codigo_barras: 'nao',
      exibir_valor_produto: 'sim',
      tamanho_fonte_valor: 'padrao',
      posicao_codigo_barras: 'inferior',
      // The geometry of the 3-column A4 sheet (Pimaco A4256).
      largura_etiqueta: 63.5,
      altura_etiqueta: 38.1,
      linhas_pagina: 7,
    });
    const read = await ctx.request({ method: 'GET', url: `/api/etiquetas/${etiqueta.id}` });
    expect(read.json()).toEqual(etiqueta);
  });

  it('stores every value of both forms, "letter" as carta, and reopens unchanged', async () => {
    const payload = {
      nome: `Prateleira ${tag()}`,
      padrao: 'personalizado',
      margemSuperior: '10,5',
      margemLateral: 4,
      densidadeVertical: null,
      densidadeHorizontal: '',
      alturaEtiqueta: 30,
      larguraEtiqueta: 0,
      fonteEtiqueta: 'courier',
      tamanhoFonte: 11,
      limiteCaracteres: 24,
      colunasPagina: 4,
      linhasPagina: 0,
      tamanhoPagina: 'letter',
      descricaoTopo: false,
      exibirCodigoInterno: 'nao',
      exibirCodigoBarras: 'sim',
      exibirNumeroCodigoBarras: 'sim',
      exibirValorProduto: 'nao',
      tamanhoFonteValor: 'medio',
      posicaoCodigoBarras: 'centro',
    };
    const etiqueta = await createEtiqueta(payload);
    expect(etiqueta).toMatchObject({
      padrao: 'personalizado',
      margem_superior: 10.5,
      densidade_vertical: 0,
      densidade_horizontal: 0,
      largura_etiqueta: 0,
      linhas_pagina: 0,
      tamanho_pagina: 'carta',
      descricao_topo: false,
      tamanho_fonte_valor: 'medio',
      posicao_codigo_barras: 'centro',
    });
    // What the edit form loads and sends back changes nothing.
    const modelo = etiquetaParaModelo(etiqueta as never);
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/etiquetas/${etiqueta.id}`,
      payload: modelo,
    });
    expect(put.statusCode).toBe(200);
    const { updated_at: _a, ...after } = put.json();
    const { updated_at: _b, ...before } = etiqueta;
    expect(after).toEqual(before);
  });

  it("validates with section 5's rules", async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/etiquetas',
      payload: {
        nome: ' ',
        colunasPagina: 0,
        linhasPagina: -1,
        tamanhoFonte: 20,
        tamanhoPagina: 'a5',
        exibirValorProduto: 'talvez',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: ETIQUETA_MESSAGES.nomeObrigatorio,
      fields: {
        nome: ETIQUETA_MESSAGES.nomeObrigatorio,
        colunasPagina: ETIQUETA_MESSAGES.colunasMinimo,
        linhasPagina: ETIQUETA_MESSAGES.linhasMinimo,
        tamanhoFonte: 'O tamanho da fonte deve estar entre 6 e 16 pt',
        tamanhoPagina: 'Tamanho de página inválido',
        exibirValorProduto: 'Use sim ou nao',
      },
    });
    const snake = await ctx.request({
      method: 'POST',
      url: '/api/etiquetas',
      payload: { nome: 'X', tamanho_fonte: 8 },
    });
    expect(snake.statusCode).toBe(400);
    expect(snake.json().fields).toEqual({ tamanho_fonte: 'Campo não permitido' });
  });

  it('refuses a duplicate name', async () => {
    const etiqueta = await createEtiqueta({ nome: `Preço ${tag()}` });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/etiquetas',
      payload: { nome: etiqueta.nome.toUpperCase().replace('Ç', 'C') },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'DUPLICADO', message: ETIQUETA_NOME_DUPLICADO });
  });
});

describe('GET, PUT and DELETE /api/etiquetas', () => {
  it('lists sorted the pt-BR way', async () => {
    const suffix = tag();
    await createEtiqueta({ nome: `Zebra ${suffix}` });
    await createEtiqueta({ nome: `Área ${suffix}` });
    const names = (await ctx.request({ method: 'GET', url: '/api/etiquetas' }))
      .json<Array<{ nome: string }>>()
      .map((etiqueta) => etiqueta.nome);
    expect(names.indexOf(`Área ${suffix}`)).toBeLessThan(names.indexOf(`Zebra ${suffix}`));
  });

  it("answers 'Etiqueta não encontrada' for unknown ids", async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { nome: 'X' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await ctx.request({ method, url: '/api/etiquetas/999999', payload });
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe('Etiqueta não encontrada');
    }
  });

  it('updates (a field left out keeps its value) and deletes', async () => {
    const etiqueta = await createEtiqueta({ nome: `Temporária ${tag()}`, tamanhoFonte: 14 });
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/etiquetas/${etiqueta.id}`,
      payload: { colunasPagina: 2 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ nome: etiqueta.nome, colunas_pagina: 2, tamanho_fonte: 14 });
    expect(ETIQUETA_DEFAULTS.tamanhoFonte).not.toBe(14);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/etiquetas/${etiqueta.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/etiquetas/${etiqueta.id}` })).statusCode,
    ).toBe(404);
  });

  it('is open to every signed-in role and closed without a token', async () => {
    const asUser = await ctx.request({
      method: 'POST',
      url: '/api/etiquetas',
      payload: { nome: `Do vendedor ${tag()}` },
      as: USER_EMAIL,
    });
    expect(asUser.statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', '/api/etiquetas'],
      ['GET', '/api/etiquetas/1'],
      ['POST', '/api/etiquetas'],
      ['PUT', '/api/etiquetas/1'],
      ['DELETE', '/api/etiquetas/1'],
      ['POST', '/api/etiquetas/imprimir'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: { nome: 'X' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
