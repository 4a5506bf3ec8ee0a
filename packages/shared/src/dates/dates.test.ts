import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  isISODate,
  isoComFuso,
  parseDateBR,
  todayISO,
  toISODate,
} from './dates';

describe('dates', () => {
  it('shows days as dd/mm/aaaa', () => {
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows instants in the company time zone', () => {
    // 02:30 UTC on the 23rd is still the 22nd in São Paulo (UTC−3).
    expect(formatDate('2026-11-23T02:30:00Z')).toBe('22/11/2026');
    expect(formatDateTime('2026-11-23T02:30:00Z')).toBe('22/11/2026 23:30');
    expect(formatDate(new Date('2026-11-23T02:30:00Z'), 'UTC')).toBe('23/11/2026');
  });

  it('computes today in the given time zone', () => {
    const now = new Date('2026-01-01T01:00:00Z');
    expect(todayISO('America/Sao_Paulo', now)).toBe('2025-12-31');
    expect(todayISO('UTC', now)).toBe('2026-01-01');
    expect(toISODate(now, 'Asia/Tokyo')).toBe('2026-01-01');
  });

  it('turns the day at the local midnight, asked in any order (the day is kept per minute)', () => {
    const zones = { 'America/Sao_Paulo': '03:00', 'Asia/Kathmandu': '18:15', UTC: '00:00' };
    for (const [zone, midnightUtc] of Object.entries(zones)) {
      const midnight = new Date(`2026-03-10T${midnightUtc}:00.000Z`);
      const before = new Date(midnight.getTime() - 1);
      const day = zone === 'Asia/Kathmandu' ? '2026-03-11' : '2026-03-10';
      const previous = zone === 'Asia/Kathmandu' ? '2026-03-10' : '2026-03-09';
      for (const [first, second] of [
        [before, midnight],
        [midnight, before],
        [before, before],
      ]) {
        todayISO(zone, first);
        expect(todayISO(zone, second), `${zone} ${second!.toISOString()}`).toBe(
          second === midnight ? day : previous,
        );
      }
    }
  });

  it('validates and parses calendar days', () => {
    expect(isISODate('2024-02-29')).toBe(true);
    expect(isISODate('2026-02-29')).toBe(false);
    expect(isISODate('2026-13-01')).toBe(false);
    expect(isISODate('22/11/2026')).toBe(false);
    expect(parseDateBR('22/11/2026')).toBe('2026-11-22');
    expect(parseDateBR('31/04/2026')).toBeNull();
    expect(parseDateBR('2026-11-22')).toBeNull();
  });
});

describe('isoComFuso', () => {
  it('writes an instant on the clock of the time zone, with its offset, to the second', () => {
    expect(isoComFuso(new Date('2026-11-27T13:15:07.900Z'))).toBe('2026-11-27T10:15:07-03:00');
    expect(isoComFuso(new Date('2026-01-01T02:00:00Z'), 'America/Manaus')).toBe(
      '2025-12-31T22:00:00-04:00',
    );
    expect(isoComFuso(new Date('2026-11-27T13:15:00Z'), 'America/Noronha')).toBe(
      '2026-11-27T11:15:00-02:00',
    );
    expect(isoComFuso(new Date('2026-06-01T12:00:00Z'), 'UTC')).toBe('2026-06-01T12:00:00+00:00');
  });
});
