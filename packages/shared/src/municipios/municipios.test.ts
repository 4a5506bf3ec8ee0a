import { describe, expect, it } from 'vitest';
import { UFS } from '../brasil';
import { MUNICIPIOS, municipioPorCodigo, municipiosDaUF } from '.';

describe('IBGE municipalities', () => {
  it("holds IBGE's current division, each code once, every UF", () => {
    expect(MUNICIPIOS).toHaveLength(5571);
    expect(new Set(MUNICIPIOS.map((m) => m.codigo)).size).toBe(MUNICIPIOS.length);
    expect(new Set(MUNICIPIOS.map((m) => m.uf))).toEqual(new Set(UFS.map((uf) => uf.sigla)));
    for (const municipio of MUNICIPIOS) {
      expect(municipio.codigo).toBeGreaterThanOrEqual(1_100_000);
      expect(municipio.codigo).toBeLessThan(6_000_000);
      expect(municipio.nome.trim()).toBe(municipio.nome);
      expect(municipio.nome.length).toBeGreaterThan(1);
    }
  });

  it('finds a municipality by its code, with its UF from the code', () => {
    expect(municipioPorCodigo(3550308)).toEqual({ codigo: 3550308, nome: 'São Paulo', uf: 'SP' });
    expect(municipioPorCodigo(5300108)).toEqual({ codigo: 5300108, nome: 'Brasília', uf: 'DF' });
    expect(municipioPorCodigo(2605459)?.nome).toBe('Fernando de Noronha');
    expect(municipioPorCodigo(3550309)).toBeUndefined();
  });

  it("counts each UF's municipalities as IBGE does", () => {
    expect(municipiosDaUF('MG')).toHaveLength(853);
    expect(municipiosDaUF('SP')).toHaveLength(645);
    expect(municipiosDaUF('RS')).toHaveLength(497);
    expect(municipiosDaUF('MT')).toHaveLength(142);
    expect(municipiosDaUF('DF')).toEqual([{ codigo: 5300108, nome: 'Brasília', uf: 'DF' }]);
  });
});
