import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  descreverComposicao,
  diasEntre,
  LOCACAO_DIAS_MAX,
  LOCACAO_PRECO_MAX,
  LOCACAO_QUANTIDADE_MAX,
  LOCACAO_TRANSICOES,
  multaDeAtraso,
  precoDoPeriodo,
  type PrecosDeLocacao,
} from './locacao.rules';
import { locacaoInputSchema, locacaoStatusSchema } from './locacao.schema';
import { transicaoPermitida } from '../transicoes';

/** Every combination of months, weeks and days covering `dias`, priced in BigInt. */
function maisBaratoPorForcaBruta(dias: number, p: PrecosDeLocacao): bigint {
  let melhor: bigint | null = null;
  const maxMeses = p.mensal === null ? 0 : Math.ceil(dias / 30);
  for (let m = 0; m <= maxMeses; m++) {
    const maxSemanas = p.semanal === null ? 0 : Math.ceil(dias / 7);
    for (let s = 0; s <= maxSemanas; s++) {
      const d = Math.max(0, dias - 30 * m - 7 * s);
      const total =
        BigInt(m) * BigInt(p.mensal ?? 0) +
        BigInt(s) * BigInt(p.semanal ?? 0) +
        BigInt(d) * BigInt(p.diaria);
      if (melhor === null || total < melhor) melhor = total;
    }
  }
  return melhor!;
}

const centavos = fc.integer({ min: 1, max: LOCACAO_PRECO_MAX * 100 });
const precos = fc.record({
  diaria: centavos,
  semanal: fc.option(centavos, { nil: null }),
  mensal: fc.option(centavos, { nil: null }),
});

describe('precoDoPeriodo', () => {
  const betoneira = { diaria: 5_000, semanal: 25_000, mensal: 80_000 };

  it('prices 8 days as a week and a day, or two weeks, or a month: whatever is cheaper', () => {
    expect(precoDoPeriodo(8, betoneira)).toEqual({
      meses: 0,
      semanas: 1,
      dias: 1,
      centavos: 30_000,
    });
    expect(precoDoPeriodo(8, { ...betoneira, diaria: 30_000 })).toEqual({
      meses: 0,
      semanas: 2,
      dias: 0,
      centavos: 50_000,
    });
    expect(precoDoPeriodo(8, { ...betoneira, mensal: 28_000 })).toEqual({
      meses: 1,
      semanas: 0,
      dias: 0,
      centavos: 28_000,
    });
    expect(precoDoPeriodo(8, { diaria: 5_000, semanal: null, mensal: null })).toEqual({
      meses: 0,
      semanas: 0,
      dias: 8,
      centavos: 40_000,
    });
    expect(precoDoPeriodo(37, betoneira)).toEqual({
      meses: 1,
      semanas: 1,
      dias: 0,
      centavos: 105_000,
    });
  });

  it('is the cheapest cover of the period, to the centavo, against a BigInt brute force', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), precos, (dias, p) => {
        const preco = precoDoPeriodo(dias, p);
        expect(BigInt(preco.centavos)).toBe(maisBaratoPorForcaBruta(dias, p));
        expect(30 * preco.meses + 7 * preco.semanas + preco.dias).toBeGreaterThanOrEqual(dias);
        expect(
          preco.meses * (p.mensal ?? 0) + preco.semanas * (p.semanal ?? 0) + preco.dias * p.diaria,
        ).toBe(preco.centavos);
      }),
      { numRuns: 400 },
    );
  });

  it('stays exact at the largest period, price and quantity', () => {
    const p = { diaria: LOCACAO_PRECO_MAX * 100, semanal: null, mensal: null };
    const preco = precoDoPeriodo(LOCACAO_DIAS_MAX, p);
    const total = BigInt(preco.centavos) * BigInt(LOCACAO_QUANTIDADE_MAX);
    expect(BigInt(preco.centavos * LOCACAO_QUANTIDADE_MAX)).toBe(total);
    expect(Number.isSafeInteger(preco.centavos * LOCACAO_QUANTIDADE_MAX)).toBe(true);
  });

  it('describes the composition', () => {
    expect(descreverComposicao({ meses: 0, semanas: 1, dias: 1 })).toBe('1 semana + 1 dia');
    expect(descreverComposicao({ meses: 2, semanas: 0, dias: 3 })).toBe('2 meses + 3 dias');
    expect(descreverComposicao({ meses: 0, semanas: 0, dias: 0 })).toBe('0 dias');
  });
});

describe('late fee', () => {
  it('charges each late day at the day rate per unit, exact against BigInt', () => {
    expect(multaDeAtraso(2, 5_000, 1)).toBe(10_000);
    expect(multaDeAtraso(-3, 5_000, 1)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: LOCACAO_DIAS_MAX }),
        centavos,
        fc.integer({ min: 1, max: LOCACAO_QUANTIDADE_MAX }),
        (dias, diaria, quantidade) => {
          expect(BigInt(multaDeAtraso(dias, diaria, quantidade))).toBe(
            BigInt(dias) * BigInt(diaria) * BigInt(quantidade),
          );
        },
      ),
    );
  });

  it('counts days between calendar days across DST and leap years', () => {
    expect(diasEntre('2026-02-20', '2026-03-02')).toBe(10);
    expect(diasEntre('2028-02-28', '2028-03-01')).toBe(2);
    expect(diasEntre('2026-10-30', '2026-10-20')).toBe(-10);
  });
});

describe('locação schemas and flow', () => {
  const valida = {
    cliente_id: 1,
    retirada: '2026-11-01',
    devolucao_prevista: '2026-11-09',
    forma_pagamento: 'pix',
    itens: [{ item_id: 1 }],
  };

  it('accepts a rental and refuses a return before the pickup or a unit with quantity', () => {
    expect(locacaoInputSchema.parse(valida)).toMatchObject({
      caucao: 0,
      itens: [{ item_id: 1, quantidade: 1, unidade_id: null }],
    });
    const antes = locacaoInputSchema.safeParse({ ...valida, devolucao_prevista: '2026-11-01' });
    expect(antes.error?.issues[0]).toMatchObject({
      path: ['devolucao_prevista'],
      message: 'A devolução prevista deve ser depois da retirada',
    });
    const unidade = locacaoInputSchema.safeParse({
      ...valida,
      itens: [{ item_id: 1, quantidade: 2, unidade_id: 3 }],
    });
    expect(unidade.error?.issues[0]?.path).toEqual(['itens', 0, 'quantidade']);
  });

  it('asks why a rental is cancelled', () => {
    expect(locacaoStatusSchema.safeParse({ situacao: 'Cancelada' }).success).toBe(false);
    expect(locacaoStatusSchema.safeParse({ situacao: 'Devolvida', danos: 10 }).success).toBe(true);
  });

  it('moves Reservada → Retirada → Devolvida, or cancels only a booking', () => {
    expect(transicaoPermitida(LOCACAO_TRANSICOES, 'Reservada', 'Retirada', 'manager')).toBe(true);
    expect(transicaoPermitida(LOCACAO_TRANSICOES, 'Retirada', 'Devolvida', 'admin')).toBe(true);
    expect(transicaoPermitida(LOCACAO_TRANSICOES, 'Retirada', 'Cancelada', 'admin')).toBe(false);
    expect(transicaoPermitida(LOCACAO_TRANSICOES, 'Reservada', 'Retirada', 'user')).toBe(false);
    expect(transicaoPermitida(LOCACAO_TRANSICOES, 'Devolvida', 'Retirada', 'admin')).toBe(false);
  });
});
