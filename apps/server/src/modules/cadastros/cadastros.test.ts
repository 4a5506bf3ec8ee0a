import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cpfCheckDigits, formatCnpj, formatCpf } from '@prumo/shared/brasil';
import {
  CADASTRO_MENSAGENS as M,
  cadastroDetalheSchema,
  formatCidadeUf,
  joinEndereco,
  TIPOS_CADASTRO,
  type TipoCadastro,
} from '@prumo/shared/cadastros';
import {
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

// Documents are generated per test run, so they never collide with demo data or each other.
const randomChars = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
function novoCpf(): string {
  const base = randomChars('0123456789', 9);
  return formatCpf(`${base}${cpfCheckDigits(base)}`);
}
/** Numeric or, every other time, alphanumeric (the format in force since July 2026). */
let cnpjs = 0;
function novoCnpj(): string {
  const alphabet = cnpjs++ % 2 ? '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ' : '0123456789';
  const base = `${randomChars(alphabet, 8)}0001`;
  return formatCnpj(`${base}${cnpjCheckDigits(base)}`);
}
const digits = (text: string) => text.replace(/[.\-/]/g, '').toUpperCase();

type Json = Record<string, unknown>;

const post = (payload: unknown, as?: string) =>
  ctx.request({ method: 'POST', url: '/api/cadastros', payload: payload as Json, as });
const put = (id: number, payload: unknown, as?: string) =>
  ctx.request({ method: 'PUT', url: `/api/cadastros/${id}`, payload: payload as Json, as });
const get = (id: number, as?: string) =>
  ctx.request({ method: 'GET', url: `/api/cadastros/${id}`, as });
const remove = (id: number, as?: string) =>
  ctx.request({ method: 'DELETE', url: `/api/cadastros/${id}`, as });
const list = (tipo?: string, as?: string) =>
  ctx.request({ method: 'GET', url: `/api/cadastros${tipo ? `?tipo=${tipo}` : ''}`, as });

async function created(payload: unknown, as?: string): Promise<Json & { id: number }> {
  const response = await post(payload, as);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
}

async function count(table: string): Promise<number> {
  const result = await ctx.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

/** The spec's thin POST (section 7), as the original screens built it. */
function thinPost(tipo: TipoCadastro, documento: string): Json {
  return {
    nome: `Teste ${tipo} ${documento}`,
    tipo,
    email: 'contato@exemplo.com.br',
    telefone: '(11) 98765-4321',
    endereco: 'Rua das Palmeiras, 250',
    cidade: 'Campinas',
    estado: 'SP',
    cep: '13015-100',
    cnpj_cpf: documento,
    inscricao_estadual: tipo === 'funcionario' ? '12.345.678-9' : '',
    observacoes: 'Criado pelo payload da especificação',
  };
}

const contatos = [
  {
    nome: 'Marina Lopes',
    email: 'marina@exemplo.com.br',
    telefone: '(11) 3222-1000',
    cargo: 'Compras',
  },
  { nome: 'Paulo Reis', email: null, telefone: '(11) 99888-7766', cargo: null },
];

/** Every field each form collects. */
function fullPayload(tipo: TipoCadastro): Json {
  const endereco = {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Conjunto 12',
    bairro: 'Bela Vista',
  };
  switch (tipo) {
    case 'cliente':
      return {
        tipo,
        tipo_cliente: 'pessoa-juridica',
        situacao: 'inativo',
        nome: 'Padaria Pão Dourado Ltda',
        cnpj: novoCnpj(),
        inscricao_estadual: '110.042.490.114',
        email: 'financeiro@paodourado.com.br',
        telefone: '(11) 3333-4444',
        celular: '(11) 98888-7777',
        fax: '(11) 3333-4445',
        site: 'www.paodourado.com.br',
        vendedor_responsavel: 'Gustavo Gerente',
        endereco_tipo: 'comercial',
        ...endereco,
        cidade_uf: 'São Paulo/SP',
        limite_credito: 15000.5,
        permitir_ultrapassar_limite: true,
        observacoes: 'Entregar antes das 7h.',
        contatos,
      };
    case 'fornecedor':
      return {
        tipo,
        tipo_fornecedor: 'mei',
        situacao: 'ativo',
        nome: 'João Embalagens MEI',
        cnpj: novoCnpj(),
        inscricao_estadual: 'ISENTO',
        email: 'joao@embalagens.com.br',
        telefone: '(19) 3232-1010',
        celular: '(19) 99191-2020',
        endereco_tipo: 'cobranca',
        ...endereco,
        cidade_uf: 'Campinas/SP',
        observacoes: 'Pagamento em 28 dias.',
        contatos,
      };
    case 'transportadora':
      return {
        tipo,
        tipo_transportadora: 'entrega_propria',
        situacao: 'ativo',
        nome_fantasia: 'Rápido Paulista',
        razao_social: 'Rápido Paulista Transportes Ltda',
        cnpj: novoCnpj(),
        inscricao_estadual: '111.222.333.444',
        email: 'coleta@rapidopaulista.com.br',
        telefone: '(11) 2020-3030',
        celular: '(11) 97070-8080',
        site: 'https://rapidopaulista.com.br',
        ...endereco,
        cidade: 'São Paulo',
        uf: 'SP',
        observacoes: 'Coletas às terças.',
        contatos,
      };
    case 'funcionario':
      return {
        tipo,
        nome: 'Beatriz Nogueira',
        cpf: novoCpf(),
        rg: '23.456.789-0',
        data_nascimento: '1991-03-15',
        sexo: 'feminino',
        email: 'beatriz@empresa.com.br',
        comissao: 3.75,
        situacao: 'ferias',
        telefone: '(11) 3030-4040',
        celular: '(11) 96060-7070',
        ...endereco,
        cidade: 'Santo André',
        uf: 'SP',
        observacoes: 'Vendedora externa.',
        contatos,
      };
  }
}

/** What GET answers for a full payload: documents and CEP normalised, list fields derived. */
function expectedDetalhe(payload: Json): Json {
  const tipo = payload.tipo as TipoCadastro;
  const expected: Json = { ...payload, cep: '01310100' };
  delete expected.contatos;
  if (payload.cpf) expected.cpf = digits(payload.cpf as string);
  if (payload.cnpj) expected.cnpj = digits(payload.cnpj as string);
  if (payload.site === 'www.paodourado.com.br') expected.site = 'https://www.paodourado.com.br';
  if (tipo === 'cliente' || tipo === 'fornecedor') {
    const [cidade, uf] = (payload.cidade_uf as string).split('/');
    Object.assign(expected, { cidade, uf });
  } else {
    expected.cidade_uf = `${payload.cidade as string}/${payload.uf as string}`;
  }
  if (tipo === 'transportadora') expected.nome = payload.nome_fantasia;
  return {
    ...expected,
    endereco: 'Avenida Paulista, 1000',
    estado: 'SP',
    cnpj_cpf: expected.cnpj ?? expected.cpf,
    contatos,
  };
}

describe('authentication', () => {
  it('answers 401 without a token on every registry route', async () => {
    const calls = [
      { method: 'GET', url: '/api/cadastros?tipo=cliente' },
      { method: 'GET', url: '/api/cadastros/1' },
      { method: 'POST', url: '/api/cadastros' },
      { method: 'PUT', url: '/api/cadastros/1' },
      { method: 'DELETE', url: '/api/cadastros/1' },
      { method: 'GET', url: '/api/cadastros/1/foto' },
      { method: 'GET', url: '/api/cadastros/1/anexos/1' },
    ] as const;
    for (const call of calls) {
      const response = await ctx.app.inject({
        ...call,
        payload: call.method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json().error).toBe('UNAUTHORIZED');
    }
  });
});

describe("the spec's document names (section 7) in an employee's full payload", () => {
  it('takes cpf as cnpj_cpf and rg as inscricao_estadual', async () => {
    const { cpf, rg, ...rest } = fullPayload('funcionario');
    const body = await created({ ...rest, cnpj_cpf: cpf, inscricao_estadual: rg });
    expect(body).toMatchObject({ cpf: digits(cpf as string), rg });
  });

  it('reports a bad document under the name it was sent with', async () => {
    const { cpf: _cpf, rg, ...rest } = fullPayload('funcionario');
    const response = await post({ ...rest, cnpj_cpf: '111.111.111-11', inscricao_estadual: rg });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['cnpj_cpf']);
  });
});

describe.each(TIPOS_CADASTRO)('%s', (tipo) => {
  const documento = () => (tipo === 'funcionario' ? novoCpf() : novoCnpj());

  it('creates with the spec payload, mapping its fields', async () => {
    const doc = documento();
    const body = await created(thinPost(tipo, doc));
    expect(body).toMatchObject({
      tipo,
      nome: `Teste ${tipo} ${doc}`,
      email: 'contato@exemplo.com.br',
      telefone: '(11) 98765-4321',
      logradouro: 'Rua das Palmeiras',
      numero: '250',
      endereco: 'Rua das Palmeiras, 250',
      cidade: 'Campinas',
      uf: 'SP',
      estado: 'SP',
      cidade_uf: 'Campinas/SP',
      cep: '13015100',
      cnpj_cpf: digits(doc),
      situacao: 'ativo',
      observacoes: 'Criado pelo payload da especificação',
    });
    if (tipo === 'funcionario')
      expect(body).toMatchObject({ cpf: digits(doc), rg: '12.345.678-9' });
    else expect(body).toMatchObject({ cnpj: digits(doc), cpf: null });
    if (tipo === 'transportadora') expect(body.nome_fantasia).toBe(body.nome);
    if (tipo === 'cliente') expect(body.tipo_cliente).toBe('pessoa-juridica');
  });

  it('creates with the full payload and answers every field on GET', async () => {
    const payload = fullPayload(tipo);
    const body = await created(payload);
    const loaded = await get(body.id);
    expect(loaded.statusCode).toBe(200);
    const detalhe = loaded.json();
    expect(cadastroDetalheSchema.strict().safeParse(detalhe).success).toBe(true);
    expect(detalhe).toMatchObject(expectedDetalhe(payload));
    expect(detalhe).toEqual(body);
  });

  it('lists by tipo with the spec shape', async () => {
    const { id } = await created(fullPayload(tipo));
    const response = await list(tipo);
    expect(response.statusCode).toBe(200);
    const rows = response.json<Json[]>();
    expect(rows.every((row) => row.tipo === tipo)).toBe(true);
    const row = rows.find((candidate) => candidate.id === id)!;
    expect(Object.keys(row).sort()).toEqual(['email', 'id', 'nome', 'telefone', 'tipo']);
    expect(row.telefone).toBe(fullPayload(tipo).telefone);
  });

  it('updates with the spec payload, keeping what it does not send', async () => {
    const payload = fullPayload(tipo);
    const { id } = await created(payload);
    const thinPut: Json = {
      nome: 'Nome Atualizado',
      tipo,
      email: 'novo@exemplo.com.br',
      telefone: '(21) 2222-3333',
      endereco: 'Rua Nova, 77',
      cep: '20040-002',
      bairro: 'Centro',
      cidade: tipo === 'cliente' || tipo === 'fornecedor' ? 'Rio de Janeiro/RJ' : 'Rio de Janeiro',
      observacoes: 'Atualizado',
    };
    if (tipo === 'transportadora') delete thinPut.observacoes;
    const response = await put(id, thinPut);
    expect(response.statusCode).toBe(200);
    const detalhe = response.json();
    expect(detalhe).toMatchObject({
      nome: 'Nome Atualizado',
      email: 'novo@exemplo.com.br',
      telefone: '(21) 2222-3333',
      logradouro: 'Rua Nova',
      numero: '77',
      cep: '20040002',
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
      uf: tipo === 'cliente' || tipo === 'fornecedor' ? 'RJ' : 'SP',
      observacoes: tipo === 'transportadora' ? payload.observacoes : 'Atualizado',
      celular: payload.celular,
      complemento: payload.complemento,
      contatos,
    });
  });

  it('updates with the full payload, replacing the contacts', async () => {
    const { id } = await created(fullPayload(tipo));
    const changed = fullPayload(tipo);
    changed.contatos = [{ nome: 'Só Um', email: 'so@um.com.br', telefone: null, cargo: 'Diretor' }];
    changed.complemento = null;
    if (tipo === 'transportadora') changed.nome_fantasia = 'Novo Nome Fantasia';
    else changed.nome = 'Novo Nome';
    const response = await put(id, changed);
    expect(response.statusCode).toBe(200);
    const detalhe = (await get(id)).json();
    expect(detalhe).toMatchObject({ ...expectedDetalhe(changed), contatos: changed.contatos });
    expect(detalhe.complemento).toBeNull();
  });

  it('deletes with 204 and the record is gone', async () => {
    const { id } = await created(fullPayload(tipo));
    const response = await remove(id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await get(id)).statusCode).toBe(404);
    expect((await remove(id)).statusCode).toBe(404);
    const rows = (await list(tipo)).json<Json[]>();
    expect(rows.some((row) => row.id === id)).toBe(false);
  });

  it('answers 409 for a CPF/CNPJ already used within the same tipo', async () => {
    const payload = fullPayload(tipo);
    await created(payload);
    const again = {
      ...fullPayload(tipo),
      [tipo === 'funcionario' ? 'cpf' : 'cnpj']: payload[tipo === 'funcionario' ? 'cpf' : 'cnpj'],
    };
    const response = await post(again);
    expect(response.statusCode).toBe(409);
    const documento = tipo === 'funcionario' ? 'CPF' : 'CNPJ';
    const artigo = tipo === 'transportadora' ? 'uma' : 'um';
    const nome = {
      cliente: 'cliente',
      fornecedor: 'fornecedor',
      funcionario: 'funcionário',
      transportadora: 'transportadora',
    }[tipo];
    const message = `Já existe ${artigo} ${nome} com este ${documento}.`;
    expect(response.json()).toEqual({
      error: 'DUPLICADO',
      message,
      fields: { [documento.toLowerCase()]: message },
    });
    const thin = await post(thinPost(tipo, payload[documento.toLowerCase()] as string));
    expect(thin.statusCode).toBe(409);
    expect(thin.json().fields).toEqual({ cnpj_cpf: message });
  });
});

describe('the fields the database derives for the answer', () => {
  // The answer is JSON text the database writes: its cidade_uf and endereco must read as the
  // shared formatCidadeUf and joinEndereco would, for whatever the columns hold.
  it.each([
    ['Campinas', 'SP', 'Rua A', '10'],
    [null, 'SP', 'Rua A', null],
    ['', 'SP', '', '10'],
    ['Campinas', null, null, '10'],
    ['Campinas', '', null, null],
    ['', '', '', ''],
    [null, null, null, null],
  ])('cidade %j, uf %j, logradouro %j, número %j', async (cidade, uf, logradouro, numero) => {
    const { id } = await created(fullPayload('fornecedor'));
    await ctx.database.db.execute(
      sql`UPDATE cadastros SET cidade = ${cidade}, uf = ${uf}, logradouro = ${logradouro},
        numero = ${numero} WHERE id = ${id}`,
    );
    const detalhe = (await get(id)).json();
    expect(detalhe).toMatchObject({
      cidade,
      uf,
      estado: uf,
      cidade_uf: formatCidadeUf(cidade, uf),
      endereco: joinEndereco(logradouro, numero),
    });
    expect(cadastroDetalheSchema.strict().safeParse(detalhe).success).toBe(true);
  });
});

describe('list', () => {
  it('sorts the pt-BR way and includes the demo records', async () => {
    for (const nome of ['Zé Ninguém', 'Álvaro Teste', 'bruno teste']) {
      await created({ tipo: 'fornecedor', tipo_fornecedor: 'pessoa-fisica', nome });
    }
    const nomes = (await list('fornecedor')).json<Json[]>().map((row) => row.nome as string);
    const ours = nomes.filter((nome) =>
      ['Zé Ninguém', 'Álvaro Teste', 'bruno teste'].includes(nome),
    );
    expect(ours).toEqual(['Álvaro Teste', 'bruno teste', 'Zé Ninguém']);
    const clientes = (await list('cliente')).json<Json[]>();
    expect(clientes.map((row) => row.nome)).toContain('Maria Aparecida da Silva');
    const all = (await list()).json<Json[]>();
    expect(new Set(all.map((row) => row.tipo))).toEqual(new Set(TIPOS_CADASTRO));
  });

  it('searches a name or e-mail without accents and pages with the total, for the sale pickers', async () => {
    const page = await ctx.request({
      method: 'GET',
      url: '/api/cadastros?tipo=cliente&q=APARECIDA&limit=5',
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<Json[]>().map((row) => row.nome)).toEqual(['Maria Aparecida da Silva']);
    expect(page.headers['x-total-count']).toBe('1');
    const semAcento = await ctx.request({ method: 'GET', url: '/api/cadastros?q=otica%20visao' });
    expect(semAcento.json<Json[]>().map((row) => row.nome)).toContain('Ótica Visão Clara ME');
    expect(semAcento.headers['x-total-count']).toBeUndefined();
    const one = await ctx.request({
      method: 'GET',
      url: '/api/cadastros?tipo=cliente&limit=1&offset=1',
    });
    expect(one.json<Json[]>()).toHaveLength(1);
    expect(Number(one.headers['x-total-count'])).toBeGreaterThan(1);
    expect((await ctx.request({ method: 'GET', url: '/api/cadastros?limit=0' })).statusCode).toBe(
      400,
    );
  });
});

describe('duplicates', () => {
  it('allows the same document in another tipo, and on update answers 409 too', async () => {
    const cpf = novoCpf();
    await created({ tipo: 'cliente', tipo_cliente: 'pessoa-fisica', nome: 'Carla', cpf });
    const employee = { ...fullPayload('funcionario'), cpf };
    expect((await post(employee)).statusCode).toBe(201);

    const other = await created({
      tipo: 'cliente',
      tipo_cliente: 'pessoa-fisica',
      nome: 'Outra',
      cpf: novoCpf(),
    });
    const response = await put(other.id, { tipo: 'cliente', nome: 'Outra', cpf: digits(cpf) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Já existe um cliente com este CPF.');
  });

  it('accepts the alphanumeric CNPJ and finds it duplicated whatever its formatting', async () => {
    const base = 'A1B2C3D40001';
    const cnpj = `${base}${cnpjCheckDigits(base)}`;
    const first = await post({
      tipo: 'fornecedor',
      tipo_fornecedor: 'pessoa-juridica',
      nome: 'Alfa',
      cnpj: formatCnpj(cnpj),
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().cnpj).toBe(cnpj);
    const second = await post({
      tipo: 'fornecedor',
      tipo_fornecedor: 'pessoa-juridica',
      nome: 'Beta',
      cnpj: cnpj.toLowerCase(),
    });
    expect(second.statusCode).toBe(409);
    const known = await post({
      tipo: 'transportadora',
      ...fullPayload('transportadora'),
      cnpj: '12.ABC.345/01DE-35',
    });
    expect(known.statusCode).toBe(201);
  });
});

describe('validation', () => {
  async function fieldsOf(payload: unknown, method: 'POST' | 'PUT' = 'POST', id?: number) {
    const response = method === 'POST' ? await post(payload) : await put(id!, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.message).toBe(Object.values(body.fields)[0]);
    return body.fields as Record<string, string>;
  }

  it('requires the fields of section 5 per tipo on create', async () => {
    expect(await fieldsOf({ tipo: 'cliente' })).toEqual({
      tipo_cliente: M.tipoCliente,
      nome: M.nome,
    });
    expect(await fieldsOf({ tipo: 'fornecedor', nome: '' })).toEqual({
      tipo_fornecedor: M.tipoFornecedor,
      nome: M.nome,
    });
    expect(Object.keys(await fieldsOf({ tipo: 'transportadora' })).sort()).toEqual(
      [
        'bairro',
        'cep',
        'cidade',
        'cnpj',
        'email',
        'logradouro',
        'nome_fantasia',
        'numero',
        'razao_social',
        'tipo_transportadora',
        'uf',
      ].sort(),
    );
    expect(await fieldsOf({ tipo: 'funcionario' })).toEqual({
      nome: M.nome,
      cpf: M.cpfObrigatorio,
      rg: M.rgObrigatorio,
      data_nascimento: M.dataNascimentoObrigatoria,
      sexo: M.sexo,
      email: M.emailObrigatorio,
    });
    expect(await fieldsOf({ nome: 'Sem tipo' })).toEqual({ tipo: M.tipo });
    expect(await fieldsOf({ tipo: 'parceiro', nome: 'X' })).toEqual({ tipo: M.tipo });
  });

  it('requires only the name on edit', async () => {
    const { id } = await created(fullPayload('transportadora'));
    expect(await fieldsOf({ tipo: 'transportadora', nome_fantasia: '' }, 'PUT', id)).toEqual({
      nome_fantasia: M.nomeFantasia,
    });
    const response = await put(id, {
      tipo: 'transportadora',
      nome_fantasia: 'Só o nome',
      cnpj: null,
      razao_social: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nome: 'Só o nome',
      cnpj: null,
      razao_social: null,
      email: 'coleta@rapidopaulista.com.br',
    });
  });

  it('checks formats: e-mail, CPF, CNPJ, CEP, UF, city/UF, phone, site, date', async () => {
    const base = fullPayload('funcionario');
    expect(
      await fieldsOf({
        ...base,
        email: 'beatriz@',
        cpf: '529.982.247-26',
        cep: '1234-567',
        uf: 'XX',
        telefone: '123',
        data_nascimento: '1991-02-30',
      }),
    ).toEqual({
      email: M.emailInvalido,
      cpf: M.cpfInvalido,
      cep: M.cepInvalido,
      uf: M.ufInvalida,
      telefone: M.telefone,
      data_nascimento: M.dataNascimentoInvalida,
    });
    expect(
      await fieldsOf({
        ...fullPayload('fornecedor'),
        inscricao_estadual: 'abc',
        celular: '(11) 9',
      }),
    ).toEqual({ inscricao_estadual: M.inscricaoEstadual, celular: M.telefone });
    const cliente = fullPayload('cliente');
    expect(
      await fieldsOf({
        ...cliente,
        cnpj: '11.222.333/0001-82',
        cidade_uf: 'Campinas/ZZ',
        site: 'não é site',
      }),
    ).toEqual({
      cnpj: M.cnpjInvalido,
      cidade_uf: M.cidadeUfInvalida,
      site: M.site,
    });
  });

  it('bounds the commission (0–100, two decimals) and the credit limit (≥ 0)', async () => {
    const base = fullPayload('funcionario');
    expect((await fieldsOf({ ...base, comissao: 100.01 })).comissao).toBe(
      'O percentual deve estar entre 0 e 100',
    );
    expect((await fieldsOf({ ...base, comissao: -1 })).comissao).toBe(
      'O percentual deve estar entre 0 e 100',
    );
    expect((await fieldsOf({ ...base, comissao: 2.555 })).comissao).toBe(
      'Use no máximo duas casas decimais',
    );
    expect((await post({ ...base, cpf: novoCpf(), comissao: 100 })).statusCode).toBe(201);
    const cliente = fullPayload('cliente');
    expect(await fieldsOf({ ...cliente, limite_credito: -0.01 })).toEqual({
      limite_credito: M.limiteCredito,
    });
    expect((await fieldsOf({ ...cliente, limite_credito: 1.001 })).limite_credito).toBe(
      'Use no máximo duas casas decimais',
    );
    expect((await post({ ...cliente, cnpj: novoCnpj(), limite_credito: 0 })).statusCode).toBe(201);
  });

  it('checks the enums; férias and licença only for employees', async () => {
    expect(await fieldsOf({ ...fullPayload('cliente'), tipo_cliente: 'mei' })).toEqual({
      tipo_cliente: M.tipoCliente,
    });
    expect(
      await fieldsOf({ ...fullPayload('fornecedor'), tipo_fornecedor: 'estrangeiro' }),
    ).toEqual({
      tipo_fornecedor: M.tipoFornecedor,
    });
    expect(
      await fieldsOf({ ...fullPayload('transportadora'), tipo_transportadora: 'aviao' }),
    ).toEqual({
      tipo_transportadora: M.tipoTransportadora,
    });
    expect(await fieldsOf({ ...fullPayload('cliente'), situacao: 'ferias' })).toEqual({
      situacao: M.situacaoSoFuncionario,
    });
    expect(await fieldsOf({ ...fullPayload('transportadora'), situacao: 'licenca' })).toEqual({
      situacao: M.situacaoSoFuncionario,
    });
    expect(
      await fieldsOf({ ...fullPayload('funcionario'), sexo: 'x', situacao: 'demitido' }),
    ).toEqual({
      sexo: M.sexo,
      situacao: M.situacao,
    });
    expect(await fieldsOf({ ...fullPayload('cliente'), endereco_tipo: 'casa' })).toEqual({
      endereco_tipo: M.enderecoTipo,
    });
  });

  it('rejects unknown fields and fields of another tipo', async () => {
    const response = await post({ ...fullPayload('cliente'), comissao: 5, id: 9, senha: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'Campo não permitido: comissao, id, senha',
      fields: {
        comissao: 'Campo não permitido',
        id: 'Campo não permitido',
        senha: 'Campo não permitido',
      },
    });
    const contato = await post({
      ...fullPayload('cliente'),
      contatos: [{ nome: 'A', whatsapp: '1' }],
    });
    expect(contato.json().fields).toEqual({ 'contatos.0.whatsapp': 'Campo não permitido' });
    const query = await ctx.request({ method: 'GET', url: '/api/cadastros?tipo=cliente&busca=x' });
    expect(query.statusCode).toBe(400);
    const badTipo = await list('clientes');
    expect(badTipo.statusCode).toBe(400);
    expect(badTipo.json().fields).toEqual({ tipo: M.tipo });
  });

  it('does not change the tipo of a record and answers 404 for unknown ids', async () => {
    const { id } = await created(fullPayload('cliente'));
    const response = await put(id, { tipo: 'fornecedor', nome: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ tipo: 'O tipo do cadastro não pode ser alterado.' });
    expect((await put(999_999, { tipo: 'cliente', nome: 'X' })).statusCode).toBe(404);
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await get(Number.NaN)).statusCode).toBe(400);
  });

  it('answers 400, not 500, to a body that is not an object', async () => {
    for (const payload of [[], 'texto', 42]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/cadastros',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('roles', () => {
  it('lets only admins and managers create, edit and delete employees', async () => {
    const asUser = await post(fullPayload('funcionario'), USER_EMAIL);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().error).toBe('FORBIDDEN');
    const asManager = await post(fullPayload('funcionario'), MANAGER_EMAIL);
    expect(asManager.statusCode).toBe(201);
    const { id } = asManager.json();
    expect((await put(id, { tipo: 'funcionario', nome: 'Outro' }, USER_EMAIL)).statusCode).toBe(
      403,
    );
    expect((await remove(id, USER_EMAIL)).statusCode).toBe(403);
    expect((await get(id)).json().nome).toBe('Beatriz Nogueira');
    expect((await put(id, { tipo: 'funcionario', nome: 'Outro' }, MANAGER_EMAIL)).statusCode).toBe(
      200,
    );
    expect((await remove(id, MANAGER_EMAIL)).statusCode).toBe(204);
  });

  it('lets a user list employees but never see their CPF, RG or attachments', async () => {
    const { id } = await created(fullPayload('funcionario'));
    const rows = (await list('funcionario', USER_EMAIL)).json<Json[]>();
    expect(rows.some((row) => row.id === id)).toBe(true);
    const detalhe = await get(id, USER_EMAIL);
    expect(detalhe.statusCode).toBe(200);
    expect(detalhe.json()).toMatchObject({
      nome: 'Beatriz Nogueira',
      cpf: null,
      rg: null,
      cnpj_cpf: null,
      anexos: [],
    });
    expect(detalhe.body).not.toContain('23.456.789-0');
    expect((await get(id, MANAGER_EMAIL)).json().rg).toBe('23.456.789-0');
  });

  it('lets a user keep customers, suppliers and carriers', async () => {
    for (const tipo of ['cliente', 'fornecedor', 'transportadora'] as const) {
      const response = await post(fullPayload(tipo), USER_EMAIL);
      expect(response.statusCode).toBe(201);
      const { id } = response.json();
      expect((await put(id, { ...fullPayload(tipo), contatos: [] }, USER_EMAIL)).statusCode).toBe(
        200,
      );
      expect((await remove(id, USER_EMAIL)).statusCode).toBe(204);
    }
  });
});

describe('deleting a record other data refers to', () => {
  it('answers 409 with the reason and removes nothing', async () => {
    const { id } = await created(fullPayload('cliente'));
    // A sale of this customer (the real vendas table references cadastros with RESTRICT).
    const venda = await ctx.request({
      method: 'POST',
      url: '/api/vendas',
      payload: {
        tipo: 'produto',
        cliente_id: id,
        forma_pagamento: 'pix',
        itens: [{ produto_id: 1, quantidade: 1 }],
      },
    });
    expect(venda.statusCode, venda.body).toBe(201);
    const contatosAntes = await count('cadastro_contatos');
    const response = await remove(id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'EM_USO',
      message:
        'Não é possível excluir o cliente "Padaria Pão Dourado Ltda": há registros em vendas ' +
        'que dependem deste cadastro. Nada foi excluído.',
    });
    expect((await get(id)).json().contatos).toHaveLength(2);
    expect(await count('cadastro_contatos')).toBe(contatosAntes);

    await ctx.request({ method: 'DELETE', url: `/api/vendas/${venda.json().id}` });
    expect((await remove(id)).statusCode).toBe(204);

    // ON DELETE NO ACTION (the default) fails with another code: same answer.
    await ctx.database.db.execute(
      sql.raw(
        'CREATE TABLE fretes (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, ' +
          'transportadora_id integer REFERENCES cadastros(id))',
      ),
    );
    const carrier = await created(fullPayload('transportadora'));
    await ctx.database.db.execute(
      sql`INSERT INTO fretes (transportadora_id) VALUES (${carrier.id})`,
    );
    const blocked = await remove(carrier.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'Não é possível excluir a transportadora "Rápido Paulista": há registros em fretes ' +
        'que dependem deste cadastro. Nada foi excluído.',
    );
    expect((await get(carrier.id)).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Uploads

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(200, 1),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100, 0)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 0),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

interface Part {
  field: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = `----prumo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let header = `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"`;
    if (part.filename !== undefined) header += `; filename="${part.filename}"`;
    header += '\r\n';
    if (part.contentType) header += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${header}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const dados = (value: unknown): Part => ({ field: 'dados', content: JSON.stringify(value) });
const file = (
  field: string,
  filename: string,
  content: Buffer,
  contentType = 'application/octet-stream',
): Part => ({
  field,
  filename,
  content,
  contentType,
});

function send(method: 'POST' | 'PUT', url: string, parts: Part[], as?: string) {
  return ctx.request({ method, url, ...multipart(parts), as });
}

describe('photo and attachments', () => {
  it('stores them with the record on create, lists them and serves them back', async () => {
    const response = await send('POST', '/api/cadastros', [
      dados(fullPayload('cliente')),
      file('foto', 'logo.jpg', JPEG, 'image/jpeg'),
      file('anexos', 'contrato.pdf', PDF, 'application/pdf'),
      file('anexos', 'planilha.csv', Buffer.from('a;b\n1;2\n'), 'text/csv'),
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.foto).toMatchObject({
      nome: 'logo.jpg',
      tipo_mime: 'image/jpeg',
      tamanho: JPEG.length,
    });
    expect(body.anexos.map((anexo: Json) => anexo.nome)).toEqual(['contrato.pdf', 'planilha.csv']);

    const foto = await ctx.request({ method: 'GET', url: `/api/cadastros/${body.id}/foto` });
    expect(foto.statusCode).toBe(200);
    expect(foto.headers['content-type']).toBe('image/jpeg');
    expect(foto.rawPayload.equals(JPEG)).toBe(true);
    const anexo = await ctx.request({
      method: 'GET',
      url: `/api/cadastros/${body.id}/anexos/${body.anexos[0].id}`,
    });
    expect(anexo.statusCode).toBe(200);
    expect(anexo.headers['content-disposition']).toContain('attachment; filename="contrato.pdf"');
    expect(anexo.rawPayload.equals(PDF)).toBe(true);
    const other = await created(fullPayload('fornecedor'));
    const wrong = await ctx.request({
      method: 'GET',
      url: `/api/cadastros/${other.id}/anexos/${body.anexos[0].id}`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('replaces and removes the photo and attachments on edit, deleting the files', async () => {
    const first = await send('POST', '/api/cadastros', [
      dados(fullPayload('funcionario')),
      file('foto', 'eu.gif', GIF, 'image/gif'),
      file('anexos', 'rg.pdf', PDF),
      file('anexos', 'cpf.pdf', PDF),
    ]);
    expect(first.statusCode).toBe(201);
    const { id, foto, anexos } = first.json();
    const arquivosAntes = await count('arquivos');

    const edit = await send('PUT', `/api/cadastros/${id}`, [
      dados({ tipo: 'funcionario', nome: 'Beatriz N.', anexos_remover: [anexos[0].id] }),
      file('foto', 'nova.jpeg', JPEG, 'image/jpeg'),
      file('anexos', 'ctps.pdf', PDF),
    ]);
    expect(edit.statusCode).toBe(200);
    const editado = edit.json();
    expect(editado.foto.nome).toBe('nova.jpeg');
    expect(editado.foto.id).not.toBe(foto.id);
    expect(editado.anexos.map((anexo: Json) => anexo.nome)).toEqual(['cpf.pdf', 'ctps.pdf']);
    // The replaced photo and the removed attachment are deleted, not left behind.
    expect(await count('arquivos')).toBe(arquivosAntes);
    const gone = await ctx.database.db.execute(
      sql`SELECT id FROM arquivos WHERE id IN (${foto.id}, ${anexos[0].id})`,
    );
    expect((gone as unknown as { rows: unknown[] }).rows).toHaveLength(0);

    const semFoto = await put(id, { tipo: 'funcionario', nome: 'Beatriz N.', remover_foto: true });
    expect(semFoto.json().foto).toBeNull();
    expect(
      (await ctx.request({ method: 'GET', url: `/api/cadastros/${id}/foto` })).statusCode,
    ).toBe(404);

    const notMine = await put(id, { tipo: 'funcionario', nome: 'B', anexos_remover: [999_999] });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().fields).toEqual({
      anexos_remover: 'Anexo não encontrado neste cadastro.',
    });

    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/cadastros/${id}/anexos/${editado.anexos[0].id}`,
          as: USER_EMAIL,
        })
      ).statusCode,
    ).toBe(403);

    const before = await count('arquivos');
    expect((await remove(id)).statusCode).toBe(204);
    expect(await count('arquivos')).toBe(before - 2);
  });

  it('checks the photo type by content, not by name', async () => {
    const png = await send('POST', '/api/cadastros', [
      dados(fullPayload('cliente')),
      file('foto', 'foto.jpg', PNG, 'image/jpeg'),
    ]);
    expect(png.statusCode).toBe(415);
    expect(png.json()).toMatchObject({
      message: 'Foto: o arquivo "foto.jpg" não é de um tipo aceito (JPG/JPEG, GIF).',
      fields: { foto: 'Tipos aceitos: JPG/JPEG, GIF' },
    });
    const text = await send('POST', '/api/cadastros', [
      dados(fullPayload('cliente')),
      file('foto', 'foto.gif', Buffer.from('não sou imagem'), 'image/gif'),
    ]);
    expect(text.statusCode).toBe(415);
    const gif = await send('POST', '/api/cadastros', [
      dados(fullPayload('cliente')),
      file('foto', 'foto.bin', GIF),
    ]);
    expect(gif.statusCode).toBe(201);
    expect(gif.json().foto.tipo_mime).toBe('image/gif');
  });

  it('enforces 5 MB per file and one photo, and only customers and employees have a photo', async () => {
    const arquivosAntes = await count('arquivos');
    const cadastrosAntes = await count('cadastros');
    const big = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await send('POST', '/api/cadastros', [
      dados(fullPayload('cliente')),
      file('foto', 'grande.jpg', big),
    ]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().fields).toEqual({ foto: 'Tamanho máximo: 5 MB' });
    const bigAnexo = await send('POST', '/api/cadastros', [
      dados(fullPayload('cliente')),
      file('anexos', 'a.pdf', PDF),
      file('anexos', 'grande.bin', big),
    ]);
    expect(bigAnexo.statusCode).toBe(413);
    const twoPhotos = await send('POST', '/api/cadastros', [
      dados(fullPayload('cliente')),
      file('foto', 'a.jpg', JPEG),
      file('foto', 'b.jpg', JPEG),
    ]);
    expect(twoPhotos.statusCode).toBe(400);
    const supplierPhoto = await send('POST', '/api/cadastros', [
      dados(fullPayload('fornecedor')),
      file('foto', 'a.jpg', JPEG),
    ]);
    expect(supplierPhoto.statusCode).toBe(400);
    expect(supplierPhoto.json().fields).toEqual({ foto: 'Fornecedores não têm foto.' });
    const unknown = await send('POST', '/api/cadastros', [
      dados(fullPayload('cliente')),
      file('documento', 'a.pdf', PDF),
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(await count('arquivos')).toBe(arquivosAntes);
    expect(await count('cadastros')).toBe(cadastrosAntes);
  });

  it('validates the data of a multipart save with the same rules and keeps nothing on failure', async () => {
    const arquivosAntes = await count('arquivos');
    const invalid = await send('POST', '/api/cadastros', [
      dados({ tipo: 'funcionario', nome: '' }),
      file('foto', 'a.jpg', JPEG),
    ]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({ nome: M.nome, cpf: M.cpfObrigatorio });
    const badJson = await send('POST', '/api/cadastros', [{ field: 'dados', content: '{"tipo":' }]);
    expect(badJson.statusCode).toBe(400);
    const payload = fullPayload('cliente');
    expect((await post(payload)).statusCode).toBe(201);
    const duplicate = await send('POST', '/api/cadastros', [
      dados(payload),
      file('foto', 'a.jpg', JPEG),
      file('anexos', 'x.pdf', PDF),
    ]);
    expect(duplicate.statusCode).toBe(409);
    expect(await count('arquivos')).toBe(arquivosAntes);
    const forbidden = await send(
      'POST',
      '/api/cadastros',
      [dados(fullPayload('funcionario')), file('foto', 'a.jpg', JPEG)],
      USER_EMAIL,
    );
    expect(forbidden.statusCode).toBe(403);
  });
});
