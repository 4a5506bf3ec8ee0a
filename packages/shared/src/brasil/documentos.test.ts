import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCep,
  formatCnpj,
  formatCpf,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  normalizeCnpj,
  normalizeCpf,
} from './documentos';

const CNPJ_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const cnpjBase = fc
  .array(fc.constantFrom(...CNPJ_CHARS), { minLength: 12, maxLength: 12 })
  .map((chars) => chars.join(''))
  // The validator refuses a CNPJ of one repeated character.
  .filter((base) => new Set(base).size > 1);
const cpfBase = fc
  .array(fc.constantFrom(...'0123456789'.split('')), { minLength: 9, maxLength: 9 })
  .map((digits) => digits.join(''))
  .filter((base) => new Set(base).size > 1 && base !== '123456789');

describe('CPF', () => {
  it('accepts valid numbers with or without the mask and stores 11 digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });

  it('rejects wrong check digits, repeated digits, letters and wrong lengths', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('529.982.247-2a')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('accepts every base with its computed check digits and no other last digit', () => {
    fc.assert(
      fc.property(cpfBase, fc.integer({ min: 1, max: 9 }), (base, shift) => {
        const digits = cpfCheckDigits(base);
        expect(isValidCpf(`${base}${digits}`)).toBe(true);
        const wrong = (Number(digits[1]) + shift) % 10;
        expect(isValidCpf(`${base}${digits[0]}${wrong}`)).toBe(false);
      }),
    );
  });
});

describe('CNPJ', () => {
  it('accepts the numeric format and the alphanumeric one in force since July 2026', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('rejects wrong check digits, letters in the check digits and stray characters', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DE35!')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });

  it('accepts every alphanumeric base with its computed check digits and no other', () => {
    fc.assert(
      fc.property(cnpjBase, fc.integer({ min: 1, max: 9 }), (base, shift) => {
        const digits = cnpjCheckDigits(base);
        expect(isValidCnpj(`${base}${digits}`)).toBe(true);
        expect(isValidCnpj(formatCnpj(`${base}${digits}`).toLowerCase())).toBe(true);
        const wrong = (Number(digits[1]) + shift) % 10;
        expect(isValidCnpj(`${base}${digits[0]}${wrong}`)).toBe(false);
      }),
    );
  });
});

describe('CEP', () => {
  it('has 8 digits, with or without the hyphen', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('1310-100')).toBe(false);
    expect(isValidCep('01310-10a')).toBe(false);
    expect(formatCep('01310100')).toBe('01310-100');
  });
});
