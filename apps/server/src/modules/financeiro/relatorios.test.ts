import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import type { Dashboard, Dre, FluxoCaixa } from '@prumo/shared/financeiro';
import { sumMoney } from '@prumo/shared/money';
import type { Venda } from '@prumo/shared/vendas';
import type { Database } from '../../db/database';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { dashboard } from './relatorios.repository';

/*
 * The reports against a month computed by hand: March 2021 (February for a sale finalized then
 * and cancelled in March), far from the demo data's last six months. Sales, an appointment and
 * a service order go through the API and are then dated back by SQL; titles, settlements and
 * transfers go through the finance API with their 2021 dates.
 */

let ctx: TestContext;
type Json = Record<string, unknown>;

async function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Json) {
  const response = await ctx.request({ method, url, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

async function execute(query: ReturnType<typeof sql>) {
  await ctx.database.db.execute(query);
}

let clienteId: number;
let fornecedorId: number;
const categoria: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const [cliente] = await api<Array<{ id: number }>>('GET', '/api/cadastros?tipo=cliente');
  const [fornecedor] = await api<Array<{ id: number }>>('GET', '/api/cadastros?tipo=fornecedor');
  clienteId = cliente!.id;
  fornecedorId = fornecedor!.id;
  for (const c of await api<Array<{ id: number; nome: string }>>(
    'GET',
    '/api/financeiro/categorias',
  )) {
    categoria[c.nome] = c.id;
  }
  await api('POST', '/api/caixas', { valor_inicial: 0 });
});
afterAll(() => ctx?.close());

async function produto(nome: string, preco: number, custo: number, grupo: number) {
  return (
    await api<{ id: number }>('POST', '/api/produtos', {
      nome,
      preco,
      custo,
      estoque: 100,
      categoria_id: grupo,
    })
  ).id;
}

async function grupo(nome: string) {
  return (await api<{ id: number }>('POST', '/api/categorias', { nome })).id;
}

async function venda(payload: Json): Promise<Venda> {
  const criada = await api<Venda>('POST', '/api/vendas', { cliente_id: clienteId, ...payload });
  if (criada.status === 'Finalizada') return criada;
  return api<Venda>('PATCH', `/api/vendas/${criada.id}/status`, { status: 'Finalizada' });
}

const cancelar = (id: number) =>
  api<Venda>('PATCH', `/api/vendas/${id}/status`, { status: 'Cancelada', motivo: 'Teste' });

/** A title with its installments; `pagar` settles installment n with the body given. */
async function titulo(
  body: Json,
  baixas: Array<{ parcela: number } & Json> = [],
): Promise<{ id: number; parcelas: Array<{ id: number }>; baixas: number[] }> {
  const criado = await api<{ id: number; parcelas: Array<{ id: number }> }>(
    'POST',
    '/api/financeiro/titulos',
    body,
  );
  const ids: number[] = [];
  for (const { parcela, ...baixa } of baixas) {
    const resposta = await api<{ parcelas: Array<{ baixas: Array<{ id: number }> }> }>(
      'POST',
      `/api/financeiro/parcelas/${criado.parcelas[parcela]!.id}/baixas`,
      baixa,
    );
    ids.push(resposta.parcelas[parcela]!.baixas.at(-1)!.id);
  }
  return { ...criado, baixas: ids };
}

const linhaDre = (dre: Dre, rotuloOuChave: string) =>
  dre.linhas.find((l) => l.chave === rotuloOuChave || l.rotulo === rotuloOuChave);

describe('a hand-computed March 2021', () => {
  let contaId: number;
  let saldoInicialDasContas: number;

  beforeAll(async () => {
    const bebidas = await grupo('Bebidas DRE');
    const limpeza = await grupo('Limpeza DRE');
    const p1 = await produto('Suco DRE', 10, 4, bebidas);
    const p2 = await produto('Sabão DRE', 25.5, 12.35, limpeza);

    // A: lines 29,00 + 51,00 = 80,00; general discount 5,00; freight 7,90. Cost 12,00 + 24,70.
    const a = await venda({
      tipo: 'produto',
      forma_pagamento: 'pix',
      desconto: 5,
      frete: 7.9,
      itens: [
        { produto_id: p1, quantidade: 3, desconto_item: 1 },
        { produto_id: p2, quantidade: 2 },
      ],
    });
    expect([a.valor_total, a.valor_final]).toEqual([80, 82.9]);
    expect(a.itens.map((i) => i.custo_unitario)).toEqual([4, 12.35]);
    // B: a quick counter sale of 25,50 paid with 50,00 in cash (troco 24,50). Cost 12,35.
    const b = await venda({
      tipo: 'balcao',
      cliente_id: null,
      atendimento_rapido: true,
      pagamentos: [{ forma: 'dinheiro', valor: 50 }],
      itens: [{ produto_id: p2, quantidade: 1 }],
    });
    expect(b.troco).toBe(24.5);
    // C: 50,00 finalized and cancelled in March (cost 20,00). D: 102,00 finalized in February,
    // cancelled in March (cost 49,40).
    const c = await venda({
      tipo: 'produto',
      forma_pagamento: 'cartao_credito',
      itens: [{ produto_id: p1, quantidade: 5 }],
    });
    const d = await venda({
      tipo: 'produto',
      forma_pagamento: 'boleto',
      itens: [{ produto_id: p2, quantidade: 4 }],
    });
    await cancelar(c.id);
    await cancelar(d.id);
    // A Pendente sale cancelled never counts.
    const pendente = await api<Venda>('POST', '/api/vendas', {
      tipo: 'produto',
      cliente_id: clienteId,
      forma_pagamento: 'pix',
      itens: [{ produto_id: p1, quantidade: 7 }],
    });
    await cancelar(pendente.id);

    // E: an appointment of a 120,00 service with 20,00 off, concluded.
    const servico = await api<{ id: number }>('POST', '/api/servicos', {
      nome: 'Instalação DRE',
      preco: 120,
      duracao: 60,
    });
    const [profissional] = await api<Array<{ id: number }>>(
      'GET',
      '/api/cadastros?tipo=funcionario',
    );
    const e = await api<Venda>('POST', '/api/vendas', {
      tipo: 'servico',
      cliente_id: clienteId,
      servico_id: servico.id,
      profissional_id: profissional!.id,
      data_agendamento: addDaysISO(todayISO(ctx.config.timeZone), 20),
      hora_inicio: '09:00',
      forma_pagamento: 'pix',
      desconto: 20,
    });
    await api('PATCH', `/api/vendas/${e.id}/status`, { status: 'Em Andamento' });
    await api('PATCH', `/api/vendas/${e.id}/status`, { status: 'Concluído' });

    // F: a service order: part 2 × 10,00 (cost 4,00), labour 150,00, freight 10,00, other 5,00,
    // discount 15,00 → 170,00.
    const f = await api<{ id: number; valor_total: number }>('POST', '/api/ordens-servico', {
      cliente_id: clienteId,
      produtos: [{ produto_id: p1, quantidade: 2, valor: 10 }],
      servicos: [{ servico_id: servico.id, quantidade: 1, valor: 150 }],
      frete: 10,
      outros: 5,
      desconto: 15,
    });
    expect(f.valor_total).toBe(170);
    await api('PATCH', `/api/ordens-servico/${f.id}/status`, { situacao: 'em-andamento' });
    await api('PATCH', `/api/ordens-servico/${f.id}/status`, { situacao: 'concluida' });

    // Back to 2021. B at 23:30 of 31/03 in São Paulo (already April in UTC) is March's.
    const quando: Array<[number, string, string | null]> = [
      [a.id, '2021-03-10T15:00:00Z', null],
      [b.id, '2021-04-01T02:30:00Z', null],
      [c.id, '2021-03-11T15:00:00Z', '2021-03-12T15:00:00Z'],
      [d.id, '2021-02-20T15:00:00Z', '2021-03-02T15:00:00Z'],
      [pendente.id, '2021-03-05T15:00:00Z', '2021-03-05T16:00:00Z'],
    ];
    for (const [id, finalizada, cancelada] of quando) {
      await execute(sql`UPDATE vendas SET data_venda = ${finalizada}::timestamptz,
        finalizada_em = CASE WHEN finalizada_em IS NULL THEN NULL ELSE ${finalizada}::timestamptz END,
        cancelada_em = ${cancelada}::timestamptz WHERE id = ${id}`);
    }
    await execute(sql`UPDATE vendas SET concluido_em = '2021-03-15T15:00:00Z',
      finalizada_em = '2021-03-15T15:00:00Z' WHERE id = ${e.id}`);
    await execute(sql`UPDATE ordens_servico SET concluida_em = '2021-03-16T15:00:00Z'
      WHERE id = ${f.id}`);

    // Money: an account of its own, opened with 1.000,00.
    contaId = (
      await api<{ id: number }>('POST', '/api/financeiro/contas', {
        nome: 'Conta DRE',
        tipo: 'corrente',
        saldo_inicial: 1000,
        data_saldo_inicial: '2021-01-01',
      })
    ).id;
    const pagar = (extra: Json) => ({ natureza: 'pagar', pessoa_id: fornecedorId, ...extra });
    const baixa = (parcela: number, data: string, valor: number, extra: Json = {}) => ({
      parcela,
      data,
      conta_id: contaId,
      valor,
      ...extra,
    });
    // February: 100,00 paid on 15/02 (before the period: the opening balance).
    await titulo(
      pagar({
        descricao: 'Manutenção fevereiro',
        categoria_id: categoria['Manutenção'],
        valor: 100,
        vencimento: '2021-02-15',
      }),
      [baixa(0, '2021-02-15', 100)],
    );
    // March's payables: rent paid late with 15,00 of interest; two energy bills, one paid in
    // part from the Caixa; one without a category; one cancelled; April's one.
    await titulo(
      pagar({
        descricao: 'Aluguel março',
        categoria_id: categoria['Aluguel'],
        valor: 1500,
        vencimento: '2021-03-05',
      }),
      [baixa(0, '2021-03-10', 1515, { juros: 15 })],
    );
    await titulo(
      pagar({
        descricao: 'Energia março',
        categoria_id: categoria['Energia elétrica'],
        valor: 234.56,
        vencimento: '2021-03-20',
      }),
    );
    await titulo(
      pagar({
        descricao: 'Energia ajuste',
        categoria_id: categoria['Energia elétrica'],
        valor: 10.01,
        vencimento: '2021-03-25',
      }),
      [{ ...baixa(0, '2021-03-25', 5), conta_id: 1 }],
    );
    await titulo(pagar({ descricao: 'Diversos', valor: 50, vencimento: '2021-03-28' }));
    // Goods bought in March are stock, not an expense: they reach the DRE as CMV when sold.
    await titulo(
      pagar({
        descricao: 'Mercadorias para revenda',
        categoria_id: categoria['Compra de mercadorias'],
        valor: 4321,
        vencimento: '2021-05-10',
        competencia: '2021-03-01',
      }),
    );
    const cancelado = await titulo(
      pagar({
        descricao: 'Lançado por engano',
        categoria_id: categoria['Aluguel'],
        valor: 777,
        vencimento: '2021-03-08',
      }),
    );
    await api('POST', `/api/financeiro/titulos/${cancelado.id}/cancelar`);
    await titulo(
      pagar({
        descricao: 'Aluguel abril',
        categoria_id: categoria['Aluguel'],
        valor: 1500,
        vencimento: '2021-04-05',
        competencia: '2021-04-01',
      }),
    );
    // A receivable typed by hand, received on 06/03; another one received then reversed.
    await titulo(
      {
        natureza: 'receber',
        descricao: 'Sublocação de sala',
        categoria_id: categoria['Outras receitas'],
        valor: 300,
        vencimento: '2021-03-05',
      },
      [baixa(0, '2021-03-06', 300)],
    );
    const estornado = await titulo(
      {
        natureza: 'receber',
        descricao: 'Reembolso',
        categoria_id: categoria['Outras receitas'],
        valor: 999,
        vencimento: '2021-03-15',
        competencia: '2021-05-01',
      },
      [baixa(0, '2021-03-15', 999)],
    );
    await api('DELETE', `/api/financeiro/baixas/${estornado.baixas[0]}`);
    // 200,00 moved to the Caixa on 12/03; 50,00 moved and reversed on 13/03.
    await api('POST', '/api/financeiro/transferencias', {
      origem_id: contaId,
      destino_id: 1,
      data: '2021-03-12',
      valor: 200,
    });
    const desfeita = await api<{ id: number }>('POST', '/api/financeiro/transferencias', {
      origem_id: contaId,
      destino_id: 1,
      data: '2021-03-13',
      valor: 50,
    });
    await api('DELETE', `/api/financeiro/transferencias/${desfeita.id}`);

    const result = (await ctx.database.db.execute(
      sql`SELECT sum(saldo_inicial) AS total FROM contas_financeiras`,
    )) as unknown as { rows: Array<{ total: number }> };
    saldoInicialDasContas = Number(result.rows[0]!.total);
  });

  it('DRE: every line of February and March to the centavo', async () => {
    const dre = await api<Dre>('GET', '/api/financeiro/dre?de=2021-02&ate=2021-03');
    expect(dre.meses).toEqual(['2021-02', '2021-03']);
    const esperado: Record<string, [number, number]> = {
      receita_produtos: [102, 183.4],
      receita_servicos: [0, 285],
      receita_bruta: [102, 468.4],
      descontos: [0, 40],
      cancelamentos: [0, 152],
      receita_liquida: [102, 276.4],
      cmv: [49.4, 7.65],
      lucro_bruto: [52.6, 268.75],
      outras_receitas: [0, 300],
      despesas: [100, 1794.57],
      resultado: [-47.4, -1225.82],
    };
    for (const [chave, valores] of Object.entries(esperado)) {
      const linha = linhaDre(dre, chave)!;
      expect([chave, ...linha.valores], chave).toEqual([chave, ...valores]);
      expect(linha.total, chave).toBe(sumMoney(...valores));
      expect(linha.nivel).toBe(0);
    }
    // One detail row per category right after the total, in name order.
    const inicio = dre.linhas.findIndex((l) => l.chave === 'despesas');
    const detalhes = dre.linhas.filter((l) => l.nivel === 1);
    expect(dre.linhas.slice(inicio + 1, inicio + 1 + detalhes.length)).toEqual(detalhes);
    expect(detalhes.map((l) => [l.rotulo, ...l.valores])).toEqual([
      ['Aluguel', 0, 1500],
      ['Energia elétrica', 0, 244.57],
      ['Manutenção', 100, 0],
      ['Sem categoria', 0, 50],
    ]);
    expect(dre.linhas.at(-1)!.chave).toBe('resultado');
  });

  it('DRE as CSV for Excel in Brazil', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/financeiro/dre?de=2021-02&ate=2021-03&formato=csv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="dre-2021-02-a-2021-03.csv"',
    );
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFLinha;02/2021;03/2021;Total\r\n')).toBe(true);
    const linhas = body.slice(1).trimEnd().split('\r\n');
    expect(linhas).toContain('Receita bruta de produtos;102,00;183,40;285,40');
    expect(linhas).toContain('    Energia elétrica;0,00;244,57;244,57');
    expect(linhas.at(-1)).toBe('(=) Resultado do período;-47,40;-1225,82;-1273,22');
  });

  it('cash flow by day and by month: realised, planned, running balances', async () => {
    const porMes = await api<FluxoCaixa>(
      'GET',
      '/api/financeiro/fluxo-caixa?de=2021-03-01&ate=2021-03-31&agrupar=mes',
    );
    const inicial = sumMoney(saldoInicialDasContas, -100);
    expect(porMes.saldo_inicial).toBe(inicial);
    expect(porMes.periodos).toEqual([
      {
        periodo: '2021-03',
        entradas_realizadas: 300,
        saidas_realizadas: 1520,
        // March 2021 is past: what it left open is expected from today on, not in March.
        entradas_previstas: 0,
        saidas_previstas: 0,
        saldo_realizado: sumMoney(inicial, 300, -1520),
        saldo_projetado: sumMoney(inicial, 300, -1520),
      },
    ]);

    const porDia = await api<FluxoCaixa>(
      'GET',
      '/api/financeiro/fluxo-caixa?de=2021-03-01&ate=2021-03-31',
    );
    expect(porDia.periodos).toHaveLength(31);
    const dia = (d: string) => porDia.periodos.find((p) => p.periodo === `2021-03-${d}`)!;
    expect(dia('06').entradas_realizadas).toBe(300);
    expect(dia('10').saidas_realizadas).toBe(1515);
    expect([dia('25').saidas_realizadas, dia('25').saidas_previstas]).toEqual([5, 0]);
    // The reversed settlement of 15/03 is gone from the realised money; the transfers are not there.
    expect(dia('15').entradas_realizadas).toBe(0);
    expect(dia('12').saidas_realizadas).toBe(0);
    expect(porDia.periodos.at(-1)!.saldo_realizado).toBe(porMes.periodos[0]!.saldo_realizado);
    expect(porDia.periodos.at(-1)!.saldo_projetado).toBe(porMes.periodos[0]!.saldo_projetado);
    expect(dia('09').saldo_realizado).toBe(sumMoney(inicial, 300));
  });

  it('expects what March left open from today on: the reversed receivable, the unpaid bills', async () => {
    const hoje = todayISO(ctx.config.timeZone);
    const fluxo = await api<FluxoCaixa>(
      'GET',
      `/api/financeiro/fluxo-caixa?de=${hoje}&ate=${hoje}`,
    );
    const [dia] = fluxo.periodos;
    // 999,00 to receive (the reversed one); 234,56 + 5,01 + 50,00 to pay, at least.
    expect(dia!.entradas_previstas).toBeGreaterThanOrEqual(999);
    expect(dia!.saidas_previstas).toBeGreaterThanOrEqual(289.57);
  });

  it('cash flow of one account counts its transfers and no planned money', async () => {
    const fluxo = await api<FluxoCaixa>(
      'GET',
      `/api/financeiro/fluxo-caixa?de=2021-03-01&ate=2021-03-31&agrupar=mes&conta_id=${contaId}`,
    );
    expect(fluxo.saldo_inicial).toBe(900);
    expect(fluxo.periodos[0]).toMatchObject({
      entradas_realizadas: 300,
      saidas_realizadas: 1715,
      entradas_previstas: 0,
      saidas_previstas: 0,
      saldo_realizado: -515,
      saldo_projetado: -515,
    });
    const caixa = await api<FluxoCaixa>(
      'GET',
      '/api/financeiro/fluxo-caixa?de=2021-03-01&ate=2021-03-31&agrupar=mes&conta_id=1',
    );
    expect(caixa.periodos[0]).toMatchObject({ entradas_realizadas: 200, saidas_realizadas: 5 });
    const inexistente = await ctx.request({
      method: 'GET',
      url: '/api/financeiro/fluxo-caixa?conta_id=999999',
    });
    expect(inexistente.statusCode).toBe(404);
  });
});

describe('periods', () => {
  it('defaults: this month by day; the last six months of DRE', async () => {
    const hoje = todayISO(ctx.config.timeZone);
    const fluxo = await api<FluxoCaixa>('GET', '/api/financeiro/fluxo-caixa');
    expect(fluxo.de).toBe(`${hoje.slice(0, 7)}-01`);
    expect(fluxo.ate.slice(0, 7)).toBe(hoje.slice(0, 7));
    expect(addDaysISO(fluxo.ate, 1).slice(8)).toBe('01');
    expect(fluxo.periodos.map((p) => p.periodo)[0]).toBe(fluxo.de);
    const dre = await api<Dre>('GET', '/api/financeiro/dre');
    expect(dre.meses).toHaveLength(6);
    expect(dre.meses.at(-1)).toBe(hoje.slice(0, 7));
    const dezembro = await api<Dre>('GET', '/api/financeiro/dre?de=2020-11');
    expect(dezembro.meses).toEqual([
      '2020-11',
      '2020-12',
      '2021-01',
      '2021-02',
      '2021-03',
      '2021-04',
    ]);
  });

  it('refuses an inverted or too long period with a 400 naming the field', async () => {
    for (const url of [
      '/api/financeiro/fluxo-caixa?de=2021-03-10&ate=2021-03-01',
      '/api/financeiro/fluxo-caixa?de=2020-01-01&ate=2021-03-01',
      '/api/financeiro/fluxo-caixa?de=1900-01-01&ate=2100-01-01&agrupar=mes',
      '/api/financeiro/dre?de=2021-03&ate=2021-01',
      '/api/financeiro/dre?de=2000-01&ate=2021-01',
      '/api/financeiro/dre?formato=pdf',
    ]) {
      const response = await ctx.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields), url).toHaveLength(1);
    }
  });
});

describe('GET /api/dashboard', () => {
  const painel = async (as?: string) => {
    const response = await ctx.request({ method: 'GET', url: '/api/dashboard', as });
    expect(response.statusCode).toBe(200);
    return response.json<Dashboard>();
  };

  it('moves with what is due today and what was received this month', async () => {
    const hoje = todayISO(ctx.config.timeZone);
    const grupoId = await grupo('Categoria Painel');
    const p = await produto('Produto Painel', 12.34, 5, grupoId);
    await venda({
      tipo: 'produto',
      forma_pagamento: 'boleto',
      itens: [{ produto_id: p, quantidade: 3 }],
    });
    const antes = await painel();
    expect(antes.hoje).toBe(hoje);
    expect(antes.vendas_por_categoria).toContainEqual({
      categoria: 'Categoria Painel',
      valor: 37.02,
    });

    const conta = (
      await api<{ id: number }>('POST', '/api/financeiro/contas', {
        nome: 'Conta Painel',
        tipo: 'corrente',
        saldo_inicial: 10,
      })
    ).id;
    await titulo(
      {
        natureza: 'receber',
        descricao: 'Recebível do painel',
        valor: 123.45,
        vencimento: hoje,
      },
      [{ parcela: 0, data: hoje, conta_id: conta, valor: 10.1 }],
    );
    await titulo({ natureza: 'pagar', descricao: 'Conta do dia', valor: 67.89, vencimento: hoje });
    await titulo({
      natureza: 'pagar',
      descricao: 'Conta de ontem',
      valor: 11.11,
      vencimento: addDaysISO(hoje, -1),
    });
    const depois = await painel();
    const a = antes.financeiro!;
    const d = depois.financeiro!;
    expect(d.a_receber_hoje).toBe(sumMoney(a.a_receber_hoje, 113.35));
    expect(d.a_pagar_hoje).toBe(sumMoney(a.a_pagar_hoje, 67.89));
    expect(d.a_pagar_ontem).toBe(sumMoney(a.a_pagar_ontem, 11.11));
    expect(d.recebimentos_mes).toBe(sumMoney(a.recebimentos_mes, 10.1));
    expect(d.pagamentos_mes).toBe(a.pagamentos_mes);
    expect(d.fluxo).toHaveLength(6);
    expect(d.fluxo.at(-1)).toEqual({
      mes: hoje.slice(0, 7),
      receitas: d.recebimentos_mes,
      despesas: d.pagamentos_mes,
    });
    expect(d.contas).toContainEqual({ id: conta, nome: 'Conta Painel', banco: null, saldo: 20.1 });
    const vencimentosHoje = (p: Dashboard) =>
      p.calendario.find((c) => c.dia === hoje && c.tipo === 'vencimento')?.quantidade ?? 0;
    expect(vencimentosHoje(depois)).toBe(vencimentosHoje(antes) + 2);
  });

  it('shows a user the sales and the appointments, no finance', async () => {
    const admin = await painel();
    const user = await painel(USER_EMAIL);
    expect(user.financeiro).toBeNull();
    expect(user.vendas_por_categoria).toEqual(admin.vendas_por_categoria);
    expect(user.calendario.every((c) => c.tipo === 'agendamento')).toBe(true);
    expect(user.calendario).toEqual(admin.calendario.filter((c) => c.tipo === 'agendamento'));
  });

  it('answers in at most five queries', async () => {
    let consultas = 0;
    const logger: Logger = { logQuery: () => void consultas++ };
    const client = (ctx.database.db as unknown as { $client: never }).$client;
    const contado = (ctx.database.kind === 'pglite'
      ? drizzlePglite({ client, logger, casing: 'snake_case' })
      : drizzleNodePg({ client, logger, casing: 'snake_case' })) as unknown as Database;
    const resposta = await dashboard(contado, 'admin', ctx.config.timeZone);
    expect(resposta.financeiro).not.toBeNull();
    expect(consultas).toBeLessThanOrEqual(5);
    consultas = 0;
    await dashboard(contado, 'user', ctx.config.timeZone);
    expect(consultas).toBeLessThanOrEqual(2);
  });
});
