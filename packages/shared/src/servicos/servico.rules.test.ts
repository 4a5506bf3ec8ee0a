import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuracao, isCfop, parseDuracao, semSeparadores } from './servico.rules';

describe('parseDuracao', () => {
  it.each([
    ['1 hora', 60],
    ['2 horas', 120],
    ['1h', 60],
    ['1h30', 90],
    ['1 h 30 min', 90],
    ['1 hora e 15 minutos', 75],
    ['45 min', 45],
    ['45min', 45],
    ['90', 90],
    ['  3 HORAS ', 180],
  ])('reads "%s" as %i minutes', (texto, minutos) => {
    expect(parseDuracao(texto)).toBe(minutos);
  });

  it.each(['', 'hora', 'uma hora', '1,5 h', '-30', '1 dia', '30 segundos'])(
    'refuses "%s"',
    (texto) => {
      expect(parseDuracao(texto)).toBeUndefined();
    },
  );

  it('reads back what formatDuracao writes (under a day)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1439 }), (minutos) => {
        expect(parseDuracao(formatDuracao(minutos))).toBe(minutos);
      }),
    );
  });
});

describe('formatDuracao', () => {
  it.each([
    [45, '45 min'],
    [60, '1 h'],
    [90, '1 h 30 min'],
    [1440, '1 d'],
    [1530, '1 d 1 h 30 min'],
  ])('%i minutes read "%s"', (minutos, texto) => {
    expect(formatDuracao(minutos)).toBe(texto);
  });

  it('shows a dash for nothing', () => {
    expect(formatDuracao(null)).toBe('—');
    expect(formatDuracao(0)).toBe('—');
    expect(formatDuracao(Number.NaN)).toBe('—');
  });
});

describe('fiscal codes', () => {
  it('drops the separators people type', () => {
    expect(semSeparadores('8471.30.12')).toBe('84713012');
    expect(semSeparadores('5.933')).toBe('5933');
  });

  it('accepts CFOPs of entry and exit only', () => {
    expect(isCfop('5933')).toBe(true);
    expect(isCfop('1933')).toBe(true);
    expect(isCfop('4933')).toBe(false);
    expect(isCfop('593')).toBe(false);
    expect(isCfop('59A3')).toBe(false);
  });
});
