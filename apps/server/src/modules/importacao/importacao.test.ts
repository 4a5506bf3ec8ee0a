import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Importacao,
  ImportacaoArquivo,
  ImportacaoOpcoesInput,
  TipoImportacao,
} from '@prumo/shared/importacao';
import { gtinCheckDigit } from '@prumo/shared/produtos';
import { productsOutOfBalance } from '../../test/estoque-ledger';
import { multipart } from '../../test/multipart-body';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { LIVRO_MINIMO, zerosDeflatados, zip } from '../../test/zip-teste';
import { execucoes } from './importacao.processo';
import {
  enviarPlanilha,
  enviarPlanilhaOk,
  esperarImportacao,
  iniciarImportacao,
  simularImportacao,
} from '../../test/importacao';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Linha = Record<string, unknown>;

async function consulta<T = Linha>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await ctx.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const csv = (linhas: string[][], separador = ';') =>
  linhas.map((l) => l.join(separador)).join('\r\n') + '\r\n';

const enviar = (tipo: TipoImportacao, conteudo: string | Buffer, nome?: string, as?: string) =>
  enviarPlanilha(ctx, tipo, conteudo, nome, as);
const enviarOk = (tipo: TipoImportacao, conteudo: string | Buffer, nome?: string) =>
  enviarPlanilhaOk(ctx, tipo, conteudo, nome);

function opcoesDe(
  arquivo: ImportacaoArquivo,
  extra: Partial<ImportacaoOpcoesInput> & { chave: string },
): ImportacaoOpcoesInput {
  return {
    mapeamento: arquivo.mapeamento_sugerido,
    existentes: 'atualizar',
    modo: 'validas',
    ...extra,
  };
}

const simular = (id: number, opcoes: ImportacaoOpcoesInput, query?: string) =>
  simularImportacao(ctx, id, opcoes, query);
const esperar = (id: number) => esperarImportacao(ctx, id);

async function executar(id: number, opcoes: ImportacaoOpcoesInput) {
  expect((await iniciarImportacao(ctx, id, opcoes)).status).toBe('Em andamento');
  return esperar(id);
}

async function importar(
  tipo: TipoImportacao,
  conteudo: string | Buffer,
  extra: Partial<ImportacaoOpcoesInput> & { chave: string },
) {
  const arquivo = await enviarOk(tipo, conteudo);
  const importacao = await executar(arquivo.id, opcoesDe(arquivo, extra));
  return { arquivo, importacao };
}

const ean = (corpo: string) => corpo + gtinCheckDigit(corpo);

describe('importação de cadastros', () => {
  it('importa clientes com CPF ou CNPJ, cidade e UF, e cada um aponta para a importação', async () => {
    const { arquivo, importacao } = await importar(
      'clientes',
      csv([
        ['Nome', 'CPF/CNPJ', 'E-mail', 'Cidade', 'UF', 'Limite de crédito'],
        [
          'Maria Importada',
          '529.982.247-25',
          'maria@exemplo.com.br',
          'São Paulo',
          'SP',
          '1.500,00',
        ],
        ['Empresa Importada Ltda', '11.222.333/0001-81', '', 'Curitiba', 'PR', ''],
      ]),
      { chave: 'cpf_cnpj' },
    );
    expect(arquivo.separador).toBe(';');
    expect(importacao).toMatchObject({ status: 'Concluída', criados: 2, recusados: 0 });
    const rows = await consulta<{
      nome: string;
      tipo_cliente: string;
      cidade: string;
      uf: string;
      limite_credito: number;
      importacao_id: number;
    }>(
      sql`SELECT nome, tipo_cliente, cidade, uf, limite_credito, importacao_id FROM cadastros WHERE importacao_id = ${arquivo.id} ORDER BY nome`,
    );
    expect(rows).toMatchObject([
      {
        nome: 'Empresa Importada Ltda',
        tipo_cliente: 'pessoa-juridica',
        cidade: 'Curitiba',
        uf: 'PR',
      },
      { nome: 'Maria Importada', tipo_cliente: 'pessoa-fisica', limite_credito: 1500, uf: 'SP' },
    ]);
  });

  it('importa fornecedores, funcionários e transportadoras com as regras dos formulários', async () => {
    const fornecedores = await importar(
      'fornecedores',
      csv([
        ['Razão Social', 'CNPJ', 'Tipo de pessoa'],
        ['Distribuidora Importada', '11.444.777/0001-61', 'PJ'],
      ]),
      { chave: 'cpf_cnpj' },
    );
    expect(fornecedores.importacao).toMatchObject({ status: 'Concluída', criados: 1 });

    const funcionarios = await importar(
      'funcionarios',
      csv([
        ['Nome', 'CPF', 'RG', 'Data de nascimento', 'Sexo', 'E-mail'],
        [
          'Carlos Importado',
          '111.444.777-35',
          '12.345.678-9',
          '15/03/1990',
          'M',
          'carlos@exemplo.com.br',
        ],
        ['Sem Nascimento', '390.533.447-05', '1', '', 'F', 'sem@exemplo.com.br'],
      ]),
      { chave: 'cpf' },
    );
    expect(funcionarios.importacao).toMatchObject({
      status: 'Concluída',
      criados: 1,
      recusados: 1,
    });
    const [carlos] = await consulta(
      sql`SELECT data_nascimento::text AS data, sexo FROM cadastros WHERE cpf = '11144477735' AND tipo = 'funcionario'`,
    );
    expect(carlos).toEqual({ data: '1990-03-15', sexo: 'masculino' });

    const transportadoras = await importar(
      'transportadoras',
      csv([
        [
          'Nome fantasia',
          'Razão social',
          'CNPJ',
          'E-mail',
          'CEP',
          'Logradouro',
          'Número',
          'Bairro',
          'Cidade',
          'UF',
        ],
        [
          'Rápida Importada',
          'Rápida Importada Ltda',
          '11.222.333/0001-81',
          'r@rapida.com.br',
          '01310-100',
          'Av. Paulista',
          '100',
          'Bela Vista',
          'São Paulo',
          'SP',
        ],
      ]),
      { chave: 'cnpj' },
    );
    expect(transportadoras.importacao).toMatchObject({ status: 'Concluída', criados: 1 });
  });

  it('a simulação mostra os erros de cada célula com as mensagens do formulário e não grava nada', async () => {
    const arquivo = await enviarOk(
      'clientes',
      csv([
        ['Nome', 'CPF/CNPJ', 'E-mail', 'Limite de crédito'],
        ['Cliente Simulado', '123.456.789-00', 'sem-arroba', 'abc'],
        ['', '', '', ''],
        ['Outro Simulado', '', '', ''],
      ]),
    );
    expect(arquivo.total_linhas).toBe(2);
    const simulacao = await simular(arquivo.id, opcoesDe(arquivo, { chave: 'cpf_cnpj' }));
    expect(simulacao).toMatchObject({ criar: 1, recusar: 1, atualizar: 0, ignorar: 0 });
    const [recusada] = simulacao.linhas;
    expect(recusada!.linha).toBe(2);
    expect(recusada!.erros).toEqual(
      expect.arrayContaining([
        { campo: 'cpf_cnpj', mensagem: 'CPF inválido' },
        { campo: 'email', mensagem: 'E-mail inválido' },
        { campo: 'limite_credito', mensagem: 'Limite de crédito: informe um valor como 1.234,56' },
      ]),
    );
    expect(simulacao.linhas[1]).toMatchObject({ linha: 4, acao: 'criar' });
    const soErros = await simular(
      arquivo.id,
      opcoesDe(arquivo, { chave: 'cpf_cnpj' }),
      '?so_erros=true',
    );
    expect(soErros.linhas.map((l) => l.linha)).toEqual([2]);
    const [contados] = await consulta<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM cadastros WHERE nome LIKE '%Simulado'`,
    );
    expect(contados!.total).toBe(0);
  });

  it('recusa envio sem arquivo, com dois, grande demais, de outro formato ou de tipo desconhecido', async () => {
    const contar = async () =>
      (await consulta<{ total: number }>(sql`SELECT count(*)::int AS total FROM importacoes`))[0]!
        .total;
    const antes = await contar();
    const arquivo = (nome: string, conteudo: Buffer) => ({
      field: 'arquivo',
      name: nome,
      type: 'text/csv',
      content: conteudo,
    });
    const enviarPartes = (files: ReturnType<typeof arquivo>[], tipo = 'clientes') =>
      ctx.request({ method: 'POST', url: '/api/importacoes', ...multipart({ tipo }, files) });
    const casos = [
      { resposta: await enviarPartes([]), status: 400 },
      {
        resposta: await enviarPartes([
          arquivo('a.csv', Buffer.from('Nome\nA')),
          arquivo('b.csv', Buffer.from('Nome\nB')),
        ]),
        status: 400,
      },
      {
        resposta: await enviarPartes([arquivo('g.csv', Buffer.alloc(21 * 1024 * 1024, 'a'))]),
        status: 413,
      },
      { resposta: await enviarPartes([arquivo('p.xls', Buffer.from('Nome\nA'))]), status: 400 },
      {
        resposta: await enviarPartes([arquivo('p.csv', Buffer.from('Nome\nA'))], 'pedidos'),
        status: 400,
      },
    ];
    for (const { resposta, status } of casos) {
      expect(resposta.statusCode, resposta.body).toBe(status);
      expect(resposta.json<{ message: string }>().message).toMatch(/[a-zà-ú]{3}/);
    }
    expect(casos[1]!.resposta.json().message).toBe('Envie uma planilha por vez');
    expect(casos[2]!.resposta.json().message).toBe(
      'O arquivo passa de 20 MB. Divida a planilha e importe em partes.',
    );
    expect(await contar()).toBe(antes);
  });

  it('recusa arquivos hostis com 4xx em pt-BR, sem gravar nada: zip bomb, lixo binário, falso XLSX', async () => {
    const antes = (
      await consulta<{ total: number }>(sql`SELECT count(*)::int AS total FROM importacoes`)
    )[0]!.total;
    const { comprimido, crc } = await zerosDeflatados(256);
    const hostis = [
      {
        nome: 'bomba.xlsx',
        conteudo: zip([
          ...LIVRO_MINIMO,
          { nome: 'xl/worksheets/sheet1.xml', comprimido, crc, tamanho: 256 * 1024 * 1024 },
        ]),
      },
      {
        nome: 'lixo.csv',
        conteudo: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      },
      { nome: 'falso.xlsx', conteudo: Buffer.from('Nome;Preço\nCaneta;1,50\n') },
      { nome: 'uma-linha.csv', conteudo: Buffer.alloc(2 * 1024 * 1024, 'x') },
    ];
    for (const { nome, conteudo } of hostis) {
      const resposta = await ctx.request({
        method: 'POST',
        url: '/api/importacoes',
        ...multipart({ tipo: 'produtos' }, [
          { field: 'arquivo', name: nome, type: 'application/octet-stream', content: conteudo },
        ]),
      });
      expect([400, 413], `${nome}: ${resposta.body}`).toContain(resposta.statusCode);
      expect(resposta.json<{ message: string }>().message, nome).toMatch(/[a-zà-ú]{3}/);
    }
    expect(
      (await consulta<{ total: number }>(sql`SELECT count(*)::int AS total FROM importacoes`))[0]!
        .total,
    ).toBe(antes);
  });

  it('recusa as opções que não cabem na planilha com 400 em pt-BR', async () => {
    const arquivo = await enviarOk('clientes', csv([['Nome'], ['Fulano']]));
    const semNome = await ctx.request({
      method: 'POST',
      url: `/api/importacoes/${arquivo.id}/simular`,
      payload: { mapeamento: { nome: null }, chave: 'nome', existentes: 'atualizar', modo: 'tudo' },
    });
    expect(semNome.statusCode).toBe(400);
    expect(semNome.json().message).toBe('Escolha a coluna de "Nome" (obrigatório)');
    const colunaInexistente = await ctx.request({
      method: 'POST',
      url: `/api/importacoes/${arquivo.id}/executar`,
      payload: {
        mapeamento: { nome: 'Razão' },
        chave: 'nome',
        existentes: 'atualizar',
        modo: 'tudo',
      },
    });
    expect(colunaInexistente.statusCode).toBe(400);
    expect(colunaInexistente.json().message).toBe('A coluna "Razão" não está na planilha');
  });
});

describe('importação de produtos, serviços e estoque', () => {
  it('cria os grupos que faltam e grava preços, custo, código de barras, NCM e unidade', async () => {
    const barras = ean('789100000001');
    const { arquivo, importacao } = await importar(
      'produtos',
      csv([
        [
          'Código',
          'Descrição',
          'Grupo',
          'Unidade',
          'GTIN/EAN',
          'NCM',
          'Preço',
          'Preço de custo',
          'Estoque mínimo',
        ],
        [
          'IMP-1',
          'Caneta importada',
          'Papelaria Importada',
          'cx',
          barras,
          '9608.10.00',
          '1.234,56',
          '10,5',
          '3',
        ],
        ['IMP-2', 'Lápis importado', 'papelaria importada', '', '', '', '2,00', '', ''],
      ]),
      { chave: 'codigo_interno' },
    );
    expect(importacao).toMatchObject({ status: 'Concluída', criados: 2 });
    const rows = await consulta(
      sql`SELECT p.codigo_interno, p.nome, c.nome AS grupo, p.unidade_medida, p.codigo_barras, p.ncm, p.preco, p.custo, p.estoque_minimo, c.importacao_id AS grupo_importacao
          FROM produtos p JOIN categorias c ON c.id = p.categoria_id WHERE p.importacao_id = ${arquivo.id} ORDER BY p.codigo_interno`,
    );
    expect(rows).toEqual([
      {
        codigo_interno: 'IMP-1',
        nome: 'Caneta importada',
        grupo: 'Papelaria Importada',
        unidade_medida: 'CX',
        codigo_barras: barras,
        ncm: '96081000',
        preco: 1234.56,
        custo: 10.5,
        estoque_minimo: 3,
        grupo_importacao: arquivo.id,
      },
      {
        codigo_interno: 'IMP-2',
        nome: 'Lápis importado',
        grupo: 'Papelaria Importada',
        unidade_medida: 'UN',
        codigo_barras: null,
        ncm: null,
        preco: 2,
        custo: 0,
        estoque_minimo: 0,
        grupo_importacao: arquivo.id,
      },
    ]);
  });

  it('atualiza ou ignora os que já existem, conforme a opção', async () => {
    const planilha = (preco: string) =>
      csv([
        ['Código', 'Nome', 'Preço de venda'],
        ['UPD-1', 'Produto de atualizar', preco],
      ]);
    await importar('produtos', planilha('10,00'), { chave: 'codigo_interno' });
    const ignorada = await importar('produtos', planilha('20,00'), {
      chave: 'codigo_interno',
      existentes: 'ignorar',
    });
    expect(ignorada.importacao).toMatchObject({ criados: 0, atualizados: 0, ignorados: 1 });
    const precoDe = async () =>
      (
        await consulta<{ preco: number }>(
          sql`SELECT preco FROM produtos WHERE codigo_interno = 'UPD-1'`,
        )
      )[0]!.preco;
    expect(await precoDe()).toBe(10);
    const atualizada = await importar('produtos', planilha('30,00'), { chave: 'codigo_interno' });
    expect(atualizada.importacao).toMatchObject({ criados: 0, atualizados: 1 });
    expect(await precoDe()).toBe(30);
  });

  it('importa serviços', async () => {
    const { importacao } = await importar(
      'servicos',
      csv([
        ['Código', 'Nome', 'Valor de venda', 'Duração (minutos)', 'Ativo'],
        ['SRV-IMP', 'Instalação importada', '150,00', '90', 'Sim'],
      ]),
      { chave: 'codigoInterno' },
    );
    expect(importacao).toMatchObject({ status: 'Concluída', criados: 1 });
    const [servico] = await consulta(
      sql`SELECT preco, duracao, ativo FROM servicos WHERE codigo_interno = 'SRV-IMP'`,
    );
    expect(servico).toEqual({ preco: 150, duracao: 90, ativo: true });
  });

  it('o saldo inicial entra pelo livro de estoque, uma entrada "Saldo inicial" por linha', async () => {
    const barras = ean('789100000002');
    await importar(
      'produtos',
      csv([
        ['Código', 'Nome', 'Código de barras'],
        ['EST-1', 'Produto com saldo', barras],
        ['EST-2', 'Outro com saldo', ''],
      ]),
      { chave: 'codigo_interno' },
    );
    const { arquivo, importacao } = await importar(
      'estoque',
      csv([
        ['Produto', 'Quantidade', 'Custo unitário', 'Data'],
        [barras, '12,5', '3,20', '01/11/2026'],
        ['NAO-EXISTE', '1', '', ''],
      ]),
      { chave: 'codigo_barras' },
    );
    expect(importacao).toMatchObject({ status: 'Concluída', criados: 1, recusados: 1 });
    const movimentos = await consulta(
      sql`SELECT m.tipo, m.quantidade, m.motivo, m.data::text AS data, p.estoque, p.custo
          FROM estoque_movimentacoes m JOIN produtos p ON p.id = m.produto_id WHERE m.importacao_id = ${arquivo.id}`,
    );
    expect(movimentos).toEqual([
      {
        tipo: 'entrada',
        quantidade: 12.5,
        motivo: 'Saldo inicial',
        data: '2026-11-01',
        estoque: 12.5,
        custo: 3.2,
      },
    ]);
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);
  });
});

describe('tudo ou nada, linhas válidas, chaves repetidas, recusadas e cancelamento', () => {
  /** 4,010 products; row 4,000 of the sheet (the 3,999th product) has no price that reads. */
  const planilhaComErro = (prefixo: string) =>
    csv([
      ['Código', 'Nome', 'Preço'],
      ...Array.from({ length: 4_010 }, (_, i) => [
        `${prefixo}-${i + 1}`,
        `Produto ${prefixo} ${i + 1}`,
        i + 2 === 4_000 ? 'dez reais' : '5,00',
      ]),
    ]);
  const criadosCom = async (prefixo: string) =>
    (
      await consulta<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM produtos WHERE codigo_interno LIKE ${`${prefixo}-%`}`,
      )
    )[0]!.total;

  it("no modo 'tudo' uma linha inválida (a 4.000) faz a importação não gravar nada", async () => {
    const { importacao } = await importar('produtos', planilhaComErro('TUDO'), {
      chave: 'codigo_interno',
      modo: 'tudo',
    });
    expect(importacao).toMatchObject({ status: 'Falhou', criados: 0, recusados: 1 });
    expect(importacao.erro).toContain('1 linha recusada');
    expect(await criadosCom('TUDO')).toBe(0);
  });

  it("no modo 'validas' grava as outras 4.009 e o CSV das recusadas traz a linha e o motivo", async () => {
    const { importacao } = await importar('produtos', planilhaComErro('VAL'), {
      chave: 'codigo_interno',
      modo: 'validas',
    });
    expect(importacao).toMatchObject({ status: 'Concluída', criados: 4_009, recusados: 1 });
    expect(await criadosCom('VAL')).toBe(4_009);
    const response = await ctx.request({
      method: 'GET',
      url: `/api/importacoes/${importacao.id}/recusadas`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const linhas = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas).toEqual([
      'Código;Nome;Preço;Motivo',
      'VAL-3999;Produto VAL 3999;dez reais;Preço de venda: informe um valor como 1.234,56',
    ]);
  });

  it('chaves repetidas no arquivo são recusadas com a linha da primeira', async () => {
    const arquivo = await enviarOk(
      'produtos',
      csv([
        ['Código', 'Nome'],
        ['DUP-1', 'Primeiro'],
        ['DUP-1', 'Repetido'],
      ]),
    );
    const simulacao = await simular(arquivo.id, opcoesDe(arquivo, { chave: 'codigo_interno' }));
    expect(simulacao).toMatchObject({ criar: 1, recusar: 1 });
    expect(simulacao.linhas[1]).toMatchObject({
      linha: 3,
      acao: 'recusar',
      erros: [{ campo: 'codigo_interno', mensagem: 'Chave repetida na linha 2' }],
    });
  });

  it('cancelar desfaz tudo o que a importação gravou', async () => {
    const arquivo = await enviarOk(
      'produtos',
      csv([
        ['Código', 'Nome'],
        ...Array.from({ length: 300 }, (_, i) => [`CAN-${i}`, `Cancelado ${i}`]),
      ]),
    );
    const response = await ctx.request({
      method: 'POST',
      url: `/api/importacoes/${arquivo.id}/executar`,
      payload: opcoesDe(arquivo, { chave: 'codigo_interno' }),
    });
    expect(response.statusCode).toBe(202);
    // The request of the route, and (for the embedded database, whose one connection the run
    // holds) the same flag set directly, so the cancel lands while the run is open.
    const cancelamento = ctx.request({
      method: 'POST',
      url: `/api/importacoes/${arquivo.id}/cancelar`,
    });
    execucoes.get(arquivo.id)!.cancelar = true;
    expect([200, 409]).toContain((await cancelamento).statusCode);
    const importacao = await esperar(arquivo.id);
    expect(importacao).toMatchObject({ status: 'Cancelada', criados: 0 });
    expect(await criadosCom('CAN')).toBe(0);
    const de_novo = await ctx.request({
      method: 'POST',
      url: `/api/importacoes/${arquivo.id}/cancelar`,
    });
    expect(de_novo.statusCode).toBe(409);
  });
});

describe('auditoria, papéis, codificações e modelos', () => {
  it('a importação é uma entrada na trilha de auditoria, não uma por registro', async () => {
    const { arquivo, importacao } = await importar(
      'produtos',
      csv([
        ['Código', 'Nome'],
        ...Array.from({ length: 20 }, (_, i) => [`AUD-${i}`, `Auditado ${i}`]),
      ]),
      { chave: 'codigo_interno' },
    );
    expect(importacao.criados).toBe(20);
    const entradas = await consulta<{
      recurso: string;
      acao: string;
      usuario_nome: string;
      depois: Linha;
    }>(
      sql`SELECT recurso, acao, usuario_nome, depois FROM auditoria
          WHERE (recurso = 'importacoes' AND registro_id = ${String(arquivo.id)})
             OR (recurso = 'produtos' AND registro_id IN (SELECT id::text FROM produtos WHERE importacao_id = ${arquivo.id}))`,
    );
    expect(entradas).toHaveLength(1);
    expect(entradas[0]).toMatchObject({ recurso: 'importacoes', acao: 'status' });
    expect(entradas[0]!.usuario_nome).toBeTruthy();
    expect(entradas[0]!.depois).toMatchObject({
      arquivo_nome: 'planilha.csv',
      criados: 20,
      status: 'Concluída',
    });
  });

  it('só administradores e gerentes importam (usuário comum: 403)', async () => {
    expect(
      (await ctx.request({ method: 'GET', url: '/api/importacoes', as: USER_EMAIL })).statusCode,
    ).toBe(403);
    expect((await enviar('clientes', csv([['Nome'], ['X']]), 'a.csv', USER_EMAIL)).statusCode).toBe(
      403,
    );
    const lista = await ctx.request({ method: 'GET', url: '/api/importacoes?tipo=produtos' });
    expect(lista.statusCode).toBe(200);
    expect(lista.json<Importacao[]>().every((i) => i.tipo === 'produtos')).toBe(true);
  });

  it('lê Windows-1252 e os três separadores', async () => {
    const linhas = [
      ['Nome', 'Observações'],
      ['Conceição Ávila', 'Atenção: não ligar'],
    ];
    const latin1 = await enviarOk('clientes', Buffer.from(csv(linhas), 'latin1'));
    expect(latin1.codificacao).toBe('Windows-1252');
    expect(latin1.amostra[0]).toEqual(['Conceição Ávila', 'Atenção: não ligar']);
    for (const separador of [';', ',', '\t']) {
      const arquivo = await enviarOk('clientes', csv(linhas, separador));
      expect(arquivo.separador).toBe(separador);
      expect(arquivo.mapeamento_sugerido).toMatchObject({
        nome: 'Nome',
        observacoes: 'Observações',
      });
    }
    const importada = await executar(latin1.id, opcoesDe(latin1, { chave: 'nome' }));
    expect(importada).toMatchObject({ status: 'Concluída', criados: 1 });
  });

  it('a planilha modelo tem os rótulos dos campos e duas linhas de exemplo que se importam', async () => {
    const modelo = await ctx.request({
      method: 'GET',
      url: '/api/importacoes/modelo/servicos?formato=csv',
    });
    expect(modelo.statusCode).toBe(200);
    const [cabecalho] = modelo.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(cabecalho!.split(';').slice(0, 3)).toEqual(['Código', 'Nome', 'Categoria']);
    const arquivo = await enviarOk('servicos', modelo.rawPayload, 'modelo.csv');
    const simulacao = await simular(arquivo.id, opcoesDe(arquivo, { chave: 'codigoInterno' }));
    expect(simulacao).toMatchObject({ criar: 2, recusar: 0 });
    const xlsx = await ctx.request({ method: 'GET', url: '/api/importacoes/modelo/produtos' });
    expect(xlsx.statusCode).toBe(200);
    const doXlsx = await enviarOk('produtos', xlsx.rawPayload, 'modelo.xlsx');
    expect(doXlsx.cabecalhos[0]).toBe('Código');
    expect(doXlsx.total_linhas).toBe(2);
    const outraFolha = await ctx.request({
      method: 'POST',
      url: `/api/importacoes/${doXlsx.id}/folha`,
      payload: { folha: 'Filtros' },
    });
    expect(outraFolha.statusCode, outraFolha.body).toBe(200);
    expect(outraFolha.json<ImportacaoArquivo>()).toMatchObject({
      folhas: ['Modelo - Produtos', 'Filtros'],
      folha: 'Filtros',
    });
  });

  it('uma importação deixada "Em andamento" por um processo que morreu fica Falhou ao ser lida', async () => {
    const arquivo = await enviarOk('clientes', csv([['Nome'], ['Órfão']]));
    await consulta(sql`UPDATE importacoes SET status = 'Em andamento' WHERE id = ${arquivo.id}`);
    const response = await ctx.request({ method: 'GET', url: `/api/importacoes/${arquivo.id}` });
    expect(response.json<Importacao>()).toMatchObject({
      status: 'Falhou',
      erro: 'A importação foi interrompida (o servidor parou); nada dela foi gravado',
    });
  });

  it('salva, lista e exclui mapeamentos', async () => {
    const salvo = await ctx.request({
      method: 'POST',
      url: '/api/importacoes/mapeamentos',
      payload: { nome: 'Bling', tipo: 'produtos', mapeamento: { nome: 'Descrição' } },
    });
    expect(salvo.statusCode, salvo.body).toBe(201);
    const lista = await ctx.request({
      method: 'GET',
      url: '/api/importacoes/mapeamentos?tipo=produtos',
    });
    expect(lista.json()).toEqual([
      { id: salvo.json().id, nome: 'Bling', tipo: 'produtos', mapeamento: { nome: 'Descrição' } },
    ]);
    const removido = await ctx.request({
      method: 'DELETE',
      url: `/api/importacoes/mapeamentos/${salvo.json().id}`,
    });
    expect(removido.statusCode).toBe(204);
  });
});

describe('volume', () => {
  // IMPORTACAO_VOLUME=50000 measures the full size (about a minute); the suite runs a sample.
  const N = Number(process.env.IMPORTACAO_VOLUME ?? 2_000);

  it(`importa ${N} produtos numa transação (tempo e memória impressos)`, async () => {
    const conteudo = csv([
      [
        'Código',
        'Nome',
        'Grupo',
        'Unidade',
        'Código de barras',
        'NCM',
        'Preço',
        'Preço de custo',
        'Estoque mínimo',
      ],
      ...Array.from({ length: N }, (_, i) => [
        `VOL-${i}`,
        `Produto em volume ${i}`,
        `Grupo ${i % 20}`,
        'UN',
        ean(String(200_000_000_000 + i)),
        '9608.10.00',
        '1.234,90',
        '4,00',
        '2',
      ]),
    ]);
    const arquivo = await enviarOk('produtos', conteudo);
    const antes = process.memoryUsage();
    let pico = antes.rss;
    let picoHeap = antes.heapUsed;
    const amostras = setInterval(() => {
      const agora = process.memoryUsage();
      pico = Math.max(pico, agora.rss);
      picoHeap = Math.max(picoHeap, agora.heapUsed);
    }, 50);
    const inicio = performance.now();
    const importacao = await executar(arquivo.id, opcoesDe(arquivo, { chave: 'codigo_interno' }));
    const segundos = (performance.now() - inicio) / 1000;
    clearInterval(amostras);
    expect(importacao).toMatchObject({ status: 'Concluída', criados: N });
    console.log(
      `[importação] ${N} produtos em ${segundos.toFixed(2)} s (${Math.round(N / segundos)}/s); ` +
        `pico de RSS +${Math.round((pico - antes.rss) / 1e6)} MB, ` +
        `do heap +${Math.round((picoHeap - antes.heapUsed) / 1e6)} MB`,
    );
  }, 300_000);
});
