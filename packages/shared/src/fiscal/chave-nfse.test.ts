import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chaveNfseValida, montarChaveNfse } from './chave-nfse';

describe('montarChaveNfse', () => {
  it('joins the parts in 50 digits with a check digit that validates', () => {
    const chave = montarChaveNfse({
      municipio: 3550308,
      ambienteGerador: 2,
      cnpj: '11.222.333/0001-81',
      numero: 42,
      anoMes: '2611',
      codigoNumerico: '123456789',
    });
    expect(chave).toHaveLength(50);
    expect(chave.slice(0, 49)).toBe('3550308221122233300018100000000000422611123456789');
    expect(chaveNfseValida(chave)).toBe(true);
  });

  it('validates every key it builds and refuses any other check digit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999_999 }),
        fc.integer({ min: 0, max: 999_999_999 }),
        fc.integer({ min: 1, max: 9 }),
        (numero, codigo, delta) => {
          const chave = montarChaveNfse({
            municipio: 3304557,
            ambienteGerador: 2,
            cpf: '52998224725',
            numero,
            anoMes: '2612',
            codigoNumerico: String(codigo).padStart(9, '0'),
          });
          expect(chaveNfseValida(chave)).toBe(true);
          const outroDigito = String((Number(chave[49]) + delta) % 10);
          expect(chaveNfseValida(chave.slice(0, 49) + outroDigito)).toBe(false);
        },
      ),
    );
  });
});
