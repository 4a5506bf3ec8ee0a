import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditoriaEntrada } from '@prumo/shared/auditoria';
import {
  SERVICO_MESSAGES as M,
  type Servico,
  type ServicoCreateInput,
  type ServicoListItem,
} from '@prumo/shared/servicos';
import { isCodigoServicoNacional } from '@prumo/shared/servicos-nacionais';
import { selectRows } from '../../db/sql-helpers';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { servicosParaOrdem } from './servicos.repository';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function criar(payload: ServicoCreateInput & Record<string, unknown>, as?: string) {
  const response = await ctx.request({ method: 'POST', url: '/api/servicos', payload, as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Servico>();
}

async function listar(query = '') {
  const response = await ctx.request({ method: 'GET', url: `/api/servicos${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const nomes = async (query: string) =>
  (await listar(query)).json<ServicoListItem[]>().map((servico) => servico.nome);

/** A registry record: a supplier (pessoa jurídica) or a customer (pessoa física). */
async function criarCadastro(nome: string, tipo: 'fornecedor' | 'cliente' = 'fornecedor') {
  const payload =
    tipo === 'fornecedor'
      ? { tipo, tipo_fornecedor: 'pessoa-juridica', nome }
      : { tipo, tipo_cliente: 'pessoa-fisica', nome };
  const response = await ctx.request({ method: 'POST', url: '/api/cadastros', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('POST /api/servicos and GET /api/servicos/{id}', () => {
  it("stores the spec's payload ('1 hora' is 60 minutes) and answers every field", async () => {
    const criado = await criar({
      nome: '  Instalação de antena  ',
      preco: 180.5,
      duracao: '1 hora',
      categoria: 'Geral',
      valorCusto: 35.25,
      comissao: 12.5,
      descricao: 'Com cabo e conectores',
      codigoInterno: 'ANT-01',
    });
    expect(criado).toMatchObject({
      nome: 'Instalação de antena',
      codigoInterno: 'ANT-01',
      categoria: 'Geral',
      preco: 180.5,
      valorVenda: 180.5,
      valorCusto: 35.25,
      comissao: 12.5,
      duracao: 60,
      descricao: 'Com cabo e conectores',
      ativo: true,
      ncm: null,
      cfop: null,
      aliquotaIcms: null,
      aliquotaIpi: null,
      codigoTributacaoNacional: null,
      codigoNbs: null,
      aliquotaIss: null,
      localIncidenciaIss: 'estabelecimento',
      issRetido: false,
      fornecedorId: null,
      fornecedorNome: null,
      codigoFornecedor: null,
    });
    const lido = await ctx.request({ method: 'GET', url: `/api/servicos/${criado.id}` });
    expect(lido.statusCode).toBe(200);
    expect(lido.json()).toEqual(criado);
  });

  it('fills the defaults from a name alone', async () => {
    expect(await criar({ nome: 'Orçamento de reparo' })).toMatchObject({
      categoria: 'Geral',
      preco: 0,
      valorCusto: 0,
      comissao: 0,
      duracao: 60,
      ativo: true,
    });
  });

  it('stores the Fiscal and Fornecedores tabs, with the supplier name', async () => {
    const fornecedorId = await criarCadastro('Distribuidora Peças Já');
    const criado = await criar({
      nome: 'Troca de bateria',
      valorVenda: 45,
      ncm: '8507.80.00',
      cfop: '5933',
      aliquotaIcms: 18,
      aliquotaIpi: 5.5,
      fornecedorId,
      codigoFornecedor: 'BAT-9',
    });
    expect(criado).toMatchObject({
      preco: 45,
      ncm: '85078000',
      cfop: '5933',
      aliquotaIcms: 18,
      aliquotaIpi: 5.5,
      fornecedorId,
      fornecedorNome: 'Distribuidora Peças Já',
      codigoFornecedor: 'BAT-9',
    });
  });

  it('stores the NFS-e fields and answers them on GET', async () => {
    const criado = await criar({
      nome: 'Limpeza de notebook',
      preco: 180,
      codigoTributacaoNacional: '14.01.01',
      codigoNbs: '1.2001.25.00',
      aliquotaIss: 2.5,
      localIncidenciaIss: 'tomador',
      issRetido: true,
    });
    const fiscais = {
      codigoTributacaoNacional: '140101',
      codigoNbs: '120012500',
      aliquotaIss: 2.5,
      localIncidenciaIss: 'tomador',
      issRetido: true,
    };
    expect(criado).toMatchObject(fiscais);
    const lido = await ctx.request({ method: 'GET', url: `/api/servicos/${criado.id}` });
    expect(lido.json()).toMatchObject(fiscais);
    const [row] = await selectRows<{ codigo_tributacao_nacional: string }>(
      ctx.database.db,
      sql`SELECT codigo_tributacao_nacional FROM servicos WHERE id = ${criado.id}`,
    );
    expect(row!.codigo_tributacao_nacional).toBe('140101');
  });

  it('refuses a cTribNac that is not on the national list, and bad NFS-e fields, in pt-BR', async () => {
    const codigo = await ctx.request({
      method: 'POST',
      url: '/api/servicos',
      payload: { nome: 'Serviço sem código válido', codigoTributacaoNacional: '14.01.99' },
    });
    expect(codigo.statusCode).toBe(400);
    expect(codigo.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'Código de tributação nacional inválido: escolha um da lista de serviços',
      fields: {
        codigoTributacaoNacional:
          'Código de tributação nacional inválido: escolha um da lista de serviços',
      },
    });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { codigoTributacaoNacional: '1401' },
        'codigoTributacaoNacional',
        M.codigoTributacaoNacional,
      ],
      [{ codigoNbs: '12345' }, 'codigoNbs', 'Código NBS deve ter 9 dígitos'],
      [{ aliquotaIss: 5.5 }, 'aliquotaIss', 'Alíquota do ISS deve estar entre 0% e 5%'],
      [{ aliquotaIss: -1 }, 'aliquotaIss', M.aliquotaIss],
      [{ aliquotaIss: 2.001 }, 'aliquotaIss', M.aliquotaIssDecimais],
      [{ localIncidenciaIss: 'prestador' }, 'localIncidenciaIss', M.localIncidenciaIss],
      [{ issRetido: 'sim' }, 'issRetido', 'Informe verdadeiro ou falso'],
    ];
    for (const [campos, field, message] of cases) {
      const payload = { nome: 'X', ...campos };
      const response = await ctx.request({ method: 'POST', url: '/api/servicos', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({
        message,
        fields: { [field]: message },
      });
    }
    const nenhum = await selectRows(
      ctx.database.db,
      sql`SELECT id FROM servicos WHERE nome = 'Serviço sem código válido'`,
    );
    expect(nenhum).toEqual([]);
  });

  it('refuses a main supplier that is not a registered fornecedor', async () => {
    const clienteId = await criarCadastro('Cliente Qualquer', 'cliente');
    for (const fornecedorId of [clienteId, 999_999]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/servicos',
        payload: { nome: 'X', fornecedorId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION_ERROR',
        message: M.fornecedor,
        fields: { fornecedorId: M.fornecedor },
      });
    }
  });

  it('gives the pt-BR message of every invalid field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ nome: '   ' }, 'nome', M.nomeObrigatorio],
      [{}, 'nome', M.nomeObrigatorio],
      [{ nome: 'X', preco: -1 }, 'preco', M.valorNegativo],
      [{ nome: 'X', valorVenda: -0.01 }, 'valorVenda', M.valorNegativo],
      [{ nome: 'X', valorCusto: 'dez' }, 'valorCusto', 'Informe um valor numérico'],
      [{ nome: 'X', valorCusto: 1.001 }, 'valorCusto', 'Use no máximo duas casas decimais'],
      [{ nome: 'X', preco: 10, valorVenda: 11 }, 'valorVenda', M.precoDivergente],
      [{ nome: 'X', comissao: 100.01 }, 'comissao', 'O percentual deve estar entre 0 e 100'],
      [{ nome: 'X', comissao: -1 }, 'comissao', 'O percentual deve estar entre 0 e 100'],
      [{ nome: 'X', duracao: 0 }, 'duracao', M.duracao],
      [{ nome: 'X', duracao: 'uma eternidade' }, 'duracao', M.duracao],
      [{ nome: 'X', ncm: '123' }, 'ncm', M.ncm],
      [{ nome: 'X', cfop: '9999' }, 'cfop', M.cfop],
      [{ nome: 'X', aliquotaIcms: 101 }, 'aliquotaIcms', 'O percentual deve estar entre 0 e 100'],
      [{ nome: 'X', fornecedorId: -3 }, 'fornecedorId', M.fornecedor],
      [{ nome: 'X', ativo: 'sim' }, 'ativo', 'Informe verdadeiro ou falso'],
      [{ nome: 'x'.repeat(201) }, 'nome', 'Máximo de 200 caracteres'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await ctx.request({ method: 'POST', url: '/api/servicos', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({
        error: 'VALIDATION_ERROR',
        message,
        fields: { [field]: message },
      });
    }
  });

  it('rejects unknown fields instead of dropping them', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/servicos',
      payload: { nome: 'X', estoque: 3 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { estoque: 'Campo não permitido' } });
  });

  it('refuses a repeated internal code (any case) with 409 DUPLICADO', async () => {
    await criar({ nome: 'Serviço A', codigoInterno: 'DUP-1' });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/servicos',
      payload: { nome: 'Serviço B', codigoInterno: 'dup-1' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'DUPLICADO',
      message: M.codigoInternoDuplicado,
      fields: { codigoInterno: M.codigoInternoDuplicado },
    });
  });

  it('answers 404 for a missing service', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/servicos/999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND', message: M.naoEncontrado });
  });
});

describe('PUT /api/servicos/{id}', () => {
  it('replaces what is sent and keeps the rest', async () => {
    const { id } = await criar({
      nome: 'Reparo de placa',
      preco: 200,
      valorCusto: 50,
      comissao: 10,
      duracao: 120,
      categoria: 'Eletrônica',
      ncm: '85423190',
    });
    const response = await ctx.request({
      method: 'PUT',
      url: `/api/servicos/${id}`,
      payload: { nome: 'Reparo de placa-mãe', valorVenda: 250, comissao: 0, ativo: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      nome: 'Reparo de placa-mãe',
      preco: 250,
      valorVenda: 250,
      valorCusto: 50,
      comissao: 0,
      duracao: 120,
      categoria: 'Eletrônica',
      ncm: '85423190',
      ativo: false,
    });
  });

  it("takes the add/edit form's whole payload, clearing emptied fields", async () => {
    const { id } = await criar({ nome: 'Curso rápido', descricao: 'x', codigoInterno: 'CUR-1' });
    const response = await ctx.request({
      method: 'PUT',
      url: `/api/servicos/${id}`,
      payload: {
        nome: 'Curso rápido',
        preco: 99,
        duracao: '2 horas',
        categoria: '',
        valorCusto: 0,
        comissao: 5,
        descricao: '',
        codigoInterno: '',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      duracao: 120,
      categoria: 'Geral',
      descricao: null,
      codigoInterno: null,
      preco: 99,
    });
  });

  it('changes, keeps and clears the NFS-e fields; a code off the list is refused', async () => {
    const { id } = await criar({
      nome: 'Suporte remoto',
      codigoTributacaoNacional: '010701',
      aliquotaIss: 2.9,
    });
    const put = (payload: Record<string, unknown>) =>
      ctx.request({
        method: 'PUT',
        url: `/api/servicos/${id}`,
        payload: { nome: 'Suporte remoto', ...payload },
      });
    const mudou = await put({ issRetido: true, localIncidenciaIss: 'tomador' });
    expect(mudou.statusCode, mudou.body).toBe(200);
    expect(mudou.json()).toMatchObject({
      codigoTributacaoNacional: '010701',
      aliquotaIss: 2.9,
      issRetido: true,
      localIncidenciaIss: 'tomador',
    });
    const recusado = await put({ codigoTributacaoNacional: '999999' });
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json().fields).toEqual({
      codigoTributacaoNacional: M.codigoTributacaoNacional,
    });
    const limpo = await put({
      codigoTributacaoNacional: '',
      aliquotaIss: null,
      localIncidenciaIss: null,
      issRetido: null,
    });
    expect(limpo.statusCode, limpo.body).toBe(200);
    const lido = await ctx.request({ method: 'GET', url: `/api/servicos/${id}` });
    expect(lido.json()).toMatchObject({
      codigoTributacaoNacional: null,
      aliquotaIss: null,
      localIncidenciaIss: 'estabelecimento',
      issRetido: false,
    });
  });

  it('validates like POST and answers 404 for a missing service', async () => {
    const { id } = await criar({ nome: 'Válido' });
    const invalid = await ctx.request({
      method: 'PUT',
      url: `/api/servicos/${id}`,
      payload: { nome: '', comissao: 150 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({
      nome: M.nomeObrigatorio,
      comissao: 'O percentual deve estar entre 0 e 100',
    });
    const missing = await ctx.request({
      method: 'PUT',
      url: '/api/servicos/999999',
      payload: { nome: 'X' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/servicos', () => {
  let ids: number[];

  beforeAll(async () => {
    ids = [];
    for (const payload of [
      { nome: 'Manutenção de Ar-Condicionado', categoria: 'Climatização' },
      { nome: 'Higienização de split', categoria: 'Climatização', ativo: false },
      { nome: 'Ajuste de relógio', categoria: 'Relojoaria Ótica' },
      { nome: 'Ótica: troca de lente', categoria: 'Relojoaria Ótica' },
    ]) {
      ids.push((await criar(payload)).id);
    }
  });

  it("is the spec's array sorted the pt-BR way, with the list fields", async () => {
    const response = await listar();
    expect(response.headers['x-total-count']).toBeUndefined();
    const lista = response.json<ServicoListItem[]>();
    expect(Object.keys(lista[0]!).sort()).toEqual(
      ['ativo', 'categoria', 'codigoInterno', 'duracao', 'id', 'nome', 'preco'].sort(),
    );
    const ordem = lista.map((servico) => servico.nome);
    expect(ordem.indexOf('Ótica: troca de lente')).toBeGreaterThan(
      ordem.indexOf('Manutenção de Ar-Condicionado'),
    );
    expect(ordem.indexOf('Ajuste de relógio')).toBeLessThan(ordem.indexOf('Higienização de split'));
  });

  it('searches nome and categoria ignoring accents and case', async () => {
    expect(await nomes('?q=MANUTENCAO')).toEqual(['Manutenção de Ar-Condicionado']);
    expect(await nomes('?q=climatizacao')).toEqual([
      'Higienização de split',
      'Manutenção de Ar-Condicionado',
    ]);
    expect(await nomes('?q=otica')).toEqual(['Ajuste de relógio', 'Ótica: troca de lente']);
    expect(await nomes('?q=%25')).toEqual([]);
    expect(await nomes('?q=nada-disso')).toEqual([]);
  });

  it('filters by categoria (accents ignored) and ativo', async () => {
    expect(await nomes('?categoria=climatizacao&ativo=true')).toEqual([
      'Manutenção de Ar-Condicionado',
    ]);
    expect(await nomes('?categoria=Climatização&ativo=false')).toEqual(['Higienização de split']);
    const inativos = (await listar('?ativo=false')).json<ServicoListItem[]>();
    expect(inativos.length).toBeGreaterThan(0);
    expect(inativos.every((servico) => !servico.ativo)).toBe(true);
  });

  it('pages with limit/offset and X-Total-Count', async () => {
    const todos = await nomes('?q=o&categoria=Relojoaria%20%C3%93tica');
    expect(todos).toHaveLength(2);
    const first = await listar('?categoria=relojoaria%20otica&limit=1');
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.json<ServicoListItem[]>().map((s) => s.nome)).toEqual([todos[0]]);
    const second = await listar('?categoria=relojoaria%20otica&limit=1&offset=1');
    expect(second.headers['x-total-count']).toBe('2');
    expect(second.json<ServicoListItem[]>().map((s) => s.nome)).toEqual([todos[1]]);
    const total = Number((await listar('?limit=1')).headers['x-total-count']);
    expect(total).toBe((await listar()).json<unknown[]>().length);
  });

  it('refuses bad query values', async () => {
    for (const query of ['?ativo=sim', '?limit=0', '?limit=501', '?offset=-1', '?x=1']) {
      const response = await ctx.request({ method: 'GET', url: `/api/servicos${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('DELETE /api/servicos/{id}', () => {
  it('deletes a service no one uses', async () => {
    const { id } = await criar({ nome: 'Serviço avulso' });
    const response = await ctx.request({ method: 'DELETE', url: `/api/servicos/${id}` });
    expect(response.statusCode).toBe(204);
    expect((await ctx.request({ method: 'GET', url: `/api/servicos/${id}` })).statusCode).toBe(404);
    const again = await ctx.request({ method: 'DELETE', url: `/api/servicos/${id}` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a service an order uses with 409 EM_USO saying where; it can be deactivated', async () => {
    const { id } = await criar({ nome: 'Serviço em uso', preco: 50 });
    const ordem = await ctx.request({
      method: 'POST',
      url: '/api/ordens-servico',
      payload: {
        cliente_id: 1,
        equipamento: 'Notebook',
        servicos: [{ servico_id: id, quantidade: 1 }],
      },
    });
    expect(ordem.statusCode, ordem.body).toBe(201);
    const response = await ctx.request({ method: 'DELETE', url: `/api/servicos/${id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'EM_USO', message: M.emUso('ordens de serviço') });
    expect((await ctx.request({ method: 'GET', url: `/api/servicos/${id}` })).statusCode).toBe(200);
    const desativado = await ctx.request({
      method: 'PUT',
      url: `/api/servicos/${id}`,
      payload: { nome: 'Serviço em uso', ativo: false },
    });
    expect(desativado.json()).toMatchObject({ ativo: false });

    // Once the order is gone, so may the service be.
    const ordemId = ordem.json<{ id: number }>().id;
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/ordens-servico/${ordemId}` })).statusCode,
    ).toBe(204);
    expect((await ctx.request({ method: 'DELETE', url: `/api/servicos/${id}` })).statusCode).toBe(
      204,
    );
  });

  it('names any other table that refers to a service', async () => {
    const { id } = await criar({ nome: 'Serviço referido' });
    const db = ctx.database.db;
    await db.execute(
      sql.raw(
        'CREATE TABLE teste_uso_servico (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, ' +
          'servico_id integer NOT NULL REFERENCES servicos(id) ON DELETE RESTRICT)',
      ),
    );
    await db.execute(sql`INSERT INTO teste_uso_servico (servico_id) VALUES (${id})`);
    const response = await ctx.request({ method: 'DELETE', url: `/api/servicos/${id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.emUso('teste uso servico'));
    await db.execute(sql`DROP TABLE teste_uso_servico`);
  });

  it('keeps a supplier used by a service from being deleted', async () => {
    const fornecedorId = await criarCadastro('Fornecedor Vinculado');
    await criar({ nome: 'Serviço com fornecedor', fornecedorId });
    const response = await ctx.request({ method: 'DELETE', url: `/api/cadastros/${fornecedorId}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('serviços');
  });
});

describe('audit trail', () => {
  it('records who created, changed and deleted a service, without the search columns', async () => {
    const { id } = await criar({ nome: 'Auditado', preco: 10 }, USER_EMAIL);
    await ctx.request({
      method: 'PUT',
      url: `/api/servicos/${id}`,
      payload: { nome: 'Auditado', preco: 12 },
      as: USER_EMAIL,
    });
    await ctx.request({ method: 'DELETE', url: `/api/servicos/${id}`, as: USER_EMAIL });
    const response = await ctx.request({ method: 'GET', url: `/api/auditoria/servicos/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json<AuditoriaEntrada[]>();
    expect(entries.map((entry) => [entry.acao, entry.usuario_nome])).toEqual([
      ['excluir', 'Vera Vendedora'],
      ['atualizar', 'Vera Vendedora'],
      ['criar', 'Vera Vendedora'],
    ]);
    expect(entries[1]!.antes).toMatchObject({ preco: 10 });
    expect(entries[1]!.depois).toMatchObject({ preco: 12 });
    expect(entries[2]!.depois).not.toHaveProperty('nome_busca');
    expect(entries[2]!.depois).not.toHaveProperty('categoria_busca');
  });
});

describe('servicosParaOrdem', () => {
  it('gives id, nome, preco, custo, ativo and duracao of the given ids in one answer', async () => {
    const a = await criar({ nome: 'Para ordem A', preco: 30, valorCusto: 7.5 });
    const b = await criar({ nome: 'Para ordem B', preco: 40, ativo: false, duracao: '2h' });
    const rows = await servicosParaOrdem(ctx.database.db, [b.id, a.id, a.id, 999_999]);
    expect(rows).toEqual([
      { id: a.id, nome: 'Para ordem A', preco: 30, custo: 7.5, ativo: true, duracao: 60 },
      { id: b.id, nome: 'Para ordem B', preco: 40, custo: 0, ativo: false, duracao: 120 },
    ]);
    expect(await servicosParaOrdem(ctx.database.db, [])).toEqual([]);
  });
});

describe('demo data', () => {
  it('has the repair shop services, one of them inactive', async () => {
    const lista = (await listar('?q=troca%20de%20tela')).json<ServicoListItem[]>();
    expect(lista).toMatchObject([{ nome: 'Troca de tela de celular', categoria: 'Celulares' }]);
    expect(await nomes('?ativo=false&q=recuperacao')).toEqual(['Recuperação de dados']);
  });

  it('gives every demo service a national code on the list and an ISS rate', async () => {
    const demo = (await listar())
      .json<ServicoListItem[]>()
      .filter((s) => s.codigoInterno?.startsWith('SRV-'));
    expect(demo.length).toBeGreaterThanOrEqual(9);
    for (const { id } of demo) {
      const servico = (
        await ctx.request({ method: 'GET', url: `/api/servicos/${id}` })
      ).json<Servico>();
      expect(isCodigoServicoNacional(servico.codigoTributacaoNacional ?? ''), servico.nome).toBe(
        true,
      );
      expect(servico.aliquotaIss, servico.nome).toBeGreaterThan(0);
      expect(servico.aliquotaIss, servico.nome).toBeLessThanOrEqual(5);
    }
  });
});
