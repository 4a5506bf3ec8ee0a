import { UFS, type UF } from '../brasil';

/*
 * The access key of an NF-e (modelo 55) or NFC-e (modelo 65), MOC 4.00: 43 characters of what
 * identifies the note and one check digit. cUF(2) AAMM(4) CNPJ or CPF(14) modelo(2) série(3)
 * número(9) tpEmis(1) cNF(8) cDV(1). The alphanumeric CNPJ (from July 2026) fits: each character
 * counts as its code minus 48, so digits count as themselves.
 */

export const MODELOS_FISCAIS = [55, 65] as const;
export type ModeloFiscal = (typeof MODELOS_FISCAIS)[number];

export interface PartesDaChave {
  uf: UF;
  /** Year and month of issue, 'AAAA-MM' (a full ISO date is accepted). */
  emissao: string;
  /** The issuer's CNPJ (numeric or alphanumeric) or CPF, with or without its mask. */
  documento: string;
  modelo: ModeloFiscal;
  serie: number;
  numero: number;
  /** 1 normal, 9 NFC-e offline contingency… */
  tipoEmissao: number;
  /** cNF: 8 digits (see codigoNumericoValido). */
  codigoNumerico: string;
}

/** The check digit of the key's first 43 characters: weights 2 to 9 from the right, mod 11. */
export function digitoDaChave(chave43: string): number {
  if (!/^[0-9A-Z]{43}$/.test(chave43)) throw new Error('A chave sem o dígito tem 43 caracteres');
  let soma = 0;
  for (let i = 0; i < 43; i++) {
    const peso = 2 + (i % 8);
    soma += (chave43.charCodeAt(42 - i) - 48) * peso;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** Whether a 44-character key is well formed and its last digit checks. */
export function chaveValida(chave: string): boolean {
  return /^\d{2}\d{4}[0-9A-Z]{12}\d{2}\d{2}\d{3}\d{9}\d\d{8}\d$/.test(chave)
    ? digitoDaChave(chave.slice(0, 43)) === Number(chave[43])
    : false;
}

const digitos = (valor: number, tamanho: number) => String(valor).padStart(tamanho, '0');

/** The 44-character key of a note. */
export function montarChave(partes: PartesDaChave): string {
  const uf = UFS.find((u) => u.sigla === partes.uf);
  if (!uf) throw new Error(`UF desconhecida: ${partes.uf}`);
  const [ano, mes] = partes.emissao.split('-');
  const documento = partes.documento.replace(/[./-]/g, '').toUpperCase().padStart(14, '0');
  if (!/^[0-9A-Z]{12}\d{2}$/.test(documento)) throw new Error('CNPJ ou CPF inválido na chave');
  if (!codigoNumericoValido(partes.codigoNumerico, partes.numero)) {
    throw new Error('Código numérico (cNF) inválido para a chave');
  }
  const chave43 =
    digitos(uf.ibge, 2) +
    ano!.slice(2) +
    mes +
    documento +
    digitos(partes.modelo, 2) +
    digitos(partes.serie, 3) +
    digitos(partes.numero, 9) +
    digitos(partes.tipoEmissao, 1) +
    partes.codigoNumerico;
  return chave43 + digitoDaChave(chave43);
}

/**
 * cNF: 8 digits that are not the note's number and not a trivial sequence (one digit repeated,
 * or counting up as 12345678 and 90123456), which SEFAZ refuses as guessable.
 */
export function codigoNumericoValido(cnf: string, numero: number): boolean {
  if (!/^\d{8}$/.test(cnf) || Number(cnf) === numero) return false;
  const repetido = /^(\d)\1{7}$/.test(cnf);
  const crescente = [...cnf].every(
    (d, i) => i === 0 || Number(d) === (Number(cnf[i - 1]) + 1) % 10,
  );
  return !repetido && !crescente;
}

/** A random cNF valid for the note `numero` (crypto randomness, as the key must not be guessed). */
export function gerarCodigoNumerico(
  numero: number,
  aleatorio: () => number = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32,
): string {
  for (;;) {
    const cnf = digitos(Math.floor(aleatorio() * 100_000_000), 8);
    if (codigoNumericoValido(cnf, numero)) return cnf;
  }
}
