import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calcularValoresProduto,
  gtinCheckDigit,
  isBarcodeAcceptable,
  isEstoqueBaixo,
  looksLikeGtin,
} from './produto.rules';

/** Exact reference: integer centavos and basis points, rounding half away from zero. */
function reference(custo: number, despesas: number, outras: number, basisPoints: number) {
  const custoFinal = BigInt(custo + despesas + outras);
  const numerator = custoFinal * BigInt(10_000 + basisPoints);
  const venda = (numerator * 2n + 10_000n) / 20_000n;
  return { custoFinal: Number(custoFinal), venda: Number(venda) };
}

describe('calcularValoresProduto', () => {
  it('sums the costs and applies the suggested profit', () => {
    expect(
      calcularValoresProduto({
        custo: 10,
        despesas_acessorias: 1.5,
        outras_despesas: 0.25,
        lucro_sugerido: 30,
      }),
    ).toEqual({ custo_final: 11.75, valor_venda_sugerido: 15.28 });
  });

  it('takes a blank profit as 50 % and blank costs as zero', () => {
    expect(calcularValoresProduto({ custo: 10 })).toEqual({
      custo_final: 10,
      valor_venda_sugerido: 15,
    });
    expect(calcularValoresProduto({ custo: 10, lucro_sugerido: null })).toEqual({
      custo_final: 10,
      valor_venda_sugerido: 15,
    });
    expect(calcularValoresProduto({})).toEqual({ custo_final: 0, valor_venda_sugerido: 0 });
    expect(calcularValoresProduto({ custo: 10, lucro_sugerido: 0 }).valor_venda_sugerido).toBe(10);
  });

  it('never lets float noise in: 0,1 + 0,2 and a third of a centavo', () => {
    expect(
      calcularValoresProduto({ custo: 0.1, despesas_acessorias: 0.2, lucro_sugerido: 33.33 }),
    ).toEqual({ custo_final: 0.3, valor_venda_sugerido: 0.4 });
    // 0,01 × 1,5 = 0,015 → 0,02 (half away from zero)
    expect(calcularValoresProduto({ custo: 0.01 }).valor_venda_sugerido).toBe(0.02);
  });

  it('is exact to the centavo for random inputs', () => {
    const centavos = fc.integer({ min: 0, max: 30_000_000_000_00 });
    fc.assert(
      fc.property(
        centavos,
        centavos,
        centavos,
        fc.integer({ min: 0, max: 1_000_000 }),
        (custo, despesas, outras, basisPoints) => {
          const result = calcularValoresProduto({
            custo: custo / 100,
            despesas_acessorias: despesas / 100,
            outras_despesas: outras / 100,
            lucro_sugerido: basisPoints / 100,
          });
          const expected = reference(custo, despesas, outras, basisPoints);
          expect(result.custo_final).toBe(expected.custoFinal / 100);
          expect(result.valor_venda_sugerido).toBe(expected.venda / 100);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('GTIN check digit', () => {
  it('accepts real EAN-13, EAN-8, UPC-A and GTIN-14 codes', () => {
    for (const code of [
      '7891000315507',
      '7894900011517',
      '96385074',
      '036000291452',
      '17891000315504',
    ]) {
      expect(looksLikeGtin(code)).toBe(true);
      expect(isBarcodeAcceptable(code)).toBe(true);
    }
  });

  it('refuses a GTIN-shaped code with a wrong check digit', () => {
    expect(isBarcodeAcceptable('7891000315508')).toBe(false);
    expect(isBarcodeAcceptable('96385075')).toBe(false);
  });

  it('leaves codes that are not GTIN-shaped alone', () => {
    expect(isBarcodeAcceptable('ABC-123')).toBe(true);
    expect(isBarcodeAcceptable('12345')).toBe(true);
    expect(isBarcodeAcceptable('1234567890')).toBe(true);
  });

  it('computes the digit that makes any GTIN valid', () => {
    fc.assert(
      fc.property(fc.constantFrom(7, 11, 12, 13), fc.nat(), (length, seed) => {
        const body = String(seed).padStart(length, '7').slice(-length);
        expect(isBarcodeAcceptable(body + gtinCheckDigit(body))).toBe(true);
        expect(isBarcodeAcceptable(body + ((gtinCheckDigit(body) + 1) % 10))).toBe(false);
      }),
    );
  });
});

describe('isEstoqueBaixo', () => {
  it('is true at or below the minimum', () => {
    expect(isEstoqueBaixo(5, 5)).toBe(true);
    expect(isEstoqueBaixo(4, 5)).toBe(true);
    expect(isEstoqueBaixo(6, 5)).toBe(false);
    expect(isEstoqueBaixo(0, 0)).toBe(true);
  });
});
