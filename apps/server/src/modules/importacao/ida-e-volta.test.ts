import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Importacao,
  ImportacaoArquivo,
  ImportacaoOpcoesInput,
  TipoImportacao,
} from '@prumo/shared/importacao';
import { gtinCheckDigit } from '@prumo/shared/produtos';
import {
  enviarPlanilhaOk,
  esperarImportacao,
  iniciarImportacao,
  simularImportacao,
} from '../../test/importacao';
import { createTestContext, type TestContext } from '../../test/test-app';
import { lerValores } from './importacao.tipos';

/**
 * The round trip of issue 33: what a list exports (CSV and XLSX) imports back, with the suggested
 * mapping, into another company's database as the same records. Records are made through the API
 * in `origem`, exported from there and imported into `destino`, a fresh database; every field of
 * every record's detail is then compared, ids and timestamps aside.
 *
 * Only the fields the import reads travel: the records here fill those and leave the rest of the
 * forms (site, fax, contacts, photo, a product's fiscal and packaging fields, whether it moves
 * stock…) at their defaults, which are the same on both sides. A keyless row always creates, so
 * every record has its kind's key (CPF/CNPJ, code) for the second import to find it. The CSV
 * neutralises a text that starts with = + - @ as "'=…", which the import reads back without the
 * apostrophe; so a stored text that itself starts with "'=" would come back as "=…" (not here).
 */
let origem: TestContext;
let destino: TestContext;

type Json = Record<string, unknown>;
type Formato = 'csv' | 'xlsx';

/** The marks the exports filter by, so the demo data (the same on both sides) stays out. */
const MARCA_CADASTROS = 'idaevolta';
const MARCA_PRODUTOS = 'iev';
const MARCA_SERVICOS = 'ida e volta';

const ean = (corpo: string) => corpo + gtinCheckDigit(corpo);

const CLIENTES: Json[] = [
  {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-fisica',
    situacao: 'ativo',
    nome: 'Conceição Araújo',
    cpf: '284.017.395-60',
    email: 'conceicao@idaevolta.com.br',
    telefone: '(11) 3333-4444',
    // A foreign mobile: '+' first, which the CSV neutralises as a formula.
    celular: '+1 415 555 0100',
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Apto 12; bloco B',
    bairro: 'Bela Vista',
    cidade_uf: 'São Paulo/SP',
    limite_credito: 1234.56,
    observacoes: 'Prefere "boleto" e contato à tarde',
  },
  {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-juridica',
    situacao: 'inativo',
    nome: 'Padaria Pão Dourado Ltda',
    cnpj: '27.481.635/0001-04',
    inscricao_estadual: '110.042.490.114',
    email: 'compras@idaevolta.com.br',
    telefone: '(41) 3222-1000',
    cep: '80010-000',
    logradouro: 'Rua XV de Novembro',
    numero: 's/n',
    bairro: 'Centro',
    cidade_uf: 'Curitiba/PR',
    limite_credito: 0.1,
  },
];

const FORNECEDORES: Json[] = [
  {
    tipo: 'fornecedor',
    tipo_fornecedor: 'pessoa-juridica',
    situacao: 'ativo',
    nome: 'Distribuidora Água Limpa S.A.',
    cnpj: '50.829.317/0001-03',
    inscricao_estadual: 'ISENTO',
    email: 'vendas@idaevolta.com.br',
    celular: '(21) 99876-5432',
    cidade_uf: 'Niterói/RJ',
    observacoes: '@compras: pedido mínimo de R$ 500,00',
  },
  {
    tipo: 'fornecedor',
    tipo_fornecedor: 'mei',
    situacao: 'inativo',
    nome: 'João Embalagens MEI',
    cnpj: '63.194.725/0001-88',
    email: 'joao@idaevolta.com.br',
  },
];

const FUNCIONARIOS: Json[] = [
  {
    tipo: 'funcionario',
    nome: 'Beatriz Nogueira',
    cpf: '613.592.048-06',
    rg: 'MG-12.345.678',
    data_nascimento: '1991-03-15',
    sexo: 'feminino',
    email: 'beatriz@idaevolta.com.br',
    comissao: 3.75,
    situacao: 'ferias',
    telefone: '(11) 3030-4040',
    cep: '09010-000',
    logradouro: 'Rua Coronel Oliveira Lima',
    numero: '250',
    bairro: 'Centro',
    cidade: 'Santo André',
    uf: 'SP',
    observacoes: 'Vendedora externa',
  },
  {
    tipo: 'funcionario',
    nome: 'Otávio Sá',
    cpf: '905.718.263-77',
    rg: '1234567',
    data_nascimento: '2000-02-29',
    sexo: 'masculino',
    email: 'otavio@idaevolta.com.br',
    situacao: 'ativo',
  },
];

const TRANSPORTADORAS: Json[] = [
  {
    tipo: 'transportadora',
    tipo_transportadora: 'entrega_propria',
    situacao: 'ativo',
    nome_fantasia: 'Rápido Paulista',
    razao_social: 'Rápido Paulista Transportes Ltda',
    cnpj: '71.950.286/0001-14',
    inscricao_estadual: '111.222.333.444',
    email: 'coleta@idaevolta.com.br',
    telefone: '(11) 2020-3030',
    cep: '04538-132',
    logradouro: 'Avenida Brigadeiro Faria Lima',
    numero: '3477',
    complemento: '14º andar',
    bairro: 'Itaim Bibi',
    cidade: 'São Paulo',
    uf: 'SP',
    observacoes: '=Coletas às terças',
  },
];

/** Products by group name (the group's id is each database's own). */
const PRODUTOS: Array<Json & { grupo: string }> = [
  {
    grupo: 'Cafés Especiais',
    codigo_interno: 'IEV-001',
    nome: 'Café torrado e moído 500 g',
    descricao: 'Torra média; "extra forte"',
    unidade_medida: 'PCT',
    codigo_barras: ean('789100000011'),
    ncm: '0901.21.00',
    cest: '17.096.00',
    preco: 1234.56,
    custo: 0.1,
    estoque: 12.5,
    estoque_minimo: 3,
    estoque_maximo: 20,
    peso_liquido: 0.5,
    // Three decimals: "1,125" must not read as one thousand one hundred and twenty-five.
    peso_bruto: 1.125,
  },
  {
    grupo: 'Brindes',
    codigo_interno: 'IEV-002',
    nome: '+Brinde caneca esmaltada',
    unidade_medida: 'UN',
    preco: 0.1,
    estoque: 3,
  },
  {
    grupo: 'Cafés Especiais',
    codigo_interno: 'IEV-003',
    nome: 'Filtro de papel nº 103',
    unidade_medida: 'CX',
    preco: 9.9,
    custo: 4.35,
    estoque_minimo: 2,
    ativo: false,
  },
];

const SERVICOS: Json[] = [
  {
    codigoInterno: 'IEV-S1',
    nome: 'Instalação de rede estruturada',
    categoria: 'Informática Ida e Volta',
    descricao: '-10% para clientes antigos',
    preco: 1234.56,
    valorCusto: 0.1,
    comissao: 2.5,
    duracao: 90,
    codigoTributacaoNacional: '14.02.01',
    codigoNbs: '1.1403.10.00',
    aliquotaIss: 2,
    ativo: true,
  },
  {
    codigoInterno: 'IEV-S2',
    nome: 'Visita técnica',
    categoria: 'Elétrica Ida e Volta',
    preco: 80,
    duracao: 30,
    ativo: false,
  },
];

interface Tipo {
  tipo: Exclude<TipoImportacao, 'estoque'>;
  /** The list's export, filtered to this test's records (formato= is added). */
  exportar: string;
  chave: string;
  quantos: number;
  /** The ids of this test's records of the kind, and each one's detail. */
  lista: string;
  detalhe: (id: number) => string;
  /** What identifies a record across the databases (its key). */
  ordem: string;
}

const cadastro = (
  tipo: 'clientes' | 'fornecedores' | 'funcionarios' | 'transportadoras',
  tipoCadastro: string,
  chave: string,
  quantos: number,
): Tipo => ({
  tipo,
  exportar: `/api/cadastros/exportar?tipo=${tipoCadastro}&q=${MARCA_CADASTROS}`,
  chave,
  quantos,
  lista: `/api/cadastros?tipo=${tipoCadastro}&q=${MARCA_CADASTROS}`,
  detalhe: (id) => `/api/cadastros/${id}`,
  ordem: 'nome',
});

const TIPOS: Tipo[] = [
  cadastro('clientes', 'cliente', 'cpf_cnpj', CLIENTES.length),
  cadastro('fornecedores', 'fornecedor', 'cpf_cnpj', FORNECEDORES.length),
  cadastro('funcionarios', 'funcionario', 'cpf', FUNCIONARIOS.length),
  cadastro('transportadoras', 'transportadora', 'cnpj', TRANSPORTADORAS.length),
  {
    tipo: 'produtos',
    exportar: `/api/produtos/exportar?q=${MARCA_PRODUTOS}`,
    chave: 'codigo_interno',
    quantos: PRODUTOS.length,
    lista: `/api/produtos?q=${MARCA_PRODUTOS}`,
    detalhe: (id) => `/api/produtos/${id}`,
    ordem: 'codigo_interno',
  },
  {
    tipo: 'servicos',
    exportar: `/api/servicos/exportar?q=${encodeURIComponent(MARCA_SERVICOS)}`,
    chave: 'codigoInterno',
    quantos: SERVICOS.length,
    lista: `/api/servicos?q=${encodeURIComponent(MARCA_SERVICOS)}`,
    detalhe: (id) => `/api/servicos/${id}`,
    ordem: 'codigoInterno',
  },
];

/**
 * The stock screen's export of this test's products that have stock, imported as opening stock:
 * its "Código" feeds the product (not "Produto", the name) and "Estoque" the quantity. A product
 * without a code cannot be found this way; its "Preço de custo" is not read (no synonym of the
 * cost), which changes nothing here: the product's import already brought the cost.
 */
const EXPORTAR_ESTOQUE = `/api/estoque/exportar?q=${MARCA_PRODUTOS}&sem_estoque=false`;
const COM_ESTOQUE = PRODUTOS.filter((p) => Number(p.estoque ?? 0) > 0).length;

async function criar(ctx: TestContext, url: string, payload: Json): Promise<Json & { id: number }> {
  const resposta = await ctx.request({ method: 'POST', url, payload });
  expect(resposta.statusCode, `${url} ${resposta.body}`).toBe(201);
  return resposta.json();
}

async function exportar(ctx: TestContext, url: string, formato: Formato): Promise<Buffer> {
  const resposta = await ctx.request({ method: 'GET', url: `${url}&formato=${formato}` });
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.rawPayload;
}

const enviar = (tipo: TipoImportacao, conteudo: Buffer, formato: Formato) =>
  enviarPlanilhaOk(destino, tipo, conteudo, `${tipo}.${formato}`);

const opcoesDe = (
  arquivo: ImportacaoArquivo,
  chave: string,
  existentes: 'atualizar' | 'ignorar' = 'atualizar',
): ImportacaoOpcoesInput => ({
  mapeamento: arquivo.mapeamento_sugerido,
  chave,
  existentes,
  modo: 'tudo',
});

/** Sends an export to the target and runs its import; a refused row fails with its reasons. */
async function importar(
  tipo: TipoImportacao,
  conteudo: Buffer,
  formato: Formato,
  chave: string,
  existentes: 'atualizar' | 'ignorar' = 'atualizar',
): Promise<Importacao> {
  const arquivo = await enviar(tipo, conteudo, formato);
  const opcoes = opcoesDe(arquivo, chave, existentes);
  const simulacao = await simular(arquivo.id, opcoes);
  expect(simulacao.recusar, `${tipo} (${formato}): ${JSON.stringify(simulacao.linhas)}`).toBe(0);
  await iniciarImportacao(destino, arquivo.id, opcoes);
  const importacao = await esperarImportacao(destino, arquivo.id);
  expect(importacao.status, `${tipo} (${formato}): ${importacao.erro}`).toBe('Concluída');
  return importacao;
}

const simular = (id: number, opcoes: ImportacaoOpcoesInput) =>
  simularImportacao(destino, id, opcoes);

/** Ids, timestamps and the import's mark: what differs between two databases by nature. */
const FORA_DA_COMPARACAO = new Set([
  'id',
  'created_at',
  'updated_at',
  'createdAt',
  'updatedAt',
  'importacao_id',
  // A product's group by its id (the name, categoria_nome, is compared).
  'categoria_id',
  'grupo_produto',
]);

/** Every record of a kind made by this test, by its detail, without ids, in key order. */
async function registros(ctx: TestContext, t: Tipo): Promise<Json[]> {
  const lista = await ctx.request({ method: 'GET', url: t.lista });
  expect(lista.statusCode, lista.body).toBe(200);
  const detalhes: Json[] = [];
  for (const { id } of lista.json<Array<{ id: number }>>()) {
    const resposta = await ctx.request({ method: 'GET', url: t.detalhe(id) });
    expect(resposta.statusCode, resposta.body).toBe(200);
    detalhes.push(
      Object.fromEntries(
        Object.entries(resposta.json<Json>()).filter(([chave]) => !FORA_DA_COMPARACAO.has(chave)),
      ),
    );
  }
  return detalhes.sort((a, b) => String(a[t.ordem]).localeCompare(String(b[t.ordem])));
}

async function conferirIguais() {
  for (const t of TIPOS) {
    const daOrigem = await registros(origem, t);
    expect(daOrigem, t.tipo).toHaveLength(t.quantos);
    expect(await registros(destino, t), t.tipo).toEqual(daOrigem);
  }
}

beforeAll(async () => {
  [origem, destino] = await Promise.all([createTestContext(), createTestContext()]);
  for (const payload of [...CLIENTES, ...FORNECEDORES, ...FUNCIONARIOS, ...TRANSPORTADORAS]) {
    await criar(origem, '/api/cadastros', payload);
  }
  const grupos = new Map<string, number>();
  for (const { grupo, ...payload } of PRODUTOS) {
    if (!grupos.has(grupo))
      grupos.set(grupo, (await criar(origem, '/api/categorias', { nome: grupo })).id);
    await criar(origem, '/api/produtos', { ...payload, categoria_id: grupos.get(grupo) });
  }
  for (const payload of SERVICOS) await criar(origem, '/api/servicos', payload);
});
afterAll(async () => {
  await Promise.all([origem?.close(), destino?.close()]);
});

describe('exportar → importar noutra empresa → registros iguais', () => {
  it('o CSV de cada lista cria no destino os mesmos registros, e o do estoque os mesmos saldos', async () => {
    for (const t of TIPOS) {
      const csv = await exportar(origem, t.exportar, 'csv');
      const importacao = await importar(t.tipo, csv, 'csv', t.chave);
      expect(importacao, t.tipo).toMatchObject({ criados: t.quantos, atualizados: 0 });
    }
    const estoque = await exportar(origem, EXPORTAR_ESTOQUE, 'csv');
    const saldo = await importar('estoque', estoque, 'csv', 'codigo_interno');
    expect(saldo).toMatchObject({ criados: COM_ESTOQUE, recusados: 0 });
    // The products' detail holds the stock: equal once the opening balance came in.
    await conferirIguais();
  });

  it('o XLSX de cada lista lê os mesmos valores que o CSV', async () => {
    for (const t of [
      ...TIPOS,
      { tipo: 'estoque', exportar: EXPORTAR_ESTOQUE, chave: 'codigo_interno' } as const,
    ]) {
      const lidos: Record<Formato, Json[]> = { csv: [], xlsx: [] };
      for (const formato of ['csv', 'xlsx'] as const) {
        const arquivo = await enviar(t.tipo, await exportar(origem, t.exportar, formato), formato);
        const simulacao = await simular(arquivo.id, opcoesDe(arquivo, t.chave));
        expect(simulacao.recusar, JSON.stringify(simulacao.linhas)).toBe(0);
        lidos[formato] = simulacao.linhas.map((l) => {
          const { valores, erros } = lerValores(t.tipo, l.valores);
          expect(erros).toEqual([]);
          return valores;
        });
      }
      expect(lidos.xlsx, t.tipo).toEqual(lidos.csv);
      expect(lidos.csv.length, t.tipo).toBeGreaterThan(0);
    }
  });

  it("de novo no mesmo destino: 'ignorar' não cria nada; 'atualizar' deixa os registros iguais", async () => {
    for (const t of TIPOS) {
      for (const formato of ['csv', 'xlsx'] as const) {
        const arquivo = await exportar(origem, t.exportar, formato);
        const ignorada = await importar(t.tipo, arquivo, formato, t.chave, 'ignorar');
        expect(ignorada, `${t.tipo} (${formato})`).toMatchObject({
          criados: 0,
          atualizados: 0,
          ignorados: t.quantos,
          recusados: 0,
        });
        const atualizada = await importar(t.tipo, arquivo, formato, t.chave, 'atualizar');
        expect(atualizada, `${t.tipo} (${formato})`).toMatchObject({
          criados: 0,
          atualizados: t.quantos,
          recusados: 0,
        });
      }
    }
    await conferirIguais();
  });
});
