import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import type { Conta, TituloDetalhe } from '@prumo/shared/financeiro';
import type { Venda } from '@prumo/shared/vendas';
import { createTestContext, type TestContext } from '../../test/test-app';

/*
 * Sales, appointments and service orders feeding the finance: receivable per payment, settled
 * at once into the method's account or due later, and cancelling reversing all of it once.
 */

let ctx: TestContext;
type Json = Record<string, unknown>;

async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const response = await ctx.request({ method, url, payload: payload as Json });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

let hoje: string;
let clienteId: number;
let produtoId: number;
let banco: number;
const CAIXA = 1;

beforeAll(async () => {
  ctx = await createTestContext();
  hoje = todayISO(ctx.config.timeZone);
  const [cliente] = await api<Array<{ id: number }>>('GET', '/api/cadastros?tipo=cliente');
  clienteId = cliente!.id;
  produtoId = (
    await api<{ id: number }>('POST', '/api/produtos', {
      nome: 'Produto Recebível',
      preco: 25.5,
      custo: 10,
      estoque: 1000,
    })
  ).id;
  banco = (
    await api<{ id: number }>('POST', '/api/financeiro/contas', {
      nome: 'Banco Recebíveis',
      tipo: 'corrente',
      banco: 'Banco Teste',
    })
  ).id;
  await api('PUT', '/api/financeiro/formas', [
    { forma: 'dinheiro', conta_id: CAIXA, prazo_dias: 0, baixa_automatica: true },
    { forma: 'pix', conta_id: banco, prazo_dias: 0, baixa_automatica: true },
    { forma: 'cartao_debito', conta_id: banco, prazo_dias: 1, baixa_automatica: true },
    { forma: 'cartao_credito', conta_id: banco, prazo_dias: 30, baixa_automatica: false },
    { forma: 'boleto', conta_id: banco, prazo_dias: 15, baixa_automatica: false },
  ]);
  await api('POST', '/api/caixas', { valor_inicial: 0 });
});
afterAll(() => ctx?.close());

async function saldos(): Promise<Map<number, number>> {
  const contas = await api<Conta[]>('GET', '/api/financeiro/contas');
  return new Map(contas.map((c) => [c.id, c.saldo]));
}

async function titulosDe(origem: 'venda_id' | 'ordem_servico_id', id: number) {
  const result = (await ctx.database.db.execute(
    sql`SELECT id FROM titulos WHERE ${sql.identifier(origem)} = ${id} ORDER BY id`,
  )) as unknown as { rows: Array<{ id: number }> };
  return Promise.all(
    result.rows.map((r) => api<TituloDetalhe>('GET', `/api/financeiro/titulos/${r.id}`)),
  );
}

async function vender(payload: Json): Promise<Venda> {
  const criada = await api<Venda>('POST', '/api/vendas', {
    tipo: 'produto',
    cliente_id: clienteId,
    itens: [{ produto_id: produtoId, quantidade: 2 }],
    ...payload,
  });
  if (criada.status === 'Finalizada') return criada;
  return api<Venda>('PATCH', `/api/vendas/${criada.id}/status`, { status: 'Finalizada' });
}

const cancelar = (id: number) =>
  ctx.request({
    method: 'PATCH',
    url: `/api/vendas/${id}/status`,
    payload: { status: 'Cancelada', motivo: 'Teste' },
  });

describe('a finalized sale', () => {
  it('PIX: received at once into its account, from the customer, as Venda de produtos', async () => {
    const antes = await saldos();
    const venda = await vender({ forma_pagamento: 'pix' });
    const [titulo, ...outros] = await titulosDe('venda_id', venda.id);
    expect(outros).toEqual([]);
    expect(titulo).toMatchObject({
      natureza: 'receber',
      origem: 'venda',
      venda_id: venda.id,
      pessoa_id: clienteId,
      categoria_nome: 'Venda de produtos',
      forma_pagamento: 'pix',
      valor: 51,
      valor_pago: 51,
      status: 'pago',
      competencia: hoje,
    });
    const [baixa] = titulo!.parcelas[0]!.baixas;
    expect(baixa).toMatchObject({ data: hoje, conta_id: banco, valor: 51, automatica: true });
    expect((await saldos()).get(banco)).toBe(antes.get(banco)! + 51);
    // Reversed only by cancelling the sale.
    const estorno = await ctx.request({
      method: 'DELETE',
      url: `/api/financeiro/baixas/${baixa!.id}`,
    });
    expect(estorno.statusCode).toBe(409);
  });

  it('counter sale in cash and PIX: the change comes out of the cash, into the Caixa', async () => {
    const antes = await saldos();
    // 2 × 25,50 = 51,00 paid 40,00 in cash + 20,00 by PIX: 9,00 of change.
    const venda = await vender({
      tipo: 'balcao',
      cliente_id: null,
      atendimento_rapido: true,
      pagamentos: [
        { forma: 'dinheiro', valor: 40 },
        { forma: 'pix', valor: 20 },
      ],
    });
    expect(venda.troco).toBe(9);
    const titulos = await titulosDe('venda_id', venda.id);
    expect(titulos.map((t) => [t.forma_pagamento, t.valor, t.status, t.pessoa_id])).toEqual([
      ['dinheiro', 31, 'pago', null],
      ['pix', 20, 'pago', null],
    ]);
    const depois = await saldos();
    expect(depois.get(CAIXA)).toBe(antes.get(CAIXA)! + 31);
    expect(depois.get(banco)).toBe(antes.get(banco)! + 20);
  });

  it('credit card falls due in 30 days and boleto in 15, open, nothing received', async () => {
    const antes = await saldos();
    const cartao = await vender({ forma_pagamento: 'cartao_credito' });
    const boleto = await vender({ forma_pagamento: 'boleto' });
    for (const [venda, dias] of [
      [cartao, 30],
      [boleto, 15],
    ] as const) {
      const [titulo] = await titulosDe('venda_id', venda.id);
      expect(titulo).toMatchObject({ valor: 51, valor_pago: 0, status: 'aberto' });
      expect(titulo!.parcelas).toHaveLength(1);
      expect(titulo!.parcelas[0]).toMatchObject({
        vencimento: addDaysISO(hoje, dias),
        baixas: [],
      });
    }
    expect(await saldos()).toEqual(antes);
  });

  it('a sale that cannot be finalized leaves no receivable', async () => {
    const contar = async () =>
      (
        (await ctx.database.db.execute(sql`SELECT count(*) AS n FROM titulos`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n;
    const antes = await contar();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/vendas',
      payload: {
        tipo: 'produto',
        cliente_id: clienteId,
        forma_pagamento: 'pix',
        itens: [{ produto_id: produtoId, quantidade: 100_000 }],
      },
    });
    expect(response.statusCode).toBe(201);
    const finalizar = await ctx.request({
      method: 'PATCH',
      url: `/api/vendas/${response.json<Venda>().id}/status`,
      payload: { status: 'Finalizada' },
    });
    expect(finalizar.statusCode).toBe(409);
    expect(await contar()).toBe(antes);
  });
});

describe('cancelling a finalized sale', () => {
  it('reverses its settlements and cancels its receivables, once', async () => {
    const antes = await saldos();
    const venda = await vender({
      itens: [{ produto_id: produtoId, quantidade: 4 }],
      pagamentos: [
        { forma: 'pix', valor: 60 },
        { forma: 'cartao_credito', valor: 42 },
      ],
    });
    expect((await saldos()).get(banco)).toBe(antes.get(banco)! + 60);

    const cancelada = await cancelar(venda.id);
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    const titulos = await titulosDe('venda_id', venda.id);
    expect(titulos.map((t) => t.status)).toEqual(['cancelado', 'cancelado']);
    expect(titulos.every((t) => t.cancelado_em !== null)).toBe(true);
    const [pix] = titulos;
    expect(pix!.parcelas[0]!.baixas).toHaveLength(1);
    expect(pix!.parcelas[0]!.baixas[0]!.estornada_em).not.toBeNull();
    expect(await saldos()).toEqual(antes);

    const denovo = await cancelar(venda.id);
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json<{ error: string }>().error).toBe('TRANSICAO_INVALIDA');
    expect(await saldos()).toEqual(antes);
    expect((await titulosDe('venda_id', venda.id)).map((t) => t.status)).toEqual([
      'cancelado',
      'cancelado',
    ]);
  });

  it('a Pendente sale cancelled had no receivable to touch', async () => {
    const pendente = await api<Venda>('POST', '/api/vendas', {
      tipo: 'produto',
      cliente_id: clienteId,
      forma_pagamento: 'pix',
      itens: [{ produto_id: produtoId, quantidade: 1 }],
    });
    expect((await cancelar(pendente.id)).statusCode).toBe(200);
    expect(await titulosDe('venda_id', pendente.id)).toEqual([]);
  });
});

describe('services', () => {
  let servicoId: number;
  let profissionalId: number;

  beforeAll(async () => {
    servicoId = (
      await api<{ id: number }>('POST', '/api/servicos', {
        nome: 'Serviço Recebível',
        preco: 80,
        duracao: 60,
      })
    ).id;
    const [profissional] = await api<Array<{ id: number }>>(
      'GET',
      '/api/cadastros?tipo=funcionario',
    );
    profissionalId = profissional!.id;
  });

  async function concluirAgendamento(dias: number, extra: Json) {
    const agendado = await api<Venda>('POST', '/api/vendas', {
      tipo: 'servico',
      cliente_id: clienteId,
      servico_id: servicoId,
      profissional_id: profissionalId,
      data_agendamento: addDaysISO(hoje, dias),
      hora_inicio: '14:00',
      ...extra,
    });
    expect(await titulosDe('venda_id', agendado.id)).toEqual([]);
    await api('PATCH', `/api/vendas/${agendado.id}/status`, { status: 'Em Andamento' });
    expect(await titulosDe('venda_id', agendado.id)).toEqual([]);
    await api('PATCH', `/api/vendas/${agendado.id}/status`, { status: 'Concluído' });
    return titulosDe('venda_id', agendado.id);
  }

  it('a concluded appointment paid by PIX is received at once as Prestação de serviços', async () => {
    const antes = await saldos();
    const [titulo] = await concluirAgendamento(30, { forma_pagamento: 'pix', desconto: 5 });
    expect(titulo).toMatchObject({
      categoria_nome: 'Prestação de serviços',
      forma_pagamento: 'pix',
      valor: 75,
      status: 'pago',
      pessoa_id: clienteId,
    });
    expect((await saldos()).get(banco)).toBe(antes.get(banco)! + 75);
  });

  it('a concluded appointment without a method is due today', async () => {
    const [titulo] = await concluirAgendamento(31, { forma_pagamento: null });
    expect(titulo).toMatchObject({ forma_pagamento: null, valor: 80, status: 'aberto' });
    expect(titulo!.parcelas[0]!.vencimento).toBe(hoje);
  });

  it('a concluded service order: one receivable of its total, due today', async () => {
    const ordem = await api<{ id: number; valor_total: number }>('POST', '/api/ordens-servico', {
      cliente_id: clienteId,
      servicos: [{ servico_id: servicoId, quantidade: 1, valor: 150 }],
      produtos: [{ produto_id: produtoId, quantidade: 1 }],
      desconto: 0.5,
    });
    await api('PATCH', `/api/ordens-servico/${ordem.id}/status`, { situacao: 'em-andamento' });
    expect(await titulosDe('ordem_servico_id', ordem.id)).toEqual([]);
    await api('PATCH', `/api/ordens-servico/${ordem.id}/status`, { situacao: 'concluida' });
    await api('PATCH', `/api/ordens-servico/${ordem.id}/status`, {
      situacao: 'entregue',
      entregue_a: 'Cliente',
    });
    const titulos = await titulosDe('ordem_servico_id', ordem.id);
    expect(titulos).toHaveLength(1);
    expect(titulos[0]).toMatchObject({
      origem: 'ordem_servico',
      ordem_servico_id: ordem.id,
      categoria_nome: 'Prestação de serviços',
      valor: 175,
      status: 'aberto',
      pessoa_id: clienteId,
    });
    expect(ordem.valor_total).toBe(175);
    expect(titulos[0]!.parcelas[0]!.vencimento).toBe(hoje);
  });
});
