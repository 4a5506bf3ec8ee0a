import { cnpj as cnpjValidator, cpf as cpfValidator } from 'cpf-cnpj-validator';

/**
 * Brazilian documents. Values are stored normalised: CPF as 11 digits, CNPJ as 14 characters
 * (digits, or the alphanumeric CNPJ of RFB Nota Técnica 49/2024 in force since July 2026, in
 * upper case), CEP as 8 digits. Only the usual punctuation is removed before checking, so
 * "123.456.789-0a" is rejected instead of being read as something else.
 */
const PUNCTUATION = /[.\-/\s]/g;

export function normalizeCpf(text: string): string {
  return text.replace(PUNCTUATION, '');
}

/** Check digits, length and the validator's blacklist (111.111.111-11 and the like). */
export function isValidCpf(text: string): boolean {
  const digits = normalizeCpf(text);
  return /^\d{11}$/.test(digits) && cpfValidator.isValid(digits);
}

export function normalizeCnpj(text: string): string {
  return text.replace(PUNCTUATION, '').toUpperCase();
}

/** Numeric or alphanumeric CNPJ: 12 characters [0-9A-Z] and two numeric check digits. */
export function isValidCnpj(text: string): boolean {
  const value = normalizeCnpj(text);
  return /^[0-9A-Z]{12}\d{2}$/.test(value) && cnpjValidator.isValid(value, true);
}

/** The two check digits of a CNPJ base of 12 characters (used by tests and demo data). */
export function cnpjCheckDigits(base: string): string {
  const first = cnpjValidator.verifierDigit(base.toUpperCase());
  const second = cnpjValidator.verifierDigit(`${base.toUpperCase()}${first}`);
  return `${first}${second}`;
}

/** The two check digits of a CPF base of 9 digits. */
export function cpfCheckDigits(base: string): string {
  const digit = (digits: string) => {
    const weightStart = digits.length + 1;
    const sum = [...digits].reduce(
      (total, char, index) => total + Number(char) * (weightStart - index),
      0,
    );
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return `${first}${digit(`${base}${first}`)}`;
}

/** "123.456.789-09"; anything that is not 11 digits is returned as given. */
export function formatCpf(text: string | null | undefined): string {
  const digits = normalizeCpf(text ?? '');
  return /^\d{11}$/.test(digits)
    ? digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
    : (text ?? '');
}

/** "12.ABC.345/01DE-35"; anything that is not a 14-character CNPJ is returned as given. */
export function formatCnpj(text: string | null | undefined): string {
  const value = normalizeCnpj(text ?? '');
  return /^[0-9A-Z]{12}\d{2}$/.test(value)
    ? value.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5')
    : (text ?? '');
}

export function normalizeCep(text: string): string {
  return text.replace(PUNCTUATION, '');
}

export function isValidCep(text: string): boolean {
  return /^\d{8}$/.test(normalizeCep(text));
}

/** "01310-100" */
export function formatCep(text: string | null | undefined): string {
  const digits = normalizeCep(text ?? '');
  return /^\d{8}$/.test(digits) ? `${digits.slice(0, 5)}-${digits.slice(5)}` : (text ?? '');
}
