import { describe, expect, it } from 'vitest';
import { atalhoDoPeriodo, periodoDoAtalho, periodoEfetivo } from './periodos';

// Thursday, 27 November 2026.
const HOJE = '2026-11-27';

describe('the period shortcuts', () => {
  it('end today, the week from Monday, last month whole, 12 whole months', () => {
    expect(periodoDoAtalho('hoje', HOJE)).toEqual({ de: HOJE, ate: HOJE });
    expect(periodoDoAtalho('semana', HOJE)).toEqual({ de: '2026-11-23', ate: HOJE });
    expect(periodoDoAtalho('semana', '2026-11-29')).toEqual({
      de: '2026-11-23',
      ate: '2026-11-29',
    });
    expect(periodoDoAtalho('mes', HOJE)).toEqual({ de: '2026-11-01', ate: HOJE });
    expect(periodoDoAtalho('mes-passado', HOJE)).toEqual({ de: '2026-10-01', ate: '2026-10-31' });
    expect(periodoDoAtalho('mes-passado', '2026-03-05')).toEqual({
      de: '2026-02-01',
      ate: '2026-02-28',
    });
    expect(periodoDoAtalho('ano', HOJE)).toEqual({ de: '2026-01-01', ate: HOJE });
    expect(periodoDoAtalho('12-meses', HOJE)).toEqual({ de: '2025-12-01', ate: HOJE });
  });

  it('name the days back, the server’s default month included; other days are custom', () => {
    expect(atalhoDoPeriodo(periodoEfetivo('', '', HOJE), HOJE)).toBe('mes');
    expect(atalhoDoPeriodo({ de: '2026-10-01', ate: '2026-10-31' }, HOJE)).toBe('mes-passado');
    expect(atalhoDoPeriodo({ de: '2026-10-02', ate: '2026-10-31' }, HOJE)).toBeNull();
    expect(periodoEfetivo('', '2026-05-20', HOJE)).toEqual({ de: '2026-05-01', ate: '2026-05-20' });
  });
});
