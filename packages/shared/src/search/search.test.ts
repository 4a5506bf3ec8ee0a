import { describe, expect, it } from 'vitest';
import { compareText, matchesSearch, normalizeSearch } from './search';

describe('search', () => {
  it('ignores case and accents', () => {
    expect(normalizeSearch('  AÇÃO Pão ')).toBe('acao pao');
    expect(matchesSearch('acao', 'Ação Social')).toBe(true);
    expect(matchesSearch('JOSE', null, 'josé@empresa.com.br')).toBe(true);
    expect(matchesSearch('maria', 'João', undefined)).toBe(false);
    expect(matchesSearch('', 'qualquer')).toBe(true);
    expect(matchesSearch('789', 7891234567895)).toBe(true);
  });

  it('sorts with pt-BR collation', () => {
    expect(['Zé', 'Álvaro', 'bruno'].sort(compareText)).toEqual(['Álvaro', 'bruno', 'Zé']);
  });
});
