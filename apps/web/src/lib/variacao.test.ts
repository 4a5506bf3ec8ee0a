import { describe, expect, it } from 'vitest';
import { formatVariacao, variacaoPercentual } from './variacao';

describe('variacaoPercentual', () => {
  it('is the change against the previous figure, in percent', () => {
    expect(variacaoPercentual(110, 100)).toBeCloseTo(10);
    expect(variacaoPercentual(75, 100)).toBeCloseTo(-25);
    expect(variacaoPercentual(0, 250.5)).toBeCloseTo(-100);
    // Counted in centavos: 0,1 + 0,2 against 0,3 is no change at all.
    expect(variacaoPercentual(0.1 + 0.2, 0.3)).toBe(0);
  });

  it('has nothing to compare with when the previous figure is zero', () => {
    expect(variacaoPercentual(1234.56, 0)).toBeNull();
    expect(variacaoPercentual(0, 0)).toBeNull();
    expect(variacaoPercentual(10, 0.004)).toBeNull();
  });

  it('is shown signed with one decimal, or as a dash', () => {
    expect(formatVariacao(8.24)).toMatch(/^\+8,2\s?%$/);
    expect(formatVariacao(-2.44)).toMatch(/^-2,4\s?%$/);
    expect(formatVariacao(0)).toMatch(/^\+0,0\s?%$/);
    expect(formatVariacao(null)).toBe('—');
  });
});
