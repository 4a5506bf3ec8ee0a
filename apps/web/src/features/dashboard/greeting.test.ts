import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

describe('greetingFor', () => {
  it('greets by the hour', () => {
    expect(greetingFor(5)).toBe('Bom dia');
    expect(greetingFor(11)).toBe('Bom dia');
    expect(greetingFor(12)).toBe('Boa tarde');
    expect(greetingFor(17)).toBe('Boa tarde');
    expect(greetingFor(18)).toBe('Boa noite');
    expect(greetingFor(2)).toBe('Boa noite');
  });
});
