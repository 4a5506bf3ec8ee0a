import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayISO } from '@prumo/shared/dates';
import { CAMPOS_IMPORTACAO, lerDinheiroBr } from '@prumo/shared/importacao';
import { createTestContext, USER_EMAIL, type TestContext } from '../test/test-app';

/**
 * The list exports (issue 33): each list's /exportar holds exactly the rows its list returns for
 * the same filter, in the same order, as CSV for Excel in pt-BR and as XLSX; the catalogue's
 * exports have the import's columns. Run on the demo data of a fresh database.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A CSV of the exports as rows of cells (quoted cells unquoted). */
function lerCsv(texto: string): string[][] {
  const linhas: string[][] = [];
  let linha: string[] = [];
  let celula = '';
  let aspas = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i]!;
    if (aspas && c === '"' && texto[i + 1] === '"') {
      celula += '"';
      i++;
    } else if (c === '"') {
      aspas = !aspas;
    } else if (!aspas && c === ';') {
      linha.push(celula);
      celula = '';
    } else if (!aspas && c === '\r' && texto[i + 1] === '\n') {
      linha.push(celula);
      linhas.push(linha);
      linha = [];
      celula = '';
      i++;
    } else {
      celula += c;
    }
  }
  return linhas;
}

interface Tabela {
  cabecalho: string[];
  linhas: string[][];
}

async function exportarCsv(url: string, as?: string): Promise<Tabela> {
  const resposta = await ctx.request({ method: 'GET', url, as });
  expect(resposta.statusCode, resposta.body).toBe(200);
  expect(resposta.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(resposta.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const [cabecalho, ...linhas] = lerCsv(resposta.body.replace(/^\uFEFF/, ''));
  return { cabecalho: cabecalho!, linhas };
}

type Celula = ExcelJS.CellValue;

async function exportarXlsx(url: string): Promise<{ cabecalho: Celula[]; linhas: Celula[][] }> {
  const resposta = await ctx.request({ method: 'GET', url });
  expect(resposta.statusCode, resposta.body).toBe(200);
  expect(resposta.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.load(resposta.rawPayload as unknown as ArrayBuffer);
  const linhas: Celula[][] = [];
  livro.worksheets[0]!.eachRow((row) => linhas.push((row.values as Celula[]).slice(1)));
  const [cabecalho, ...resto] = linhas;
  return { cabecalho: cabecalho!, linhas: resto };
}

async function listar<T>(url: string, as?: string): Promise<T[]> {
  const resposta = await ctx.request({ method: 'GET', url, as });
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json<T[]>();
}

/** The cells of one column, found by its title. */
function coluna<C>(t: { cabecalho: unknown[]; linhas: C[][] }, titulo: string): Array<C | null> {
  const i = t.cabecalho.indexOf(titulo);
  expect(i, `coluna ${titulo}`).toBeGreaterThanOrEqual(0);
  return t.linhas.map((l) => l[i] ?? null);
}

/** Checks a list's export of a filter against the list: same rows, same order, both formats. */
async function conferir<T>(opcoes: {
  lista: string;
  exportar: string;
  filtro: string;
  titulo: string;
  /** The value of column `titulo` of each list row, as the CSV writes it. */
  valor: (item: T) => string;
}) {
  const itens = await listar<T>(`${opcoes.lista}?${opcoes.filtro}`);
  expect(itens.length, 'o filtro deve achar linhas').toBeGreaterThan(0);
  const csv = await exportarCsv(`${opcoes.exportar}?formato=csv&${opcoes.filtro}`);
  expect(csv.linhas).toHaveLength(itens.length);
  expect(coluna(csv, opcoes.titulo)).toEqual(itens.map(opcoes.valor));
  const xlsx = await exportarXlsx(`${opcoes.exportar}?formato=xlsx&${opcoes.filtro}`);
  expect(xlsx.cabecalho).toEqual(csv.cabecalho);
  expect(xlsx.linhas).toHaveLength(itens.length);
  return { itens, csv, xlsx };
}

const numero6 = (n: number) => String(n).padStart(6, '0');
const dinheiroCsv = (v: number) => v.toFixed(2).replace('.', ',');

describe('list exports', () => {
  it("vendas: the filter's sales, in the list's order, money as numbers in the XLSX", async () => {
    const { itens, csv, xlsx } = await conferir<{ numero: number; valor_final: number }>({
      lista: '/api/vendas',
      exportar: '/api/vendas/exportar',
      filtro: 'status=Finalizada&sort=valor&order=desc',
      titulo: 'Número',
      valor: (v) => numero6(v.numero),
    });
    expect(coluna(csv, 'Valor final')).toEqual(itens.map((v) => dinheiroCsv(v.valor_final)));
    expect(coluna(xlsx, 'Valor final')).toEqual(itens.map((v) => v.valor_final));
    expect(new Set(coluna(csv, 'Status'))).toEqual(new Set(['Finalizada']));
    const nome = `vendas-${todayISO(ctx.config.timeZone)}.csv`;
    const resposta = await ctx.request({ method: 'GET', url: '/api/vendas/exportar?formato=csv' });
    expect(resposta.headers['content-disposition']).toBe(`attachment; filename="${nome}"`);
    expect(resposta.headers['cache-control']).toBe('no-store');
  });

  it("orcamentos: the filter's quotes with the effective status", async () => {
    const { csv } = await conferir<{ numero: number }>({
      lista: '/api/orcamentos',
      exportar: '/api/orcamentos/exportar',
      filtro: 'aba=servicos',
      titulo: 'Número',
      valor: (o) => numero6(o.numero),
    });
    expect(new Set(coluna(csv, 'Tipo'))).toEqual(new Set(['Serviços', 'Misto']));
  });

  it('ordens-servico: the open orders, situation by its label', async () => {
    const { itens, csv } = await conferir<{ numero: number; situacao: string }>({
      lista: '/api/ordens-servico',
      exportar: '/api/ordens-servico/exportar',
      filtro: 'situacao=abertas',
      titulo: 'Número',
      valor: (o) => numero6(o.numero),
    });
    expect(itens.every((o) => o.situacao !== 'entregue')).toBe(true);
    expect(coluna(csv, 'Situação')).not.toContain('Entregue');
  });

  it("financeiro: the filter's titles, for admins and managers only", async () => {
    const { itens, xlsx } = await conferir<{ descricao: string; saldo: number }>({
      lista: '/api/financeiro/titulos',
      exportar: '/api/financeiro/titulos/exportar',
      filtro: 'natureza=receber&status=vencido',
      titulo: 'Descrição',
      valor: (t) => t.descricao,
    });
    expect(coluna(xlsx, 'Em aberto')).toEqual(itens.map((t) => t.saldo));
    expect(new Set(coluna(xlsx, 'Natureza'))).toEqual(new Set(['Contas a Receber']));
    const vendedor = await ctx.request({
      method: 'GET',
      url: '/api/financeiro/titulos/exportar?formato=csv',
      as: USER_EMAIL,
    });
    expect(vendedor.statusCode).toBe(403);
  });

  it("estoque: the movements of a filter, and the stock screen's products", async () => {
    await conferir<{ produto_nome: string }>({
      lista: '/api/estoque/movimentacoes',
      exportar: '/api/estoque/movimentacoes/exportar',
      filtro: 'tipo=saida',
      titulo: 'Produto',
      valor: (m) => m.produto_nome,
    });
    const { itens, xlsx } = await conferir<{ nome: string; estoque: number }>({
      lista: '/api/produtos',
      exportar: '/api/estoque/exportar',
      filtro: 'abaixo_minimo=true&movimenta_estoque=true&sort=estoque',
      titulo: 'Produto',
      valor: (p) => p.nome,
    });
    expect(coluna(xlsx, 'Estoque')).toEqual(itens.map((p) => p.estoque));
  });

  it("produtos: the import's columns, written as the import reads them", async () => {
    const { itens, csv, xlsx } = await conferir<{
      nome: string;
      preco: number;
      codigo_interno: string | null;
    }>({
      lista: '/api/produtos',
      exportar: '/api/produtos/exportar',
      filtro: 'q=agua&sort=preco&order=desc',
      titulo: 'Nome',
      valor: (p) => p.nome,
    });
    expect(csv.cabecalho).toEqual(CAMPOS_IMPORTACAO.produtos.map((c) => c.rotulo));
    expect(coluna(csv, 'Preço de venda').map((v) => lerDinheiroBr(v!))).toEqual(
      itens.map((p) => p.preco),
    );
    expect(coluna(xlsx, 'Preço de venda')).toEqual(itens.map((p) => p.preco));
    expect(coluna(csv, 'Código')).toEqual(itens.map((p) => p.codigo_interno ?? ''));
    expect(new Set(coluna(csv, 'Ativo'))).toEqual(new Set(['Sim']));
  });

  it("servicos: the import's columns for the filter", async () => {
    const { csv } = await conferir<{ nome: string }>({
      lista: '/api/servicos',
      exportar: '/api/servicos/exportar',
      filtro: 'categoria=Informática',
      titulo: 'Nome',
      valor: (s) => s.nome,
    });
    expect(csv.cabecalho).toEqual(CAMPOS_IMPORTACAO.servicos.map((c) => c.rotulo));
    expect(new Set(coluna(csv, 'Categoria'))).toEqual(new Set(['Informática']));
  });

  it("cadastros: each tipo with its import's columns; an employee's CPF only for managers", async () => {
    const tipos = {
      cliente: 'clientes',
      fornecedor: 'fornecedores',
      funcionario: 'funcionarios',
      transportadora: 'transportadoras',
    } as const;
    for (const [tipo, importacao] of Object.entries(tipos)) {
      const { csv } = await conferir<{ nome: string }>({
        lista: '/api/cadastros',
        exportar: '/api/cadastros/exportar',
        filtro: `tipo=${tipo}`,
        titulo: CAMPOS_IMPORTACAO[importacao][0]!.rotulo,
        valor: (c) => c.nome,
      });
      expect(csv.cabecalho).toEqual(CAMPOS_IMPORTACAO[importacao].map((c) => c.rotulo));
    }
    const clientes = await exportarCsv('/api/cadastros/exportar?formato=csv&tipo=cliente&q=maria');
    expect(clientes.linhas).toHaveLength(1);
    expect(coluna(clientes, 'CPF/CNPJ')).toEqual(['398.172.645-64']);
    expect(coluna(clientes, 'Tipo de pessoa')).toEqual(['Pessoa Física']);
    expect(coluna(clientes, 'Limite de crédito')).toEqual(['1500,00']);

    const url = '/api/cadastros/exportar?formato=csv&tipo=funcionario';
    const doGerente = coluna(await exportarCsv(url), 'CPF');
    expect(doGerente.every((cpf) => /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(cpf!))).toBe(true);
    const doVendedor = coluna(await exportarCsv(url, USER_EMAIL), 'CPF');
    expect(doVendedor).toHaveLength(doGerente.length);
    expect(new Set(doVendedor)).toEqual(new Set(['']));

    const semTipo = await ctx.request({
      method: 'GET',
      url: '/api/cadastros/exportar?formato=csv',
    });
    expect(semTipo.statusCode).toBe(400);
    expect(semTipo.json<{ fields: Record<string, string> }>().fields.tipo).toBe(
      'Escolha o tipo de cadastro a exportar.',
    );
  });

  it('neutralises a cell that would run as a formula', async () => {
    const criado = await ctx.request({
      method: 'POST',
      url: '/api/produtos',
      payload: { nome: '=1+1', codigo_interno: '@SOMA', preco: 1 },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const csv = await exportarCsv('/api/produtos/exportar?formato=csv&q=soma');
    expect(csv.linhas).toHaveLength(1);
    expect(coluna(csv, 'Nome')).toEqual(["'=1+1"]);
    expect(coluna(csv, 'Código')).toEqual(["'@SOMA"]);
    // In the XLSX it is a text cell, which a spreadsheet never runs.
    const xlsx = await exportarXlsx('/api/produtos/exportar?formato=xlsx&q=soma');
    expect(coluna(xlsx, 'Nome')).toEqual(['=1+1']);
  });

  it('refuses a page, a missing or unknown format and a bad filter with 400 in pt-BR', async () => {
    const casos: Array<[string, string]> = [
      ['/api/vendas/exportar?formato=csv&limit=10', 'limit'],
      ['/api/produtos/exportar?formato=xlsx&offset=10', 'offset'],
      ['/api/orcamentos/exportar', 'formato'],
      ['/api/servicos/exportar?formato=pdf', 'formato'],
      ['/api/estoque/movimentacoes/exportar?formato=csv&de=2026-02-01&ate=2026-01-01', 'ate'],
      ['/api/ordens-servico/exportar?formato=csv&situacao=nenhuma', 'situacao'],
    ];
    for (const [url, campo] of casos) {
      const resposta = await ctx.request({ method: 'GET', url });
      expect(resposta.statusCode, url).toBe(400);
      const { fields } = resposta.json<{ fields: Record<string, string> }>();
      expect(Object.keys(fields), url).toContain(campo);
    }
  });

  it("streams 5,000 products in batches, whole and in the list's order", async () => {
    const { db } = ctx.database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`
        INSERT INTO produtos (nome, codigo_interno, preco, estoque)
        SELECT 'Parafuso lote ' || lpad(i::text, 4, '0'), 'LOTE-' || lpad(i::text, 4, '0'),
               1 + i % 50, i % 7
        FROM generate_series(1, 5000) AS i`);
    });
    const filtro = 'q=lote&sort=codigo&order=desc';
    const csv = await exportarCsv(`/api/produtos/exportar?formato=csv&${filtro}`);
    expect(csv.linhas).toHaveLength(5000);
    const codigos = coluna(csv, 'Código');
    expect(codigos[0]).toBe('LOTE-5000');
    expect(codigos[4999]).toBe('LOTE-0001');
    expect(new Set(codigos).size).toBe(5000);
    const [meio] = await listar<{ codigo_interno: string }>(
      `/api/produtos?${filtro}&limit=1&offset=2000`,
    );
    expect(codigos[2000]).toBe(meio!.codigo_interno);

    const xlsx = await exportarXlsx(`/api/produtos/exportar?formato=xlsx&${filtro}`);
    expect(xlsx.linhas).toHaveLength(5000);
    expect(coluna(xlsx, 'Código')).toEqual(codigos);
    expect(coluna(xlsx, 'Preço de venda')[0]).toBe(1);
  });
});
