import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calcularPrecoTabela, type CustoAplicavel } from './preco.rules';

/** Integer reference: centavos and hundredths of a percent, each line half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function reference(
  custoCentavos: number,
  margemBasisPoints: number,
  custos: Array<{ tipo: 'percentual'; basisPoints: number } | { tipo: 'fixo'; centavos: number }>,
) {
  const custo = BigInt(custoCentavos);
  const comMargem = divideRounded(custo * BigInt(10_000 + margemBasisPoints), 10_000n);
  const linhas = custos.map((item) =>
    item.tipo === 'percentual'
      ? divideRounded(custo * BigInt(item.basisPoints), 10_000n)
      : BigInt(item.centavos),
  );
  const total = linhas.reduce((sum, value) => sum + value, comMargem);
  // The exact rational price, to bound the rounding: at most half a centavo per line.
  const exato =
    (Number(custo) * (10_000 + margemBasisPoints)) / 10_000 +
    custos.reduce(
      (sum, item) =>
        sum +
        (item.tipo === 'percentual' ? (Number(custo) * item.basisPoints) / 10_000 : item.centavos),
      0,
    );
  return { comMargem: Number(comMargem), linhas: linhas.map(Number), total: Number(total), exato };
}

describe('calcularPrecoTabela', () => {
  it("is the spec's cost × (1 + margin / 100) when the table has no costs", () => {
    expect(calcularPrecoTabela({ custo: 10, margem: 30 })).toMatchObject({
      custo: 10,
      margem: 30,
      valor_margem: 3,
      preco_com_margem: 13,
      custos: [],
      total_custos: 0,
      preco_final: 13,
    });
    expect(calcularPrecoTabela({ custo: 11.75, margem: 0 }).preco_final).toBe(11.75);
  });

  it('adds each percentual cost on the cost and each fixo cost as it is', () => {
    const custos: CustoAplicavel[] = [
      { id: 1, nome: 'Taxa do cartão', tipo: 'percentual', valor_percentual: 3.5 },
      { id: 2, nome: 'Frete', tipo: 'fixo', valor_fixo: 1.2 },
    ];
    const preco = calcularPrecoTabela({ custo: 20, margem: 40, custos });
    expect(preco.preco_com_margem).toBe(28);
    expect(preco.custos).toEqual([
      { id: 1, nome: 'Taxa do cartão', tipo: 'percentual', taxa: 3.5, valor: 0.7 },
      { id: 2, nome: 'Frete', tipo: 'fixo', taxa: 1.2, valor: 1.2 },
    ]);
    expect(preco.total_custos).toBe(1.9);
    expect(preco.preco_final).toBe(29.9);
  });

  it('rounds each line to the centavo, half away from zero, with no float noise', () => {
    // 0,10 × 1,3333 = 0,13333 → 0,13; 0,10 × 0,5 % = 0,0005 → 0,00; 0,1 + 0,2 fixo = 0,30
    const preco = calcularPrecoTabela({
      custo: 0.1,
      margem: 33.33,
      custos: [
        { tipo: 'percentual', valor_percentual: 0.5 },
        { tipo: 'fixo', valor_fixo: 0.1 },
        { tipo: 'fixo', valor_fixo: 0.2 },
      ],
    });
    expect(preco.preco_com_margem).toBe(0.13);
    expect(preco.custos.map((linha) => linha.valor)).toEqual([0, 0.1, 0.2]);
    expect(preco.preco_final).toBe(0.43);
    // 0,01 × 1,5 = 0,015 → 0,02
    expect(calcularPrecoTabela({ custo: 0.01, margem: 50 }).preco_final).toBe(0.02);
    // 1,005 reais is 100,5 centavos only in floats; the stored cost has two decimals
    expect(calcularPrecoTabela({ custo: 1.01, margem: 0.5 }).preco_final).toBe(1.02);
  });

  it('is exact to the centavo for random costs, margins and tables (property)', () => {
    const custo = fc.oneof(
      fc.integer({ min: 0, max: 1_000_00 }),
      fc.integer({ min: 0, max: 10_000_000_000_00 }),
    );
    const custoAdicional = fc.oneof(
      fc.record({
        tipo: fc.constant('percentual' as const),
        basisPoints: fc.integer({ min: 1, max: 100_000 }),
      }),
      fc.record({
        tipo: fc.constant('fixo' as const),
        centavos: fc.integer({ min: 1, max: 1_000_000_00 }),
      }),
    );
    fc.assert(
      fc.property(
        custo,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(custoAdicional, { maxLength: 6 }),
        (custoCentavos, margemBasisPoints, custos) => {
          const result = calcularPrecoTabela({
            custo: custoCentavos / 100,
            margem: margemBasisPoints / 100,
            custos: custos.map((item) =>
              item.tipo === 'percentual'
                ? { tipo: 'percentual', valor_percentual: item.basisPoints / 100 }
                : { tipo: 'fixo', valor_fixo: item.centavos / 100 },
            ),
          });
          const expected = reference(custoCentavos, margemBasisPoints, custos);
          expect(result.preco_com_margem).toBe(expected.comMargem / 100);
          expect(result.custos.map((linha) => linha.valor)).toEqual(
            expected.linhas.map((value) => value / 100),
          );
          expect(result.preco_final).toBe(expected.total / 100);
          // Two decimals at most, and the breakdown adds up to the total.
          expect(Math.round(result.preco_final * 100)).toBe(expected.total);
          const soma = [result.preco_com_margem, ...result.custos.map((linha) => linha.valor)]
            .map((value) => Math.round(value * 100))
            .reduce((a, b) => a + b, 0);
          expect(soma).toBe(expected.total);
          // Rounding never strays more than half a centavo per line from the exact price.
          expect(Math.abs(expected.total - expected.exato)).toBeLessThanOrEqual(
            0.5 * (1 + custos.length) + 1e-6 * expected.exato,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
