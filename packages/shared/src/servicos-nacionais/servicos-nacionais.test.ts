import { describe, expect, it } from 'vitest';
import {
  buscarServicosNacionais,
  formatCodigoServicoNacional,
  isCodigoServicoNacional,
  servicoNacionalPorCodigo,
  SERVICOS_NACIONAIS,
} from '.';

const codigos = (lista: ReadonlyArray<{ codigo: string }>) => lista.map((s) => s.codigo);

describe('national service list (cTribNac)', () => {
  it('holds the official list: 335 codes of 6 digits, each once, in order, every LC 116 item', () => {
    expect(SERVICOS_NACIONAIS).toHaveLength(335);
    expect(new Set(codigos(SERVICOS_NACIONAIS)).size).toBe(335);
    expect(codigos(SERVICOS_NACIONAIS)).toEqual([...codigos(SERVICOS_NACIONAIS)].sort());
    for (const servico of SERVICOS_NACIONAIS) {
      expect(servico.codigo).toMatch(/^\d{6}$/);
      expect(servico.descricao.trim()).toBe(servico.descricao);
      expect(servico.descricao.length).toBeGreaterThan(3);
    }
    // The 40 items of LC 116 and the list's own 99 (no ISSQN nor ICMS).
    const itens = new Set(SERVICOS_NACIONAIS.map((s) => s.codigo.slice(0, 2)));
    expect(itens.size).toBe(41);
    expect(itens.has('40') && itens.has('99')).toBe(true);
  });

  it('finds a service by its code, with or without dots', () => {
    expect(servicoNacionalPorCodigo('140201')).toEqual({
      codigo: '140201',
      codigoFormatado: '14.02.01',
      descricao: 'Assistência técnica.',
    });
    expect(servicoNacionalPorCodigo('14.02.01')?.codigo).toBe('140201');
    expect(servicoNacionalPorCodigo('060101')?.descricao).toBe(
      'Barbearia, cabeleireiros, manicuros, pedicuros e congêneres.',
    );
    expect(servicoNacionalPorCodigo('140199')).toBeUndefined();
    expect(servicoNacionalPorCodigo('1402')).toBeUndefined();
    expect(isCodigoServicoNacional('01.07.01')).toBe(true);
    expect(isCodigoServicoNacional('999999')).toBe(false);
    expect(formatCodigoServicoNacional('010701')).toBe('01.07.01');
    expect(formatCodigoServicoNacional('123')).toBe('123');
  });

  it('searches by code or its start, dots or not', () => {
    expect(codigos(buscarServicosNacionais('14.01.01'))).toEqual(['140101']);
    expect(codigos(buscarServicosNacionais('140101'))).toEqual(['140101']);
    expect(codigos(buscarServicosNacionais('14.14'))).toEqual(['141401', '141402']);
    expect(codigos(buscarServicosNacionais('1414'))).toEqual(['141401', '141402']);
    expect(codigos(buscarServicosNacionais('07.02'))).toEqual(['070201', '070202']);
    expect(buscarServicosNacionais('123456')).toEqual([]);
  });

  it('searches the words of the description, accents and case ignored, every word present', () => {
    expect(codigos(buscarServicosNacionais('ASSISTENCIA TECNICA'))).toEqual(['140201']);
    expect(codigos(buscarServicosNacionais('informatica suporte'))).toEqual(['010701']);
    expect(codigos(buscarServicosNacionais('cabeleireiros'))).toEqual(['060101']);
    // A description that starts with the text comes before one that only contains it.
    expect(codigos(buscarServicosNacionais('limpeza'))).toEqual([
      '071001',
      '071002',
      '071801',
      '140101',
    ]);
    expect(codigos(buscarServicosNacionais('tecnica assistencia'))).toEqual(['140201']);
    // A code and words together narrow each other.
    expect(codigos(buscarServicosNacionais('14 tecnica'))).toEqual(['140201']);
    expect(buscarServicosNacionais('xyzzy')).toEqual([]);
  });

  it('answers the start of the list for a blank search and keeps to the limit', () => {
    expect(codigos(buscarServicosNacionais('  ', 3))).toEqual(['010101', '010201', '010301']);
    expect(buscarServicosNacionais('servicos', 5)).toHaveLength(5);
  });
});
