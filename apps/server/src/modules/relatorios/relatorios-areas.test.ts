import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import type { RelatorioResposta } from '@prumo/shared/relatorios';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/sql-helpers';
import { primeiro } from '../../test/documentos';
import { createTestContext, type TestContext } from '../../test/test-app';
import { CATALOGO } from './relatorios.catalogo';

/*
 * The Estoque and Financeiro reports against hand-computed sets (today's dates: the stock
 * ledger and the titles are written today), and every report of the catalogue answering its
 * page and its CSV on this database.
 */
let ctx: TestContext;
let hoje: string;
const ids = { grupo: 0, parado: 0, girando: 0, cliente: 0 };

async function post<T = { id: number }>(url: string, payload: Record<string, unknown>): Promise<T> {
  const response = await ctx.request({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

async function relatorio(id: string, query: string): Promise<RelatorioResposta> {
  const response = await ctx.request({ method: 'GET', url: `/api/relatorios/${id}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  ctx = await createTestContext();
  hoje = todayISO(ctx.config.timeZone);
  ids.grupo = (await post('/api/categorias', { nome: 'Relatório de estoque' })).id;
  ids.girando = (
    await post('/api/produtos', {
      nome: 'Parafuso girando',
      custo: 4,
      preco: 9,
      estoque: 10,
      estoque_minimo: 10,
      categoria_id: ids.grupo,
    })
  ).id;
  ids.parado = (
    await post('/api/produtos', {
      nome: 'Lixa parada',
      custo: 2.5,
      preco: 5,
      estoque: 6,
      categoria_id: ids.grupo,
    })
  ).id;
  await post('/api/estoque/movimentacoes', {
    tipo: 'saida',
    produto_id: ids.girando,
    quantidade: 3,
    data: hoje,
    motivo: 'Uso interno',
  });
  ids.cliente = (
    await post('/api/cadastros', {
      tipo: 'cliente',
      tipo_cliente: 'pessoa-fisica',
      nome: 'Devedor Idade',
    })
  ).id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('Estoque reports', () => {
  const doGrupo = () => `categoria_id=${ids.grupo}`;

  it('values the position at a day from the ledger, at cost', async () => {
    const agora = await relatorio('estoque-posicao', `${doGrupo()}&ate=${hoje}`);
    expect(agora.linhas.map((l) => [l['produto'], l['quantidade'], l['valor']])).toEqual([
      ['Lixa parada', 6, 15],
      ['Parafuso girando', 7, 28],
    ]);
    expect(agora.totais).toEqual({ quantidade: 13, valor: 43 });
    // Yesterday neither had entered the ledger yet.
    const ontem = await relatorio('estoque-posicao', `${doGrupo()}&ate=${addDaysISO(hoje, -1)}`);
    expect(ontem.total).toBe(0);
  });

  it('lists the products without a saída, those under their minimum, and the movements', async () => {
    const parados = await relatorio('estoque-sem-giro', `${doGrupo()}&ate=${hoje}&dias=30`);
    expect(parados.linhas.map((l) => [l['produto'], l['ultima_saida'], l['valor']])).toEqual([
      ['Lixa parada', null, 15],
    ]);
    const minimo = await relatorio('estoque-abaixo-minimo', doGrupo());
    expect(minimo.linhas).toEqual([
      expect.objectContaining({
        produto: 'Parafuso girando',
        estoque: 7,
        minimo: 10,
        falta: 3,
        reposicao: 12,
      }),
    ]);
    const movimentos = await relatorio(
      'estoque-movimentacoes',
      `${doGrupo()}&de=${hoje}&ate=${hoje}`,
    );
    expect(movimentos.totais).toEqual({ entrada: 16, saida: 3 });
    expect(movimentos.linhas.find((l) => l['saida'] === 3)).toMatchObject({
      origem: 'Manual',
      motivo: 'Uso interno',
    });
  });
});

describe('Financeiro reports', () => {
  beforeAll(async () => {
    // Five installments due 91, 90, 31, 30 and 0 days before today: the ages' edges.
    const titulo = await post<{ parcelas: Array<{ id: number; vencimento: string }> }>(
      '/api/financeiro/titulos',
      {
        natureza: 'receber',
        descricao: 'Parcelas em atraso',
        pessoa_id: ids.cliente,
        valor: 150,
        parcelas: [91, 90, 31, 30, 0].map((dias) => ({
          vencimento: addDaysISO(hoje, -dias),
          valor: 30,
        })),
      },
    );
    const conta = await post('/api/financeiro/contas', {
      nome: 'Caixa relatórios',
      tipo: 'corrente',
      saldo_inicial: 0,
    });
    const trinta1 = titulo.parcelas.find((p) => p.vencimento === addDaysISO(hoje, -31))!;
    const baixa = await ctx.request({
      method: 'POST',
      url: `/api/financeiro/parcelas/${trinta1.id}/baixas`,
      payload: { conta_id: conta.id, valor: 10, data: hoje },
    });
    expect(baixa.statusCode, baixa.body).toBe(201);
  });

  it('ages overdue receivables at their edges: 30 days in the first bucket, 31 in the second', async () => {
    const aging = await relatorio(
      'financeiro-inadimplencia',
      `ate=${hoje}&cliente_id=${ids.cliente}`,
    );
    expect(aging.colunas.map((c) => c.titulo).slice(2, 6)).toEqual([
      '0–30 dias',
      '31–60 dias',
      '61–90 dias',
      'Mais de 90 dias',
    ]);
    expect(aging.linhas).toEqual([
      expect.objectContaining({
        cliente: 'Devedor Idade',
        parcelas: 4,
        faixa1: 30,
        faixa2: 20,
        faixa3: 30,
        faixa4: 30,
        total: 110,
        maior_atraso: 91,
      }),
    ]);
    // Yesterday the settlement had not happened and every installment was a day younger.
    const ontem = await relatorio(
      'financeiro-inadimplencia',
      `ate=${addDaysISO(hoje, -1)}&cliente_id=${ids.cliente}`,
    );
    expect(ontem.linhas[0]).toMatchObject({
      faixa1: 60,
      faixa2: 0,
      faixa3: 60,
      faixa4: 0,
      total: 120,
    });
    const faixas = await relatorio(
      'financeiro-inadimplencia',
      `ate=${hoje}&cliente_id=${ids.cliente}&faixa1=31&faixa2=90&faixa3=120`,
    );
    expect(faixas.colunas[2]!.titulo).toBe('0–31 dias');
    expect(faixas.linhas[0]).toMatchObject({ faixa1: 50, faixa2: 30, faixa3: 30, faixa4: 0 });
    const ruim = await ctx.request({
      method: 'GET',
      url: '/api/relatorios/financeiro-inadimplencia?faixa1=60&faixa2=30',
    });
    expect(ruim.statusCode).toBe(400);
  });

  it('reads installments by due date or by settlement, and plans the flow against what happened', async () => {
    const periodo = `de=${addDaysISO(hoje, -91)}&ate=${hoje}&cliente_id=${ids.cliente}&natureza=receber`;
    const porVencimento = await relatorio('financeiro-contas', periodo);
    expect(porVencimento.totais).toEqual({ valor: 150, pago: 10, saldo: 140 });
    const porBaixa = await relatorio('financeiro-contas', `${periodo}&base=baixa`);
    expect(porBaixa.linhas).toEqual([expect.objectContaining({ data: hoje, pago: 10 })]);
    const fluxo = await relatorio('financeiro-fluxo', `de=${hoje}&ate=${hoje}`);
    expect(fluxo.linhas).toHaveLength(1);
    expect(fluxo.linhas[0]!['entradas_realizadas']).toBeGreaterThanOrEqual(10);
    expect(fluxo.linhas[0]!['entradas_previstas']).toBeGreaterThanOrEqual(30);
  });
});

describe('Serviços reports and commissions', () => {
  it("counts an order by its technician and stage, pays its seller's commission, and shows a caixa's difference", async () => {
    const funcionario = await primeiro(ctx, 'funcionario');
    const cliente = await primeiro(ctx, 'cliente');
    const [servico] = await selectRows<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO servicos (nome, preco, valor_custo, comissao) VALUES ('Revisão comissionada', 100, 20, 5) RETURNING id`,
    );
    const ordem = await post<{ id: number; numero: number }>('/api/ordens-servico', {
      cliente_id: cliente,
      tecnico_id: funcionario,
      vendedor_id: funcionario,
      equipamento: 'Notebook',
      servicos: [{ servico_id: servico!.id, quantidade: 2, valor: 100 }],
    });
    for (const situacao of ['em-andamento', 'concluida']) {
      const movida = await ctx.request({
        method: 'PATCH',
        url: `/api/ordens-servico/${ordem.id}/status`,
        payload: { situacao },
      });
      expect(movida.statusCode, movida.body).toBe(200);
    }
    const hojeSo = `de=${hoje}&ate=${hoje}`;

    // 2 × 100 at the service's 5 %: R$ 10,00 to the order's seller.
    const detalhe = await relatorio('comissoes-detalhadas', hojeSo);
    const documento = `OS Nº ${String(ordem.numero).padStart(6, '0')}`;
    expect(detalhe.linhas.find((l) => l['documento'] === documento)).toMatchObject({
      base: 200,
      comissao: 10,
      data: hoje,
    });
    const porVendedor = await relatorio('comissoes-por-vendedor', hojeSo);
    const nome = detalhe.linhas.find((l) => l['documento'] === documento)!['vendedor'];
    const doVendedor = detalhe.linhas.filter((l) => l['vendedor'] === nome);
    expect(porVendedor.linhas.find((l) => l['vendedor'] === nome)).toMatchObject({
      documentos: doVendedor.length,
      comissao: doVendedor.reduce((soma, l) => soma + Number(l['comissao']), 0),
    });

    const porTecnico = await relatorio('servicos-ordens-por-tecnico', hojeSo);
    expect(
      porTecnico.linhas.find((l) => l['tecnico'] === nome && l['situacao'] === 'Concluída'),
    ).toMatchObject({
      ordens: expect.any(Number),
    });
    const etapas = await relatorio('servicos-tempo-por-etapa', hojeSo);
    expect(etapas.linhas.map((l) => l['etapa'])).toEqual(
      expect.arrayContaining(['Em aberto', 'Em andamento']),
    );

    const caixa = await post<{ id: number }>('/api/caixas', { valor_inicial: 50 });
    const fechado = await ctx.request({
      method: 'POST',
      url: `/api/caixas/${caixa.id}/fechamento`,
      payload: { contado: { dinheiro: 45 } },
    });
    expect(fechado.statusCode, fechado.body).toBe(200);
    const caixas = await relatorio('servicos-caixas', hojeSo);
    expect(caixas.linhas).toContainEqual(
      expect.objectContaining({
        fechado_em: hoje,
        forma: 'Dinheiro',
        esperado: 50,
        contado: 45,
        diferenca: -5,
      }),
    );
  });
});

describe('the catalogue', () => {
  it('answers every report and its CSV with the default filters', async () => {
    for (const r of CATALOGO) {
      const pagina = await ctx.request({ method: 'GET', url: `/api/relatorios/${r.id}` });
      expect(pagina.statusCode, `${r.id}: ${pagina.body}`).toBe(200);
      const csv = await ctx.request({
        method: 'GET',
        url: `/api/relatorios/${r.id}/exportar?formato=csv`,
      });
      expect(csv.statusCode, `${r.id}: ${csv.body}`).toBe(200);
      const linhas = csv.body.split('\r\n').filter(Boolean);
      const total = Number(csv.headers['x-total-count']);
      // The header, the rows and, when the report sums columns, the "Total" row.
      expect(linhas.length, r.id).toBe(1 + total + (r.colunas.some((c) => c.somar) ? 1 : 0));
    }
  });
});
