import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  celulaCsv,
  type Analytics,
  type LinhaRelatorio,
  type RelatorioResposta,
  type RelatorioResumo,
  relatorioQuerySchema,
} from '@prumo/shared/relatorios';
import { textoDoPdf } from '../../pdf/pdf-teste';
import { abrirCaixa, vendaBalcao, vendaFinalizada } from '../../test/fiscal';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { lerFiltros, lotesDoRelatorio } from './relatorios.repository';
import { CATALOGO } from './relatorios.catalogo';

/*
 * The Vendas reports against a small hand-computed set, in 2030 (the demo's sales are all
 * before): three products in two groups, two customers and a consumer, five sales of which one
 * is cancelled, one finalized at 23:30 on 31/01 in São Paulo (02:30 UTC on 01/02).
 *
 *   S1  C1  P1×2 (200) + P2×1 (50), desconto 10 → 240, boleto, 31/01 23:30
 *   S2  C2  P2×3 (150) → 150, pix, 01/02 10:00
 *   S3  C1  P3×5 (50) → 50, boleto, 15/02 09:00
 *   S4  C2  P1×1 (100), cancelled after finalizing, 10/02
 *   S5  —   P3×2 (20), dinheiro at the counter, 20/02 18:00
 */
let ctx: TestContext;
const ids = { c1: 0, c2: 0, p1: 0, p2: 0, p3: 0, s4: 0 };
const PERIODO = 'de=2030-01-01&ate=2030-02-28';

async function post(url: string, payload: Record<string, unknown>): Promise<number> {
  const response = await ctx.request({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** Moves a sale's finalization to a local time in São Paulo (UTC−3). */
async function finalizadaEm(vendaId: number, local: string) {
  await ctx.database.db.execute(
    sql`UPDATE vendas SET finalizada_em = ${`${local}-03:00`}::timestamptz WHERE id = ${vendaId}`,
  );
}

/** GET a report of the test's period (`query` adds to it or overrides it). */
async function relatorio(id: string, query = '', as?: string): Promise<RelatorioResposta> {
  const params = new URLSearchParams(PERIODO);
  for (const [chave, valor] of new URLSearchParams(query)) params.set(chave, valor);
  const response = await ctx.request({ method: 'GET', url: `/api/relatorios/${id}?${params}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const item = (produto_id: number, quantidade: number) => ({ produto_id, quantidade });

beforeAll(async () => {
  ctx = await createTestContext();
  const g1 = await post('/api/categorias', { nome: 'Ferramentas 2030' });
  const g2 = await post('/api/categorias', { nome: 'Tintas 2030' });
  ids.p1 = await post('/api/produtos', {
    nome: 'Furadeira',
    preco: 100,
    custo: 60,
    estoque: 50,
    categoria_id: g1,
  });
  ids.p2 = await post('/api/produtos', {
    nome: 'Tinta 18 L',
    preco: 50,
    custo: 20,
    estoque: 50,
    categoria_id: g2,
  });
  ids.p3 = await post('/api/produtos', {
    nome: 'Broca',
    preco: 10,
    custo: 4,
    estoque: 50,
    categoria_id: g1,
  });
  ids.c1 = await post('/api/cadastros', {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-fisica',
    nome: 'Ana Compradora',
  });
  ids.c2 = await post('/api/cadastros', {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-fisica',
    nome: 'Bruno Cliente',
  });

  const s1 = await vendaFinalizada(ctx, ids.c1, [item(ids.p1, 2), item(ids.p2, 1)], {
    desconto: 10,
  });
  await finalizadaEm(s1, '2030-01-31T23:30:00');
  const s2 = await vendaFinalizada(ctx, ids.c2, [item(ids.p2, 3)], { forma_pagamento: 'pix' });
  await finalizadaEm(s2, '2030-02-01T10:00:00');
  const s3 = await vendaFinalizada(ctx, ids.c1, [item(ids.p3, 5)]);
  await finalizadaEm(s3, '2030-02-15T09:00:00');
  ids.s4 = await vendaFinalizada(ctx, ids.c2, [item(ids.p1, 1)], { forma_pagamento: 'pix' });
  await finalizadaEm(ids.s4, '2030-02-10T12:00:00');
  await abrirCaixa(ctx);
  const s5 = await vendaBalcao(ctx, [item(ids.p3, 2)]);
  await finalizadaEm(s5, '2030-02-20T18:00:00');
});

afterAll(async () => {
  await ctx?.close();
});

describe('Vendas reports', () => {
  it('drops a cancelled sale from every report', async () => {
    const antes = await relatorio('vendas-por-cliente');
    expect(antes.linhas.find((l) => l['nome'] === 'Bruno Cliente')?.['faturamento']).toBe(250);
    const cancelada = await ctx.request({
      method: 'PATCH',
      url: `/api/vendas/${ids.s4}/status`,
      payload: { status: 'Cancelada', motivo: 'Cliente desistiu' },
    });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    for (const r of CATALOGO) {
      const depois = await relatorio(r.id);
      expect(JSON.stringify(depois.linhas), r.id).not.toContain('"faturamento":250');
      if (depois.totais['faturamento'] !== undefined) {
        expect(depois.totais['faturamento'], r.id).toBe(r.id.includes('produto') ? 470 : 460);
      }
    }
  });

  it('groups by month, week and day in the company zone, the empty periods as zero', async () => {
    const mes = await relatorio('vendas-por-periodo', 'agrupar=mes');
    expect(mes.linhas).toEqual([
      {
        periodo: '01/2030',
        vendas: 1,
        bruto: 250,
        descontos: 10,
        faturamento: 240,
        ticket_medio: 240,
        // P1 2 × 60 + P2 1 × 20
        custo: 140,
        margem: 110,
      },
      {
        periodo: '02/2030',
        vendas: 3,
        bruto: 220,
        descontos: 0,
        faturamento: 220,
        ticket_medio: 73.33,
        // P2 3 × 20 + P3 5 × 4 + P3 2 × 4
        custo: 88,
        margem: 132,
      },
    ]);
    expect(mes.totais).toEqual({
      vendas: 4,
      bruto: 470,
      descontos: 10,
      faturamento: 460,
      custo: 228,
      margem: 242,
    });

    const dia = await relatorio('vendas-por-periodo', 'agrupar=dia&limit=500');
    expect(dia.total).toBe(59);
    // 23:30 on 31/01 in São Paulo is 31/01, not 01/02 (02:30 UTC).
    expect(dia.linhas.find((l) => l['periodo'] === '31/01/2030')?.['faturamento']).toBe(240);
    expect(dia.linhas.find((l) => l['periodo'] === '01/02/2030')?.['faturamento']).toBe(150);
    expect(dia.linhas.find((l) => l['periodo'] === '02/02/2030')).toMatchObject({
      vendas: 0,
      faturamento: 0,
    });

    const semana = await relatorio(
      'vendas-por-periodo',
      'agrupar=semana&de=2030-01-28&ate=2030-02-03',
    );
    expect(semana.linhas).toEqual([
      expect.objectContaining({ periodo: '28/01/2030 a 03/02/2030', vendas: 2, faturamento: 390 }),
    ]);
  });

  it('sums by customer, seller, product and payment method, with shares that add to 100 %', async () => {
    const clientes = await relatorio('vendas-por-cliente');
    expect(
      clientes.linhas.map((l) => [l['nome'], l['vendas'], l['faturamento'], l['participacao']]),
    ).toEqual([
      ['Ana Compradora', 2, 290, 63.04],
      ['Bruno Cliente', 1, 150, 32.61],
      ['Consumidor não identificado', 1, 20, 4.35],
    ]);
    expect(clientes.linhas[0]!['ultima_venda']).toBe('2030-02-15');
    expect(clientes.totais['participacao']).toBe(100);

    const vendedores = await relatorio('vendas-por-vendedor');
    expect(vendedores.linhas).toHaveLength(1);
    expect(vendedores.linhas[0]).toMatchObject({ vendas: 4, faturamento: 460, ticket_medio: 115 });

    const produtos = await relatorio('vendas-por-produto');
    expect(
      produtos.linhas.map((l) => [
        l['produto'],
        l['grupo'],
        l['quantidade'],
        l['faturamento'],
        l['custo'],
        l['margem'],
      ]),
    ).toEqual([
      // A tie in the sorted column keeps one order: the later record first when descending.
      ['Tinta 18 L', 'Tintas 2030', 4, 200, 80, 120],
      ['Furadeira', 'Ferramentas 2030', 2, 200, 120, 80],
      ['Broca', 'Ferramentas 2030', 7, 70, 28, 42],
    ]);
    const ferramentas = await relatorio(
      'vendas-por-produto',
      `categoria_id=${await grupoDe(ids.p1)}`,
    );
    expect(ferramentas.totais['faturamento']).toBe(270);

    const formas = await relatorio('vendas-por-forma-pagamento');
    expect(formas.linhas.map((l) => [l['forma'], l['vendas'], l['valor']])).toEqual([
      ['Boleto', 2, 290],
      ['PIX', 1, 150],
      ['Dinheiro', 1, 20],
    ]);
    const pix = await relatorio('vendas-por-cliente', 'forma_pagamento=pix');
    expect(pix.linhas.map((l) => l['nome'])).toEqual(['Bruno Cliente']);
  });

  it('classes the ABC curve at its limits: the item that crosses a limit stays in the class', async () => {
    const padrao = await relatorio('curva-abc-clientes');
    expect(
      padrao.linhas.map((l) => [l['posicao'], l['nome'], l['acumulado'], l['classe']]),
    ).toEqual([
      [1, 'Ana Compradora', 63.04, 'A'],
      [2, 'Bruno Cliente', 95.65, 'A'],
      [3, 'Consumidor não identificado', 100, 'C'],
    ]);
    const apertada = await relatorio('curva-abc-clientes', 'abc_a=60&abc_b=96');
    expect(apertada.linhas.map((l) => l['classe'])).toEqual(['A', 'B', 'B']);
    // 290 of 460 is 63.04 %: with A up to 63 % the second customer starts after it, in B.
    const exata = await relatorio('curva-abc-clientes', 'abc_a=63&abc_b=64');
    expect(exata.linhas.map((l) => l['classe'])).toEqual(['A', 'B', 'C']);
    const produtos = await relatorio('curva-abc-produtos');
    expect(produtos.linhas.map((l) => l['classe'])).toEqual(['A', 'A', 'B']);
    const invalida = await ctx.request({
      method: 'GET',
      url: `/api/relatorios/curva-abc-produtos?abc_a=90&abc_b=80`,
    });
    expect(invalida.statusCode).toBe(400);
  });

  it('sorts by any column and pages; an export reads the same rows batch by batch', async () => {
    const r = CATALOGO.find((d) => d.id === 'vendas-por-periodo')!;
    for (const [sort, order] of [
      ['periodo', 'asc'],
      ['faturamento', 'desc'],
      ['periodo', 'desc'],
    ] as const) {
      const tela = await relatorio(r.id, `agrupar=dia&limit=500&sort=${sort}&order=${order}`);
      const filtros = lerFiltros(
        r,
        relatorioQuerySchema.parse({
          de: '2030-01-01',
          ate: '2030-02-28',
          agrupar: 'dia',
          sort,
          order,
        }),
        { timeZone: ctx.config.timeZone },
      );
      const lidas: LinhaRelatorio[] = [];
      for await (const lote of lotesDoRelatorio(
        ctx.database.db,
        r,
        filtros,
        { timeZone: ctx.config.timeZone },
        7,
      )) {
        expect(lote.length).toBeLessThanOrEqual(7);
        lidas.push(...lote);
      }
      expect(lidas, `${sort} ${order}`).toEqual(tela.linhas);
    }
    const texto = await relatorio('vendas-por-cliente', 'sort=nome&order=desc&limit=2&offset=1');
    expect(texto.total).toBe(3);
    expect(texto.linhas.map((l) => l['nome'])).toEqual(['Bruno Cliente', 'Ana Compradora']);
    const ruim = await ctx.request({
      method: 'GET',
      url: '/api/relatorios/vendas-lista?sort=senha',
    });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json<{ message: string }>().message).toContain('Ordenação inválida');
  });

  it('exports CSV for Excel in pt-BR and XLSX with numbers as numbers, equal to the screen', async () => {
    const tela = await relatorio('vendas-por-cliente');
    const csv = await ctx.request({
      method: 'GET',
      url: `/api/relatorios/vendas-por-cliente/exportar?formato=csv&${PERIODO}`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['x-total-count']).toBe('3');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const linhas = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(linhas[0]).toBe('Cliente;Vendas;Faturamento;Ticket médio;Participação;Última venda');
    expect(linhas[1]).toBe('Ana Compradora;2;290,00;145,00;63,04;15/02/2030');
    expect(linhas[4]).toBe('Total;4;460,00;;100,00;');
    expect(linhas.slice(1, 4)).toEqual(
      tela.linhas.map((l) =>
        tela.colunas.map((c) => celulaCsv(l[c.chave] ?? null, c.tipo)).join(';'),
      ),
    );

    const xlsx = await ctx.request({
      method: 'GET',
      url: `/api/relatorios/vendas-por-cliente/exportar?formato=xlsx&${PERIODO}`,
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const folha = livro.worksheets[0]!;
    expect(folha.getRow(1).values).toEqual([
      undefined,
      'Cliente',
      'Vendas',
      'Faturamento',
      'Ticket médio',
      'Participação',
      'Última venda',
    ]);
    const ana = folha.getRow(2);
    expect(ana.getCell(3).value).toBe(290);
    expect(ana.getCell(3).numFmt).toContain('R$');
    expect(ana.getCell(5).value).toBeCloseTo(0.6304, 10);
    expect(ana.getCell(6).value).toEqual(new Date('2030-02-15T00:00:00Z'));
    expect(folha.getRow(5).getCell(1).value).toBe('Total');
    expect(folha.getRow(5).getCell(3).value).toBe(460);
    const filtros = livro.worksheets[1]!;
    expect(filtros.getRow(3).values).toEqual([undefined, 'Período', '01/01/2030 a 28/02/2030']);
  });

  it('prints the PDF with the company, the filters and the totals', async () => {
    const pdf = await ctx.request({
      method: 'GET',
      url: `/api/relatorios/vendas-por-forma-pagamento/exportar?formato=pdf&${PERIODO}&cliente_id=${ids.c1}`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const texto = await textoDoPdf(pdf.rawPayload);
    expect(texto).toMatch(/Vendas por forma de\s[\s\S]*pagamento/);
    expect(texto).toContain('Período: 01/01/2030 a 28/02/2030');
    expect(texto).toContain('Cliente: Ana Compradora');
    expect(texto).toMatch(/Boleto\s+2\s+R\$\s290,00\s+100,00%/);
    expect(texto).toContain('Página 1 de 1');
    expect(texto).toMatch(/Total[\s\S]*R\$\s290,00/);
  });

  it("neutralises a formula in a customer's name in the CSV", async () => {
    const cliente = await post('/api/cadastros', {
      tipo: 'cliente',
      tipo_cliente: 'pessoa-fisica',
      nome: '=HYPERLINK("x")',
    });
    const venda = await vendaFinalizada(ctx, cliente, [item(ids.p3, 1)]);
    await finalizadaEm(venda, '2030-02-27T12:00:00');
    const csv = await ctx.request({
      method: 'GET',
      url: `/api/relatorios/vendas-lista/exportar?formato=csv&${PERIODO}`,
    });
    expect(csv.body).toContain(`;"'=HYPERLINK(""x"")";`);
  });

  // February holds S2, S3, S5 and the 10,00 sale of the test above (27/02 12:00).
  it('gives the owner the same figures as the reports, against the month before and last year', async () => {
    const resposta = await ctx.request({
      method: 'GET',
      url: '/api/analytics?de=2030-02-01&ate=2030-02-28',
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
    const numeros = resposta.json<Analytics>();
    expect(numeros.anterior).toEqual({ de: '2030-01-04', ate: '2030-01-31' });
    expect(numeros.ano_anterior).toEqual({ de: '2029-02-01', ate: '2029-02-28' });
    expect(numeros.kpis).toEqual({
      faturamento: { atual: 230, anterior: 240, ano_anterior: 0 },
      vendas: { atual: 4, anterior: 1, ano_anterior: 0 },
      ticket_medio: { atual: 57.5, anterior: 240, ano_anterior: 0 },
      margem_bruta: { atual: 138, anterior: 110, ano_anterior: 0 },
      descontos: { atual: 0, anterior: 10, ano_anterior: 0 },
    });
    expect(numeros.agrupar).toBe('dia');
    expect(numeros.serie).toHaveLength(28);
    expect(numeros.serie[0]).toEqual({ periodo: '01/02/2030', atual: 150, ano_anterior: 0 });
    expect(numeros.dias_da_semana.find((d) => d.nome === 'Sexta')).toEqual({
      nome: 'Sexta',
      vendas: 2,
      valor: 200,
    });
    expect(numeros.horas.filter((h) => h.vendas > 0).map((h) => [h.nome, h.valor])).toEqual([
      ['09h', 50],
      ['10h', 150],
      ['12h', 10],
      ['18h', 20],
    ]);

    // Every figure is the one its report shows for the same filter.
    const fevereiro = 'de=2030-02-01&ate=2030-02-28';
    const periodo = await relatorio('vendas-por-periodo', fevereiro);
    expect(numeros.kpis.faturamento.atual).toBe(periodo.totais['faturamento']);
    expect(numeros.kpis.vendas.atual).toBe(periodo.totais['vendas']);
    const produtos = await relatorio('vendas-por-produto', fevereiro);
    expect(numeros.kpis.margem_bruta.atual).toBe(produtos.totais['margem']);
    expect(numeros.top_produtos.map((p) => [p.nome, p.valor])).toEqual(
      produtos.linhas.map((l) => [l['produto'], l['faturamento']]),
    );
    const clientes = await relatorio('vendas-por-cliente', fevereiro);
    expect(numeros.top_clientes.map((c) => [c.nome, c.valor, c.participacao])).toEqual(
      clientes.linhas.map((l) => [l['nome'], l['faturamento'], l['participacao']]),
    );
    const formas = await relatorio('vendas-por-forma-pagamento', fevereiro);
    expect(numeros.formas_pagamento.map((f) => [f.nome, f.valor])).toEqual(
      formas.linhas.map((l) => [l['forma'], l['valor']]),
    );
    const doVendedor = await ctx.request({ method: 'GET', url: '/api/analytics', as: USER_EMAIL });
    expect(doVendedor.statusCode).toBe(403);
  });

  it('lists to each role only the reports it may open, and keeps the others from it', async () => {
    const catalogo = await ctx.request({ method: 'GET', url: '/api/relatorios', as: USER_EMAIL });
    const ids = catalogo.json<RelatorioResumo[]>().map((r) => r.id);
    expect(ids).toContain('vendas-por-cliente');
    expect(ids).not.toContain('vendas-por-periodo');
    expect(ids).not.toContain('curva-abc-produtos');
    const proibido = await ctx.request({
      method: 'GET',
      url: '/api/relatorios/curva-abc-produtos',
      as: USER_EMAIL,
    });
    expect(proibido.statusCode).toBe(403);
  });
});

async function grupoDe(produtoId: number): Promise<number> {
  const produto = await ctx.request({ method: 'GET', url: `/api/produtos/${produtoId}` });
  return produto.json<{ categoria_id: number }>().categoria_id;
}
