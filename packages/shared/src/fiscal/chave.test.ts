import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chaveValida,
  codigoNumericoValido,
  digitoDaChave,
  gerarCodigoNumerico,
  montarChave,
} from './chave';

// Keys published with the reference implementations' tests (facts, checked digit by digit).
const CHAVES_CONHECIDAS = [
  '35170358716523000119550010000000301000000300',
  '35170458716523000119550010000000121000123458',
  '35170400099999999999550010000000121000123459',
  '52060412ABC34501DE35550120000007801267301610',
];

describe('access key', () => {
  it.each(CHAVES_CONHECIDAS)('checks the digit of %s', (chave) => {
    expect(digitoDaChave(chave.slice(0, 43))).toBe(Number(chave[43]));
    expect(chaveValida(chave)).toBe(true);
  });

  it('refuses a wrong digit, a short key and a lowercase one', () => {
    expect(chaveValida('35170358716523000119550010000000301000000306')).toBe(false);
    expect(chaveValida('3517035871652300011955001000000030100000030')).toBe(false);
    expect(chaveValida('52060412abc34501de35550120000007801267301610')).toBe(false);
  });

  it('builds the key of a note: SP, April 2017, CNPJ, NF-e série 1 nº 12', () => {
    const partes = {
      uf: 'SP',
      emissao: '2017-04-20',
      documento: '58.716.523/0001-19',
      modelo: 55,
      serie: 1,
      numero: 12,
      tipoEmissao: 1,
      codigoNumerico: '00012345',
    } as const;
    expect(montarChave(partes)).toBe('35170458716523000119550010000000121000123458');
    expect(montarChave({ ...partes, documento: '999.999.999-99' })).toBe(
      '35170400099999999999550010000000121000123459',
    );
  });

  it('builds a key with the alphanumeric CNPJ (GO, April 2006, NF-e série 12)', () => {
    expect(
      montarChave({
        uf: 'GO',
        emissao: '2006-04',
        documento: '12.ABC.345/01DE-35',
        modelo: 55,
        serie: 12,
        numero: 780,
        tipoEmissao: 1,
        codigoNumerico: '26730161',
      }),
    ).toBe('52060412ABC34501DE35550120000007801267301610');
  });

  it('any key it builds is valid, and changing one of its digits breaks it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.stringMatching(/^[0-9A-Z]{12}\d{2}$/),
        fc.integer({ min: 0, max: 42 }),
        (numero, serie, documento, posicao) => {
          const chave = montarChave({
            uf: 'MG',
            emissao: '2026-11',
            documento,
            modelo: 65,
            serie,
            numero,
            tipoEmissao: 9,
            codigoNumerico: gerarCodigoNumerico(numero),
          });
          expect(chaveValida(chave)).toBe(true);
          // A digit changed by one always moves the sum mod 11, but the rule gives 0 for the
          // remainders 0 and 1 alike, and a letter may move it by 11: those keys are left out.
          fc.pre(chave[43] !== '0' && /\d/.test(chave[posicao]!));
          const trocado = String((Number(chave[posicao]) + 1) % 10);
          const errada = chave.slice(0, posicao) + trocado + chave.slice(posicao + 1);
          expect(chaveValida(errada)).toBe(false);
        },
      ),
    );
  });
});

describe('cNF', () => {
  it('refuses repeated digits, counting sequences and the note number itself', () => {
    for (const cnf of ['00000000', '77777777', '12345678', '90123456', '01234567']) {
      expect(codigoNumericoValido(cnf, 1)).toBe(false);
    }
    expect(codigoNumericoValido('00000042', 42)).toBe(false);
    expect(codigoNumericoValido('00000042', 43)).toBe(true);
    expect(codigoNumericoValido('1234567', 1)).toBe(false);
  });

  it('draws again until the code is valid', () => {
    const sorteios = [0.12345678, 0.00000042, 0.31415926];
    expect(gerarCodigoNumerico(42, () => sorteios.shift()!)).toBe('31415926');
  });
});
