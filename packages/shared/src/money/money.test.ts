import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPercent,
  formatDecimal,
  formatMoney,
  formatPercent,
  fromCentavos,
  multiplyMoney,
  parseDecimalBR,
  percentOf,
  roundMoney,
  subtractMoney,
  sumMoney,
  toCentavos,
} from './money';

describe('centavos', () => {
  it('converts reais to centavos without float noise', () => {
    expect(toCentavos(0.1 + 0.2)).toBe(30);
    expect(toCentavos(1.005)).toBe(101);
    expect(toCentavos(19.99)).toBe(1999);
    expect(toCentavos(-2.345)).toBe(-235);
    expect(toCentavos(999_999_999_999.99)).toBe(99_999_999_999_999);
    expect(fromCentavos(1999)).toBe(19.99);
  });

  it('rejects non-finite values', () => {
    expect(() => toCentavos(Number.NaN)).toThrow(RangeError);
  });

  it('sums exactly', () => {
    expect(sumMoney(0.1, 0.2)).toBe(0.3);
    expect(sumMoney(...Array.from({ length: 10 }, () => 0.1))).toBe(1);
    expect(subtractMoney(10, 9.99)).toBe(0.01);
    expect(roundMoney(2.675)).toBe(2.68);
  });

  it('sums any list of two-decimal amounts exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 })), (centavos) => {
        const expected = centavos.reduce((a, b) => a + b, 0);
        expect(toCentavos(sumMoney(...centavos.map(fromCentavos)))).toBe(expected);
      }),
    );
  });

  it('multiplies by quantities with rounding half away from zero', () => {
    expect(multiplyMoney(10, 3)).toBe(30);
    expect(multiplyMoney(0.1, 3)).toBe(0.3);
    expect(multiplyMoney(1.99, 0.5)).toBe(1);
    expect(multiplyMoney(3.33, 1.5)).toBe(5);
  });

  it('applies percentages exactly', () => {
    expect(addPercent(100, 50)).toBe(150);
    expect(addPercent(10.01, 33.33)).toBe(13.35);
    expect(addPercent(0.01, 50)).toBe(0.02);
    expect(addPercent(999_999_999.99, 999.99)).toBe(10_999_899_999.89);
    expect(percentOf(10, 5)).toBe(0.5);
    expect(percentOf(0.05, 10)).toBe(0.01);
  });

  it('addPercent equals the exact rational result rounded half up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e11 }),
        fc.integer({ min: 0, max: 100000 }),
        (centavos, basisPoints) => {
          const exact = BigInt(centavos) * BigInt(10000 + basisPoints);
          const expected = Number((exact * 2n + 10000n) / 20000n);
          expect(toCentavos(addPercent(fromCentavos(centavos), basisPoints / 100))).toBe(expected);
        },
      ),
    );
  });
});

describe('formatting', () => {
  it('formats reais the Brazilian way', () => {
    expect(formatMoney(1234.56)).toBe('R$\u00a01.234,56');
    expect(formatMoney(0)).toBe('R$\u00a00,00');
    expect(formatMoney(null)).toBe('R$\u00a00,00');
    expect(formatMoney(-5)).toBe('-R$\u00a05,00');
    expect(formatDecimal(1234.5)).toBe('1.234,50');
    expect(formatDecimal(1, 3)).toBe('1,000');
    expect(formatPercent(12.5)).toBe('12,50%');
  });

  it('parses numbers typed the Brazilian way', () => {
    expect(parseDecimalBR('1.234,56')).toBe(1234.56);
    expect(parseDecimalBR('1234,5')).toBe(1234.5);
    expect(parseDecimalBR('R$ 10,00')).toBe(10);
    expect(parseDecimalBR('12.5')).toBe(12.5);
    expect(parseDecimalBR('1.000')).toBe(1000);
    expect(parseDecimalBR('-3,2')).toBe(-3.2);
    expect(parseDecimalBR(',5')).toBe(0.5);
    expect(parseDecimalBR('')).toBeNull();
    expect(parseDecimalBR('abc')).toBeNull();
    expect(parseDecimalBR('1,2,3')).toBeNull();
    expect(parseDecimalBR(7)).toBe(7);
  });
});
