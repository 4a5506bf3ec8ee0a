import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import {
  FINANCEIRO_MESSAGES,
  type CategoriaFinanceira,
  type Cobrancas,
  type Conta,
  type Extrato,
  type ParcelaResumo,
  type Titulo,
  type TituloDetalhe,
} from '@prumo/shared/financeiro';
import { toCentavos } from '@prumo/shared/money';
import type { FormaPagamento } from '@prumo/shared/vendas';
import {
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  baixarParcela,
  cancelarTitulosDaOrigem,
  regrasDeRecebimento,
  criarTitulo,
  parcelasDoTitulo,
  type FinanceiroContexto,
} from './financeiro.repository';

let ctx: TestContext;
let hoje: string;
let clienteId: number;
let fornecedorId: number;
let receitaId: number;
let despesaId: number;

type Json = Record<string, unknown>;

beforeAll(async () => {
  ctx = await createTestContext();
  hoje = todayISO(ctx.config.timeZone);
  const primeiro = async (tipo: string) =>
    (await ctx.request({ method: 'GET', url: `/api/cadastros?tipo=${tipo}` })).json<
      Array<{ id: number }>
    >()[0]!.id;
  clienteId = await primeiro('cliente');
  fornecedorId = await primeiro('fornecedor');
  const categorias = await get<CategoriaFinanceira[]>('/api/financeiro/categorias');
  receitaId = categorias.find((c) => c.nome === 'Outras receitas')!.id;
  despesaId = categorias.find((c) => c.nome === 'Aluguel')!.id;
});
afterAll(() => ctx?.close());

const get = async <T>(url: string, as?: string) => {
  const response = await ctx.request({ method: 'GET', url, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json | Json[]) =>
  ctx.request({ method, url, ...(payload ? { payload } : {}) });
async function ok<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Json | Json[],
  status = method === 'POST' ? 201 : 200,
): Promise<T> {
  const response = await send(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

const novaConta = (nome: string, saldoInicial = 0) =>
  ok<Conta>('POST', '/api/financeiro/contas', {
    nome,
    tipo: 'corrente',
    banco: 'Banco Teste',
    saldo_inicial: saldoInicial,
  });
/** The account a sale's payment in this method lands in, as the sales read it. */
const contaDaForma = async (forma: FormaPagamento) =>
  (await regrasDeRecebimento(ctx.database.db, 'venda-produtos')).formas.get(forma)?.conta_id;
const novoTitulo = (extra: Json) =>
  ok<TituloDetalhe>('POST', '/api/financeiro/titulos', {
    natureza: 'pagar',
    descricao: 'Conta de teste',
    valor: 100,
    vencimento: addDaysISO(hoje, 10),
    ...extra,
  });
const baixar = (parcelaId: number, payload: Json) =>
  send('POST', `/api/financeiro/parcelas/${parcelaId}/baixas`, payload);

async function rowCounts() {
  const result = await ctx.database.db.execute(
    sql`SELECT (SELECT count(*) FROM titulos)::int AS titulos, (SELECT count(*) FROM parcelas)::int AS parcelas,
               (SELECT count(*) FROM baixas)::int AS baixas, (SELECT count(*) FROM transferencias)::int AS transferencias,
               (SELECT count(*) FROM contas_financeiras)::int AS contas, (SELECT count(*) FROM categorias_financeiras)::int AS categorias`,
  );
  return (result as unknown as { rows: Array<Record<string, number>> }).rows[0]!;
}

describe('contas', () => {
  it('lists the seeded Caixa with its balance and creates, edits and deletes an unused account', async () => {
    const contas = await get<Conta[]>('/api/financeiro/contas');
    expect(contas.find((c) => c.id === 1)).toMatchObject({ nome: 'Caixa', tipo: 'caixa' });
    const conta = await novaConta('Banco Editável', 50.5);
    expect(conta).toMatchObject({
      saldo_inicial: 50.5,
      saldo: 50.5,
      data_saldo_inicial: hoje,
      ativo: true,
    });
    const editada = await ok<Conta>('PUT', `/api/financeiro/contas/${conta.id}`, {
      nome: 'Banco Editado',
      tipo: 'poupanca',
      saldo_inicial: 10,
      data_saldo_inicial: '2026-01-01',
    });
    expect(editada).toMatchObject({ nome: 'Banco Editado', tipo: 'poupanca', saldo: 10 });
    // PUT keeps what it leaves out; null clears a field that may be empty.
    const semData = await ok<Conta>('PUT', `/api/financeiro/contas/${conta.id}`, {
      nome: 'Banco Editado',
      banco: null,
    });
    expect(semData).toMatchObject({
      tipo: 'poupanca',
      banco: null,
      data_saldo_inicial: '2026-01-01',
      saldo_inicial: 10,
    });
    expect((await send('DELETE', `/api/financeiro/contas/${conta.id}`)).statusCode).toBe(204);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/financeiro/contas/${conta.id}` })).statusCode,
    ).toBe(404);
  });

  it('keeps at least one account active, where cash, PIX and debit sales land', async () => {
    const ativas = (await get<Conta[]>('/api/financeiro/contas')).filter((c) => c.ativo);
    const dados = (c: Conta, ativo: boolean) => ({
      nome: c.nome,
      tipo: c.tipo,
      saldo_inicial: c.saldo_inicial,
      data_saldo_inicial: c.data_saldo_inicial,
      ativo,
    });
    for (const conta of ativas.slice(1)) {
      await ok('PUT', `/api/financeiro/contas/${conta.id}`, dados(conta, false));
    }
    const ultima = await send('PUT', `/api/financeiro/contas/${ativas[0]!.id}`, {
      ...dados(ativas[0]!, false),
    });
    expect(ultima.json().fields).toEqual({ ativo: FINANCEIRO_MESSAGES.ultimaContaAtiva });
    for (const conta of ativas.slice(1)) {
      await ok('PUT', `/api/financeiro/contas/${conta.id}`, dados(conta, true));
    }
  });

  it('refuses to delete an account that moved money (409) and transfers move both balances', async () => {
    const a = await novaConta('Conta A', 100);
    const b = await novaConta('Conta B');
    const t = await ok<{ id: number; estornada_em: string | null }>(
      'POST',
      '/api/financeiro/transferencias',
      {
        origem_id: a.id,
        destino_id: b.id,
        valor: 30.1,
      },
    );
    const saldo = async (id: number) => (await get<Conta>(`/api/financeiro/contas/${id}`)).saldo;
    expect([await saldo(a.id), await saldo(b.id)]).toEqual([69.9, 30.1]);
    const emUso = await send('DELETE', `/api/financeiro/contas/${a.id}`);
    expect(emUso.statusCode).toBe(409);
    expect(emUso.json().message).toBe(FINANCEIRO_MESSAGES.contaEmUso);

    const estornada = await ok<{ estornada_em: string | null }>(
      'DELETE',
      `/api/financeiro/transferencias/${t.id}`,
    );
    expect(estornada.estornada_em).not.toBeNull();
    expect([await saldo(a.id), await saldo(b.id)]).toEqual([100, 0]);
    const outraVez = await send('DELETE', `/api/financeiro/transferencias/${t.id}`);
    expect(outraVez.statusCode).toBe(409);
    expect(outraVez.json().message).toBe(FINANCEIRO_MESSAGES.transferenciaJaEstornada);

    const mesma = await send('POST', '/api/financeiro/transferencias', {
      origem_id: a.id,
      destino_id: a.id,
      valor: 1,
    });
    expect(mesma.statusCode).toBe(400);
    expect(mesma.json().fields).toEqual({
      destino_id: FINANCEIRO_MESSAGES.transferenciaMesmaConta,
    });
  });
});

describe('titulos and baixas', () => {
  it('splits a title into monthly installments that add up to the centavo and settles one partially', async () => {
    const conta = await novaConta('Banco Parcial', 1000);
    const titulo = await novoTitulo({
      descricao: 'Compra de estoque',
      pessoa_id: fornecedorId,
      categoria_id: despesaId,
      valor: 100,
      parcelas: 3,
      vencimento: '2031-01-31',
    });
    expect(titulo.parcelas.map((p) => [p.vencimento, p.valor])).toEqual([
      ['2031-01-31', 33.34],
      ['2031-02-28', 33.33],
      ['2031-03-31', 33.33],
    ]);
    expect(titulo).toMatchObject({
      status: 'aberto',
      competencia: '2031-01-31',
      origem: 'manual',
      saldo: 100,
    });

    const parcial = await baixar(titulo.parcelas[0]!.id, {
      conta_id: conta.id,
      valor: 20,
      juros: 1,
      desconto: 0.5,
    });
    expect(parcial.statusCode, parcial.body).toBe(201);
    const depois = parcial.json<TituloDetalhe>();
    expect(depois.parcelas[0]).toMatchObject({
      valor_pago: 19.5,
      saldo: 13.84,
      juros: 1,
      desconto: 0.5,
      status: 'parcial',
    });
    expect(depois.parcelas[0]!.baixas[0]).toMatchObject({
      valor: 20,
      amortizado: 19.5,
      conta_id: conta.id,
    });
    expect(depois.status).toBe('parcial');
    expect((await get<Conta>(`/api/financeiro/contas/${conta.id}`)).saldo).toBe(980);

    const acima = await baixar(titulo.parcelas[0]!.id, { conta_id: conta.id, valor: 13.85 });
    expect(acima.statusCode).toBe(400);
    expect(Object.keys(acima.json().fields)).toEqual(['valor']);

    const estorno = await ok<TituloDetalhe>(
      'DELETE',
      `/api/financeiro/baixas/${depois.parcelas[0]!.baixas[0]!.id}`,
    );
    expect(estorno.parcelas[0]).toMatchObject({
      valor_pago: 0,
      juros: 0,
      desconto: 0,
      status: 'aberto',
    });
    expect(estorno.parcelas[0]!.baixas[0]!.estornada_em).not.toBeNull();
    expect((await get<Conta>(`/api/financeiro/contas/${conta.id}`)).saldo).toBe(1000);
    const outraVez = await send(
      'DELETE',
      `/api/financeiro/baixas/${depois.parcelas[0]!.baixas[0]!.id}`,
    );
    expect(outraVez.statusCode).toBe(409);
    expect(outraVez.json().message).toBe(FINANCEIRO_MESSAGES.baixaJaEstornada);
  });
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await ctx.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('ledger invariants (property)', () => {
  it('keeps every balance equal to its opening plus its statement, and every installment equal to its settlements', async () => {
    const contas = [await novaConta('Banco Prop A', 500), await novaConta('Banco Prop B', -20.35)];
    const op = fc.oneof(
      fc.record({
        tipo: fc.constant('titulo' as const),
        natureza: fc.constantFrom('pagar', 'receber'),
        centavos: fc.integer({ min: 1, max: 500_000 }),
        parcelas: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({
        tipo: fc.constant('baixa' as const),
        alvo: fc.nat(),
        conta: fc.nat(1),
        fracao: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
        juros: fc.integer({ min: 0, max: 300 }),
        desconto: fc.integer({ min: 0, max: 300 }),
      }),
      fc.record({ tipo: fc.constant('estorno' as const), alvo: fc.nat() }),
      fc.record({
        tipo: fc.constant('transferencia' as const),
        centavos: fc.integer({ min: 1, max: 100_000 }),
        inverter: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const parcelasAbertas: Array<{ id: number; saldo: number }> = [];
        const baixasFeitas: number[] = [];
        for (const o of ops) {
          if (o.tipo === 'titulo') {
            const valor = o.centavos / 100;
            const titulo = await novoTitulo({ natureza: o.natureza, valor, parcelas: o.parcelas });
            // A count of installments adds up to the total to the centavo.
            expect(titulo.parcelas.reduce((t, p) => t + toCentavos(p.valor), 0)).toBe(o.centavos);
            parcelasAbertas.push(...titulo.parcelas.map((p) => ({ id: p.id, saldo: p.saldo })));
          } else if (o.tipo === 'baixa' && parcelasAbertas.length > 0) {
            const parcela = parcelasAbertas[o.alvo % parcelasAbertas.length]!;
            const valor = Math.max(0.01, Math.round(parcela.saldo * o.fracao * 100) / 100);
            const response = await baixar(parcela.id, {
              conta_id: contas[o.conta]!.id,
              valor,
              juros: o.juros / 100,
              desconto: o.desconto / 100,
            });
            expect([201, 400, 409], response.body).toContain(response.statusCode);
            if (response.statusCode === 201) {
              const detalhe = response.json<TituloDetalhe>();
              const atual = detalhe.parcelas.find((p) => p.id === parcela.id)!;
              parcela.saldo = atual.saldo;
              baixasFeitas.push(atual.baixas.at(-1)!.id);
            }
          } else if (o.tipo === 'estorno' && baixasFeitas.length > 0) {
            const [id] = baixasFeitas.splice(o.alvo % baixasFeitas.length, 1);
            const detalhe = await ok<TituloDetalhe>('DELETE', `/api/financeiro/baixas/${id}`);
            for (const p of detalhe.parcelas) {
              const aberta = parcelasAbertas.find((a) => a.id === p.id);
              if (aberta) aberta.saldo = p.saldo;
            }
          } else if (o.tipo === 'transferencia') {
            const [origem, destino] = o.inverter
              ? [contas[1]!, contas[0]!]
              : [contas[0]!, contas[1]!];
            await ok('POST', '/api/financeiro/transferencias', {
              origem_id: origem.id,
              destino_id: destino.id,
              valor: o.centavos / 100,
            });
          }
        }
        for (const conta of await get<Conta[]>('/api/financeiro/contas')) {
          const extrato = await get<Extrato>(`/api/financeiro/contas/${conta.id}/extrato`);
          const movimentos = extrato.movimentos.reduce(
            (t, m) => t + toCentavos(m.entrada) - toCentavos(m.saida),
            0,
          );
          expect(toCentavos(conta.saldo)).toBe(toCentavos(conta.saldo_inicial) + movimentos);
          expect(extrato.saldo_final).toBe(conta.saldo);
        }
        const divergentes = await rows<{ id: number }>(sql`
          SELECT p.id FROM parcelas p
           WHERE p.valor_pago <> coalesce((SELECT sum(b.amortizado) FROM baixas b WHERE b.parcela_id = p.id AND b.estornada_em IS NULL), 0)
              OR p.valor_pago > p.valor
              OR p.status <> CASE WHEN p.status = 'cancelado' THEN 'cancelado' WHEN p.valor_pago = 0 THEN 'aberto' WHEN p.valor_pago = p.valor THEN 'pago' ELSE 'parcial' END`);
        expect(divergentes).toEqual([]);
      }),
      { numRuns: 12, seed: 15 },
    );
  }, 120_000);

  it('never overpays an installment settled by concurrent requests (row lock)', async () => {
    const conta = await novaConta('Banco Concorrente');
    const titulo = await novoTitulo({ natureza: 'receber', valor: 100 });
    const parcelaId = titulo.parcelas[0]!.id;
    const respostas = await Promise.all(
      Array.from({ length: 5 }, () => baixar(parcelaId, { conta_id: conta.id, valor: 30 })),
    );
    const aceitas = respostas.filter((r) => r.statusCode === 201);
    expect(aceitas).toHaveLength(3);
    expect(respostas.filter((r) => r.statusCode === 400)).toHaveLength(2);
    const detalhe = await get<TituloDetalhe>(`/api/financeiro/titulos/${titulo.id}`);
    expect(detalhe.parcelas[0]).toMatchObject({ valor_pago: 90, saldo: 10, status: 'parcial' });
    expect((await get<Conta>(`/api/financeiro/contas/${conta.id}`)).saldo).toBe(90);
    const quita = await baixar(parcelaId, { conta_id: conta.id, valor: 10 });
    expect(quita.json<TituloDetalhe>()).toMatchObject({ status: 'pago', saldo: 0 });
    const paga = await baixar(parcelaId, { conta_id: conta.id, valor: 1 });
    expect(paga.statusCode).toBe(409);
    expect(paga.json().message).toBe(FINANCEIRO_MESSAGES.parcelaQuitada);
  });
});

describe('vencido in the company calendar', () => {
  afterEach(() => vi.useRealTimers());

  it('reads an installment due yesterday as vencido and one due today as aberto', async () => {
    const titulo = await novoTitulo({
      natureza: 'receber',
      pessoa_id: clienteId,
      valor: 50,
      parcelas: [
        { vencimento: addDaysISO(hoje, -1), valor: 20 },
        { vencimento: hoje, valor: 30 },
      ],
    });
    expect(titulo.parcelas.map((p) => p.status)).toEqual(['vencido', 'aberto']);
    expect(titulo.status).toBe('vencido');
    const vencidas = await get<ParcelaResumo[]>(
      `/api/financeiro/parcelas?status=vencido&q=${encodeURIComponent('Conta de teste')}&natureza=receber`,
    );
    const minhas = vencidas.filter((p) => p.titulo_id === titulo.id);
    expect(minhas.map((p) => [p.numero, p.dias_atraso])).toEqual([[1, 1]]);
  });

  it('turns an installment vencido at midnight in the company time zone, not in UTC', async () => {
    const tz = ctx.config.timeZone;
    const meiaNoiteUtc = Date.parse(`${hoje}T00:00:00Z`);
    // 02:30 and 03:30 UTC: 23:30 and 00:30 in São Paulo, on either side of its midnight.
    const antes = new Date(meiaNoiteUtc + 2.5 * 3_600_000);
    const depois = new Date(meiaNoiteUtc + 3.5 * 3_600_000);
    const diaAntes = todayISO(tz, antes);
    expect(todayISO(tz, depois)).toBe(addDaysISO(diaAntes, 1));
    expect(diaAntes).not.toBe(antes.toISOString().slice(0, 10));

    const titulo = await novoTitulo({ natureza: 'pagar', valor: 10, vencimento: diaAntes });
    vi.useFakeTimers({ toFake: ['Date'], now: antes });
    const ultimoDia = await get<TituloDetalhe>(`/api/financeiro/titulos/${titulo.id}`);
    expect(ultimoDia.parcelas[0]!.status).toBe('aberto');
    vi.setSystemTime(depois);
    const vencido = await get<TituloDetalhe>(`/api/financeiro/titulos/${titulo.id}`);
    expect(vencido.parcelas[0]!.status).toBe('vencido');
    const lista = await get<Titulo[]>(
      `/api/financeiro/titulos?status=vencido&natureza=pagar&limit=500`,
    );
    expect(lista.some((t) => t.id === titulo.id)).toBe(true);
  });
});

describe("the list's total owed", () => {
  it('sums what the whole filter still owes, beyond the page, exact to the centavo', async () => {
    const conta = await novaConta('Banco Soma', 5000);
    const marca = `Soma filtro ${Date.now()}`;
    const valores = [0.1, 0.2, 0.7, 100.01, 1234567.89, 19.99, 0.03];
    const criados: TituloDetalhe[] = [];
    for (const [index, valor] of valores.entries()) {
      criados.push(
        await novoTitulo({
          descricao: `${marca} ${index}`,
          valor,
          parcelas: valor > 100 ? 3 : 1,
          forma_pagamento: index % 2 ? 'Cartão de Débito' : 'Boleto',
        }),
      );
    }
    expect(criados.map((t) => t.forma_pagamento)).toEqual(
      valores.map((_, index) => (index % 2 ? 'cartao_debito' : 'boleto')),
    );
    // 19,99 paid 10,00 (owes 9,99); 0,03 cancelled (owes nothing).
    const baixa = await baixar(criados[5]!.parcelas[0]!.id, { conta_id: conta.id, valor: 10 });
    expect(baixa.statusCode, baixa.body).toBe(201);
    const cancelado = await send('POST', `/api/financeiro/titulos/${criados[6]!.id}/cancelar`);
    expect(cancelado.statusCode, cancelado.body).toBe(200);

    const esperado = [0.1, 0.2, 0.7, 100.01, 1234567.89, 9.99].reduce(
      (soma, valor) => soma + toCentavos(valor),
      0,
    );
    const url = `/api/financeiro/titulos?q=${encodeURIComponent(marca)}&limit=2&offset=0`;
    const pagina = await ctx.request({ method: 'GET', url });
    expect(pagina.statusCode, pagina.body).toBe(200);
    expect(pagina.json<Titulo[]>()).toHaveLength(2);
    expect(pagina.headers['x-total-count']).toBe('7');
    expect(pagina.headers['x-total-saldo']).toBe((esperado / 100).toFixed(2));
    expect(pagina.headers['x-total-saldo']).toBe('1234678.89');
    const somaDaPagina = pagina.json<Titulo[]>().reduce((s, t) => s + toCentavos(t.saldo), 0);
    expect(somaDaPagina).toBeLessThan(esperado);

    // The same sum on every page, and with a filter that leaves rows out.
    const outra = await ctx.request({ method: 'GET', url: url.replace('offset=0', 'offset=4') });
    expect(outra.headers['x-total-saldo']).toBe('1234678.89');
    const pagos = await ctx.request({
      method: 'GET',
      url: `/api/financeiro/titulos?q=${encodeURIComponent(marca)}&status=cancelado`,
    });
    expect(pagos.headers['x-total-count']).toBe('1');
    expect(pagos.headers['x-total-saldo']).toBe('0.00');
  });
});

describe('titulos: PUT keeps what it leaves out', () => {
  it('renames a partly paid title without touching its installments', async () => {
    const conta = await novaConta('Banco Renomear', 100);
    const titulo = await novoTitulo({ valor: 90, parcelas: 3, categoria_id: despesaId });
    const pago = await baixar(titulo.parcelas[0]!.id, { conta_id: conta.id, valor: 30 });
    expect(pago.statusCode, pago.body).toBe(201);
    const renomeado = await ok<TituloDetalhe>('PUT', `/api/financeiro/titulos/${titulo.id}`, {
      descricao: 'Conta renomeada',
    });
    expect(renomeado).toMatchObject({
      descricao: 'Conta renomeada',
      valor: 90,
      categoria_id: despesaId,
      saldo: 60,
    });
    expect(renomeado.parcelas.map((p) => [p.id, p.valor])).toEqual(
      titulo.parcelas.map((p) => [p.id, p.valor]),
    );
    // A new value alone would leave the stored installments short: refused, nothing changed.
    const semParcelas = await send('PUT', `/api/financeiro/titulos/${titulo.id}`, { valor: 120 });
    expect(semParcelas.statusCode).toBe(400);
  });
});

describe('titulos: creation, edition and cancelling', () => {
  it('creates a recurring payable as N titles one month apart sharing the first id', async () => {
    const titulo = await novoTitulo({
      descricao: 'Aluguel da loja recorrente',
      categoria_id: despesaId,
      pessoa_id: fornecedorId,
      valor: 2500,
      vencimento: '2031-01-31',
      recorrente_meses: 3,
    });
    const response = await ctx.request({
      method: 'GET',
      url: '/api/financeiro/titulos?q=aluguel%20da%20loja%20recorrente',
    });
    expect(response.headers['x-total-count']).toBe('3');
    const lista = response.json<Titulo[]>();
    expect(lista.map((t) => [t.parcelas[0]!.vencimento, t.competencia])).toEqual([
      ['2031-01-31', '2031-01-31'],
      ['2031-02-28', '2031-02-28'],
      ['2031-03-31', '2031-03-31'],
    ]);
    expect(lista[0]!.id).toBe(titulo.id);
    const recorrencia = await rows<{ recorrencia_id: number }>(
      sql`SELECT DISTINCT recorrencia_id FROM titulos WHERE descricao = 'Aluguel da loja recorrente'`,
    );
    expect(recorrencia).toEqual([{ recorrencia_id: titulo.id }]);
  });

  it('re-plans installments only while none was settled, and cancels only without settlements', async () => {
    const conta = await novaConta('Banco Edição');
    const titulo = await novoTitulo({ valor: 90, parcelas: 3, categoria_id: despesaId });
    const corpo = {
      natureza: 'pagar',
      descricao: 'Conta refeita',
      valor: 90,
      categoria_id: despesaId,
    };
    const refeito = await ok<TituloDetalhe>('PUT', `/api/financeiro/titulos/${titulo.id}`, {
      ...corpo,
      parcelas: [
        { vencimento: addDaysISO(hoje, 5), valor: 40 },
        { vencimento: addDaysISO(hoje, 35), valor: 50 },
      ],
    });
    expect(refeito.parcelas.map((p) => p.valor)).toEqual([40, 50]);
    const baixa = await baixar(refeito.parcelas[0]!.id, { conta_id: conta.id, valor: 40 });
    expect(baixa.statusCode).toBe(201);
    const mesmoPlano = refeito.parcelas.map((p) => ({ vencimento: p.vencimento, valor: p.valor }));
    const cabecalho = await ok<TituloDetalhe>('PUT', `/api/financeiro/titulos/${titulo.id}`, {
      ...corpo,
      descricao: 'Só o cabeçalho',
      documento: 'NF 123',
      parcelas: mesmoPlano,
    });
    expect(cabecalho).toMatchObject({
      descricao: 'Só o cabeçalho',
      documento: 'NF 123',
      status: 'parcial',
    });
    const replano = await send('PUT', `/api/financeiro/titulos/${titulo.id}`, {
      ...corpo,
      parcelas: 1,
      vencimento: hoje,
    });
    expect(replano.statusCode).toBe(409);
    expect(replano.json().message).toBe(FINANCEIRO_MESSAGES.parcelasComBaixa);
    const natureza = await send('PUT', `/api/financeiro/titulos/${titulo.id}`, {
      ...corpo,
      natureza: 'receber',
      categoria_id: receitaId,
      parcelas: mesmoPlano,
    });
    expect(natureza.json().message).toBe(FINANCEIRO_MESSAGES.naturezaComBaixa);

    const comBaixa = await send('POST', `/api/financeiro/titulos/${titulo.id}/cancelar`);
    expect(comBaixa.statusCode).toBe(409);
    expect(comBaixa.json().message).toBe(FINANCEIRO_MESSAGES.cancelarComBaixas);
    await ok(
      'DELETE',
      `/api/financeiro/baixas/${baixa.json<TituloDetalhe>().parcelas[0]!.baixas[0]!.id}`,
    );
    const cancelado = await ok<TituloDetalhe>(
      'POST',
      `/api/financeiro/titulos/${titulo.id}/cancelar`,
      undefined,
      200,
    );
    expect(cancelado.status).toBe('cancelado');
    expect(cancelado.parcelas.map((p) => [p.status, p.saldo])).toEqual([
      ['cancelado', 0],
      ['cancelado', 0],
    ]);
    const denovo = await send('POST', `/api/financeiro/titulos/${titulo.id}/cancelar`);
    expect(denovo.json().message).toBe(FINANCEIRO_MESSAGES.tituloJaCancelado);
    const edita = await send('PUT', `/api/financeiro/titulos/${titulo.id}`, {
      ...corpo,
      parcelas: mesmoPlano,
    });
    expect(edita.json().message).toBe(FINANCEIRO_MESSAGES.tituloCanceladoNaoEdita);
    const paga = await baixar(cancelado.parcelas[1]!.id, { conta_id: conta.id, valor: 1 });
    expect(paga.json().message).toBe(FINANCEIRO_MESSAGES.parcelaCancelada);
    const cancelados = await get<Titulo[]>('/api/financeiro/titulos?status=cancelado&limit=500');
    expect(cancelados.map((t) => t.id)).toContain(titulo.id);
  });

  it("keeps a sale's title for the sale: no edit, no cancel, no reversal of its automatic settlement", async () => {
    const [venda] = await rows<{ id: number }>(sql`SELECT id FROM vendas ORDER BY id LIMIT 1`);
    const contexto: FinanceiroContexto = {
      usuario: { id: 1, nome: 'Admin' },
      timeZone: ctx.config.timeZone,
    };
    const db = ctx.database.db;
    const contaId = (await contaDaForma('dinheiro'))!;
    expect(contaId).toBe(1);
    const [id] = await comAuditoria(db, null, async (tx) => {
      const ids = await criarTitulo(
        tx,
        {
          natureza: 'receber',
          descricao: 'Venda de teste',
          pessoa_id: null,
          categoria_id: null,
          centro_custo: null,
          documento: null,
          competencia: null,
          forma_pagamento: 'dinheiro',
          valor: 25,
          vencimento: hoje,
          parcelas: 1,
          recorrente_meses: null,
          observacoes: null,
          venda_id: venda!.id,
        },
        contexto,
      );
      const [parcela] = await parcelasDoTitulo(tx, ids[0]!, contexto.timeZone);
      await baixarParcela(
        tx,
        parcela!.id,
        {
          data: null,
          conta_id: contaId,
          valor: 25,
          juros: 0,
          multa: 0,
          desconto: 0,
          observacao: null,
        },
        contexto,
        { automatica: true },
      );
      return ids;
    });
    const titulo = await get<TituloDetalhe>(`/api/financeiro/titulos/${id}`);
    expect(titulo).toMatchObject({ origem: 'venda', venda_id: venda!.id, status: 'pago' });
    const baixaId = titulo.parcelas[0]!.baixas[0]!.id;
    expect(titulo.parcelas[0]!.baixas[0]!.automatica).toBe(true);
    expect((await send('DELETE', `/api/financeiro/baixas/${baixaId}`)).json().message).toBe(
      FINANCEIRO_MESSAGES.baixaDeOrigem,
    );
    expect((await send('POST', `/api/financeiro/titulos/${id}/cancelar`)).json().message).toBe(
      FINANCEIRO_MESSAGES.tituloDeOrigem,
    );
    const edita = await send('PUT', `/api/financeiro/titulos/${id}`, {
      natureza: 'receber',
      descricao: 'x',
      valor: 25,
      vencimento: hoje,
    });
    expect(edita.json().message).toBe(FINANCEIRO_MESSAGES.tituloDeOrigem);

    const caixaAntes = (await get<Conta>(`/api/financeiro/contas/${contaId}`)).saldo;
    const cancelados = await comAuditoria(db, null, (tx) =>
      cancelarTitulosDaOrigem(tx, { venda_id: venda!.id }, contexto),
    );
    expect(cancelados).toBeGreaterThanOrEqual(1);
    expect(
      await comAuditoria(db, null, (tx) =>
        cancelarTitulosDaOrigem(tx, { venda_id: venda!.id }, contexto),
      ),
    ).toBe(0);
    const depois = await get<TituloDetalhe>(`/api/financeiro/titulos/${id}`);
    expect(depois.status).toBe('cancelado');
    expect(depois.parcelas[0]!.baixas[0]!.estornada_em).not.toBeNull();
    expect((await get<Conta>(`/api/financeiro/contas/${contaId}`)).saldo).toBe(caixaAntes - 25);
  });
});

describe('bad input', () => {
  it('answers 400 with pt-BR field messages and writes nothing', async () => {
    const [funcionario] = await rows<{ id: number }>(
      sql`SELECT id FROM cadastros WHERE tipo = 'funcionario' LIMIT 1`,
    );
    const inativa = await novaConta('Banco Inativo');
    await ok('PUT', `/api/financeiro/contas/${inativa.id}`, {
      nome: 'Banco Inativo',
      tipo: 'corrente',
      ativo: false,
    });
    const aberto = await novoTitulo({ valor: 10 });
    const antes = await rowCounts();
    const casos: Array<[string, Json, Record<string, string>]> = [
      [
        '/api/financeiro/titulos',
        { natureza: 'pagar', descricao: 'x', valor: 10, vencimento: hoje, categoria_id: receitaId },
        { categoria_id: FINANCEIRO_MESSAGES.categoriaDoTipoErrado },
      ],
      [
        '/api/financeiro/titulos',
        {
          natureza: 'pagar',
          descricao: 'x',
          valor: 10,
          vencimento: hoje,
          pessoa_id: funcionario!.id,
        },
        { pessoa_id: FINANCEIRO_MESSAGES.pessoaNaoEncontrada },
      ],
      [
        '/api/financeiro/titulos',
        { natureza: 'pagar', descricao: ' ', valor: 0, vencimento: hoje },
        {
          descricao: FINANCEIRO_MESSAGES.descricaoObrigatoria,
          valor: FINANCEIRO_MESSAGES.valorInvalido,
        },
      ],
      [
        '/api/financeiro/titulos',
        {
          natureza: 'pagar',
          descricao: 'x',
          valor: 10,
          parcelas: [{ vencimento: hoje, valor: 9.99 }],
        },
        {
          parcelas:
            'A soma das parcelas (R$\u00a09,99) deve ser igual ao valor do título (R$\u00a010,00).',
        },
      ],
      [
        '/api/financeiro/titulos',
        { natureza: 'pagar', descricao: 'x', valor: 10, parcelas: 200, vencimento: hoje },
        { parcelas: FINANCEIRO_MESSAGES.parcelasInvalidas },
      ],
      [
        `/api/financeiro/parcelas/${aberto.parcelas[0]!.id}/baixas`,
        { conta_id: inativa.id, valor: 5 },
        { conta_id: FINANCEIRO_MESSAGES.contaInativa },
      ],
      [
        `/api/financeiro/parcelas/${aberto.parcelas[0]!.id}/baixas`,
        { conta_id: 1, valor: 5, juros: 5 },
        { valor: FINANCEIRO_MESSAGES.baixaSemValor },
      ],
      [
        '/api/financeiro/transferencias',
        { origem_id: 1, destino_id: inativa.id, valor: 5 },
        { destino_id: FINANCEIRO_MESSAGES.contaInativa },
      ],
      [
        '/api/financeiro/categorias',
        { nome: 'aluguel', tipo: 'despesa' },
        { nome: FINANCEIRO_MESSAGES.categoriaDuplicada },
      ],
    ];
    for (const [url, payload, fields] of casos) {
      const response = await send('POST', url, payload);
      expect([400, 409], `${url} ${response.body}`).toContain(response.statusCode);
      expect(response.json().fields, url).toEqual(fields);
    }
    const formas = await send('PUT', '/api/financeiro/formas', [
      { forma: 'pix', conta_id: inativa.id, prazo_dias: 0, baixa_automatica: true },
    ]);
    expect(formas.json().fields).toEqual({ '0.conta_id': FINANCEIRO_MESSAGES.contaInativa });
    expect(await rowCounts()).toEqual(antes);
  });
});

describe('categorias and formas', () => {
  it('keeps the system and the used categories, and deletes an unused one', async () => {
    const categorias = await get<CategoriaFinanceira[]>('/api/financeiro/categorias');
    const sistema = categorias.find((c) => c.slug === 'venda-produtos')!;
    expect((await send('DELETE', `/api/financeiro/categorias/${sistema.id}`)).json().message).toBe(
      FINANCEIRO_MESSAGES.categoriaDoSistema,
    );
    const tipo = await send('PUT', `/api/financeiro/categorias/${sistema.id}`, {
      nome: sistema.nome,
      tipo: 'despesa',
    });
    expect(tipo.json().fields).toEqual({ tipo: FINANCEIRO_MESSAGES.categoriaTipoFixo });
    const desativar = await send('PUT', `/api/financeiro/categorias/${sistema.id}`, {
      nome: sistema.nome,
      tipo: 'receita',
      ativo: false,
    });
    expect(desativar.json().fields).toEqual({
      ativo: FINANCEIRO_MESSAGES.categoriaDoSistemaAtiva,
    });
    expect((await send('DELETE', `/api/financeiro/categorias/${despesaId}`)).json().message).toBe(
      FINANCEIRO_MESSAGES.categoriaEmUso,
    );
    const nova = await ok<CategoriaFinanceira>('POST', '/api/financeiro/categorias', {
      nome: 'Seguros',
      tipo: 'despesa',
    });
    const editada = await ok<CategoriaFinanceira>('PUT', `/api/financeiro/categorias/${nova.id}`, {
      nome: 'Seguros e taxas',
      tipo: 'despesa',
      ativo: false,
    });
    expect(editada).toMatchObject({ nome: 'Seguros e taxas', ativo: false, slug: null });
    const inativa = await send('POST', '/api/financeiro/titulos', {
      natureza: 'pagar',
      descricao: 'x',
      valor: 1,
      vencimento: hoje,
      categoria_id: nova.id,
    });
    expect(inativa.json().fields).toEqual({ categoria_id: FINANCEIRO_MESSAGES.categoriaInativa });
    expect((await send('DELETE', `/api/financeiro/categorias/${nova.id}`)).statusCode).toBe(204);
  });

  it('saves where each payment method lands, and sales follow it', async () => {
    const conta = await novaConta('Banco PIX');
    const formas = await ok<Array<{ forma: string; conta_id: number | null }>>(
      'PUT',
      '/api/financeiro/formas',
      [{ forma: 'pix', conta_id: conta.id, prazo_dias: 0, baixa_automatica: true }],
    );
    expect(formas.map((f) => f.forma)).toEqual([
      'dinheiro',
      'cartao_credito',
      'cartao_debito',
      'pix',
      'boleto',
    ]);
    expect(formas.find((f) => f.forma === 'pix')!.conta_id).toBe(conta.id);
    expect(await contaDaForma('pix')).toBe(conta.id);
    await ok('PUT', `/api/financeiro/contas/${conta.id}`, {
      nome: 'Banco PIX',
      tipo: 'corrente',
      ativo: false,
    });
    expect(await contaDaForma('pix')).not.toBe(conta.id);
  });
});

describe('cobrancas', () => {
  it('lists overdue receivables by customer with a message naming each installment and the total', async () => {
    await novoTitulo({
      natureza: 'receber',
      descricao: 'Serviço de instalação',
      pessoa_id: clienteId,
      valor: 300,
      parcelas: [
        { vencimento: addDaysISO(hoje, -40), valor: 100 },
        { vencimento: addDaysISO(hoje, -10), valor: 100 },
        { vencimento: addDaysISO(hoje, 20), valor: 100 },
      ],
    });
    const cobranca = await get<Cobrancas>('/api/financeiro/cobrancas');
    expect(cobranca.parcelas.every((p) => p.status === 'vencido' && p.natureza === 'receber')).toBe(
      true,
    );
    const cliente = cobranca.por_cliente.find((c) => c.cliente_id === clienteId)!;
    const doCliente = cobranca.parcelas.filter((p) => p.pessoa_id === clienteId);
    expect(cliente.parcelas).toBe(doCliente.length);
    expect(toCentavos(cliente.total)).toBe(doCliente.reduce((t, p) => t + toCentavos(p.saldo), 0));
    expect(cliente.maior_atraso).toBeGreaterThanOrEqual(40);
    const totais = cobranca.por_cliente.map((c) => toCentavos(c.total));
    expect(totais).toEqual([...totais].sort((a, b) => b - a));
    const dia = (d: string) => d.split('-').reverse().join('/');
    expect(cliente.mensagem).toContain(`Olá, ${cliente.cliente_nome}!`);
    expect(cliente.mensagem).toContain(
      `Serviço de instalação (parcela 1/3), vencida em ${dia(addDaysISO(hoje, -40))}: R$\u00a0100,00`,
    );
    expect(cliente.mensagem).not.toContain(dia(addDaysISO(hoje, 20)));
    expect(cliente.mensagem).toContain('Total: R$');
  });
});

describe('roles', () => {
  it('answers 403 to a user on every /api/financeiro route and lets a manager in', async () => {
    const rotas = ctx.app.apiRoutes.filter((r) => r.url.startsWith('/api/financeiro/'));
    expect(rotas.length).toBeGreaterThanOrEqual(23);
    for (const rota of rotas) {
      const response = await ctx.request({
        method: rota.method as 'GET',
        url: rota.url.replace(/:[A-Za-z]+/g, '1'),
        as: USER_EMAIL,
      });
      expect(response.statusCode, `${rota.method} ${rota.url}`).toBe(403);
    }
    await get<Conta[]>('/api/financeiro/contas', MANAGER_EMAIL);
  });
});
