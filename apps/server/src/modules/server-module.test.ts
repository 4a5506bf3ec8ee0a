import { describe, expect, it } from 'vitest';
import { MODULES } from '.';
import { hook, unansweredHooks } from './server-module';

describe('hook', () => {
  it('refuses a call until a module answers, then calls the answer', () => {
    const pergunta = hook<(n: number) => number>('o dobro de um número');
    expect(() => pergunta.call(2)).toThrow('Nenhum módulo responde: o dobro de um número');
    expect(unansweredHooks()).toContain('o dobro de um número');
    pergunta.set((n) => n * 2);
    expect(pergunta.call(21)).toBe(42);
    expect(unansweredHooks()).not.toContain('o dobro de um número');
  });

  it('leaves no question of the modules unanswered once MODULES is loaded', () => {
    expect(MODULES.length).toBeGreaterThan(0);
    expect(unansweredHooks()).toEqual([]);
  });
});
