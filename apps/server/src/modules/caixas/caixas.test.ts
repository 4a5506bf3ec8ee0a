import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIXA_MESSAGES, type Caixa } from '@prumo/shared/caixas';
import { toCentavos } from '@prumo/shared/money';
import { VENDA_MESSAGES } from '@prumo/shared/vendas';
import {
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';

let ctx: TestContext;
let produtoId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const produto = await ctx.request({
    method: 'POST',
    url: '/api/produtos',
    payload: { nome: `Produto caixa ${Date.now()}`, preco: 10, estoque: 100_000 },
  });
  produtoId = produto.json<{ id: number }>().id;
});
afterAll(() => ctx?.close());

type Json = Record<string, unknown>;

const abrir = (valor_inicial: number, as?: string) =>
  ctx.request({ method: 'POST', url: '/api/caixas', payload: { valor_inicial }, as });
const movimento = (id: number, payload: Json, as?: string) =>
  ctx.request({ method: 'POST', url: `/api/caixas/${id}/movimentos`, payload, as });
const fechar = (id: number, contado: Json, as?: string) =>
  ctx.request({ method: 'POST', url: `/api/caixas/${id}/fechamento`, payload: { contado }, as });
const atual = async (as?: string) =>
  (await ctx.request({ method: 'GET', url: '/api/caixas/atual', as })).json<Caixa | null>();
const vender = (quantidade: number, pagamentos: Json[], as?: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/vendas',
    as,
    payload: {
      tipo: 'balcao',
      atendimento_rapido: true,
      pagamentos,
      itens: [{ produto_id: produtoId, quantidade }],
    },
  });
const forma = (caixa: Caixa, nome: string) => caixa.formas.find((f) => f.forma === nome)!;

describe('a caixa from opening to closing', () => {
  it('opens one per operator, takes sales, sangrias and suprimentos, and closes with the count', async () => {
    expect(await atual(MANAGER_EMAIL)).toBeNull();
    const aberto = await abrir(100, MANAGER_EMAIL);
    expect(aberto.statusCode, aberto.body).toBe(201);
    const caixa = aberto.json<Caixa>();
    expect(caixa).toMatchObject({ status: 'aberto', valor_inicial: 100, vendas: 0 });
    const segundo = await abrir(10, MANAGER_EMAIL);
    expect(segundo.statusCode).toBe(409);
    expect(segundo.json().message).toBe(CAIXA_MESSAGES.jaAberto);

    // 2 × R$ 10 in cash paid with 50 (troco 30), 1 × R$ 10 by PIX.
    expect((await vender(2, [{ forma: 'dinheiro', valor: 50 }], MANAGER_EMAIL)).statusCode).toBe(
      201,
    );
    expect((await vender(1, [{ forma: 'pix', valor: 10 }], MANAGER_EMAIL)).statusCode).toBe(201);
    expect(
      (
        await movimento(
          caixa.id,
          { tipo: 'suprimento', valor: 20, motivo: 'Troco extra' },
          MANAGER_EMAIL,
        )
      ).statusCode,
    ).toBe(201);
    const sangria = await movimento(
      caixa.id,
      { tipo: 'sangria', valor: 60.5, motivo: 'Depósito' },
      MANAGER_EMAIL,
    );
    expect(sangria.statusCode, sangria.body).toBe(201);
    const demais = await movimento(
      caixa.id,
      { tipo: 'sangria', valor: 1000, motivo: 'x' },
      MANAGER_EMAIL,
    );
    expect(demais.statusCode).toBe(409);
    expect(demais.json().message).toBe(CAIXA_MESSAGES.sangriaMaiorQueDinheiro);
    const semMotivo = await movimento(
      caixa.id,
      { tipo: 'sangria', valor: 1, motivo: ' ' },
      MANAGER_EMAIL,
    );
    expect(semMotivo.json().fields.motivo).toBe(CAIXA_MESSAGES.motivoObrigatorio);

    const antes = (await atual(MANAGER_EMAIL))!;
    expect(antes).toMatchObject({
      vendas: 2,
      total_vendas: 30,
      troco: 30,
      sangrias: 60.5,
      suprimentos: 20,
    });
    // 100 + 50 − 30 − 60,50 + 20
    expect(forma(antes, 'dinheiro')).toMatchObject({ recebido: 50, esperado: 79.5, contado: null });
    expect(forma(antes, 'pix')).toMatchObject({ recebido: 10, esperado: 10 });
    expect(antes.movimentos.map((m) => m.tipo)).toEqual(['suprimento', 'sangria']);

    // Another user may not touch it; a manager may.
    expect(
      (await movimento(caixa.id, { tipo: 'suprimento', valor: 1, motivo: 'x' }, USER_EMAIL))
        .statusCode,
    ).toBe(403);

    const fechado = await fechar(caixa.id, { dinheiro: 80, pix: 10 }, MANAGER_EMAIL);
    expect(fechado.statusCode, fechado.body).toBe(200);
    const final = fechado.json<Caixa>();
    expect(final.status).toBe('fechado');
    expect(forma(final, 'dinheiro')).toMatchObject({ esperado: 79.5, contado: 80, diferenca: 0.5 });
    expect(forma(final, 'cartao_credito')).toMatchObject({ esperado: 0, contado: 0, diferenca: 0 });

    // Closed: read-only, and the counter says to open a caixa.
    expect((await fechar(caixa.id, {}, MANAGER_EMAIL)).json().error).toBe('CAIXA_FECHADO');
    expect(
      (
        await movimento(caixa.id, { tipo: 'suprimento', valor: 1, motivo: 'x' }, MANAGER_EMAIL)
      ).json().error,
    ).toBe('CAIXA_FECHADO');
    const depois = await vender(1, [{ forma: 'pix', valor: 10 }], MANAGER_EMAIL);
    expect(depois.json()).toMatchObject({
      error: 'CAIXA_FECHADO',
      message: VENDA_MESSAGES.semCaixaAberto,
    });
    expect(await atual(MANAGER_EMAIL)).toBeNull();

    // Cancelling a sale after the closing leaves the frozen count alone.
    const lido = await ctx.request({ method: 'GET', url: `/api/caixas/${caixa.id}` });
    expect(forma(lido.json<Caixa>(), 'dinheiro').esperado).toBe(79.5);
    const relatorio = await ctx.request({
      method: 'GET',
      url: `/api/caixas/${caixa.id}/relatorio`,
    });
    expect(relatorio.statusCode).toBe(200);
    expect(relatorio.headers['content-type']).toBe('application/pdf');
    expect(
      (await ctx.request({ method: 'GET', url: `/api/caixas/${caixa.id}`, as: USER_EMAIL }))
        .statusCode,
    ).toBe(403);
  });

  it("closes with the count keyed by the spec's names of the methods, answering the codes", async () => {
    const caixa = (await abrir(20, USER_EMAIL)).json<Caixa>();
    const vendido = await vender(1, [{ forma: 'Cartão de Crédito', valor: 10 }], USER_EMAIL);
    expect(vendido.statusCode, vendido.body).toBe(201);

    const desconhecida = await fechar(caixa.id, { Cheque: 5 }, USER_EMAIL);
    expect(desconhecida.statusCode).toBe(400);
    expect(desconhecida.json().fields['contado.Cheque']).toBe('Forma de pagamento inválida');
    const repetida = await fechar(caixa.id, { Dinheiro: 20, dinheiro: 21 }, USER_EMAIL);
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().message).toBe('Forma de pagamento repetida: dinheiro');
    expect((await atual(USER_EMAIL))?.status).toBe('aberto');

    const fechado = await fechar(
      caixa.id,
      { Dinheiro: 20, 'Cartão de Crédito': 10, 'cartão de débito': 0, PIX: 0 },
      USER_EMAIL,
    );
    expect(fechado.statusCode, fechado.body).toBe(200);
    const final = fechado.json<Caixa>();
    expect(forma(final, 'dinheiro')).toMatchObject({ esperado: 20, contado: 20, diferenca: 0 });
    expect(forma(final, 'cartao_credito')).toMatchObject({ recebido: 10, contado: 10 });
  });

  it('lists every caixa for admins and managers', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/caixas' });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(0);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/caixas', as: USER_EMAIL })).statusCode,
    ).toBe(403);
  });
});

describe('property: the expected cash is fundo + cash received − troco − sangrias + suprimentos', () => {
  type Op =
    | { kind: 'venda'; quantidade: number; pago: number; pix: boolean }
    | { kind: 'sangria' | 'suprimento'; centavos: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('venda' as const),
      quantidade: fc.integer({ min: 1, max: 3 }),
      pago: fc.integer({ min: 0, max: 5_000 }),
      pix: fc.boolean(),
    }),
    fc.record({
      kind: fc.constantFrom('sangria' as const, 'suprimento' as const),
      centavos: fc.integer({ min: 1, max: 20_000 }),
    }),
  );

  it('after any random sequence of sales, troco, sangrias and suprimentos', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 50_000 }),
        fc.array(op, { minLength: 1, maxLength: 8 }),
        async (fundo, ops) => {
          const caixa = (await abrir(fundo / 100)).json<Caixa>();
          let dinheiro = fundo;
          let pix = 0;
          for (const step of ops) {
            if (step.kind === 'venda') {
              const total = step.quantidade * 1000;
              // Cash above the total gives troco; PIX covers part of it when chosen.
              const pixParte = step.pix ? Math.min(total, 700) : 0;
              const dinheiroPago = total - pixParte + step.pago;
              const pagamentos = [
                ...(pixParte ? [{ forma: 'pix', valor: pixParte / 100 }] : []),
                ...(dinheiroPago ? [{ forma: 'dinheiro', valor: dinheiroPago / 100 }] : []),
              ];
              const response = await vender(step.quantidade, pagamentos);
              expect(response.statusCode, response.body).toBe(201);
              expect(toCentavos(response.json().troco)).toBe(step.pago);
              dinheiro += dinheiroPago - step.pago;
              pix += pixParte;
            } else {
              const response = await movimento(caixa.id, {
                tipo: step.kind,
                valor: step.centavos / 100,
                motivo: 'Propriedade',
              });
              if (step.kind === 'sangria' && step.centavos > dinheiro) {
                expect(response.statusCode).toBe(409);
              } else {
                expect(response.statusCode, response.body).toBe(201);
                dinheiro += step.kind === 'sangria' ? -step.centavos : step.centavos;
              }
            }
          }
          const fechado = (await fechar(caixa.id, { dinheiro: dinheiro / 100 })).json<Caixa>();
          expect(toCentavos(forma(fechado, 'dinheiro').esperado)).toBe(dinheiro);
          expect(forma(fechado, 'dinheiro').diferenca).toBe(0);
          expect(toCentavos(forma(fechado, 'pix').esperado)).toBe(pix);
        },
      ),
      { numRuns: 15 },
    );
  });
});
