import { describe, expect, it } from 'vitest';
import { firstName, initials } from './initials';

describe('initials', () => {
  it('follows the spec rule', () => {
    expect(initials('Ana Maria Souza')).toBe('AS');
    expect(initials('  joão  ')).toBe('J');
    expect(initials('')).toBe('U');
    expect(initials(undefined)).toBe('U');
    expect(initials('Érica de Ávila')).toBe('ÉÁ');
  });

  it('takes the first name for greetings', () => {
    expect(firstName('Ana Maria Souza')).toBe('Ana');
    expect(firstName('')).toBe('');
  });
});
