// Brazilian cell values, read by the import and written by the list exports with the same rules,
// so a list exported from Prumo imports back unchanged.
import { isISODate } from '../dates';

/** "Razão Social " → "razao social": lower case, no accents, punctuation as single spaces. */
export function normalizarTexto(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A cell as the import reads it: trimmed, and without the apostrophe the exports put before a
 * text that a spreadsheet would run as a formula (neutralizarFormula: "'+1 415…", "'=Kit"), so
 * an exported "+1 415 555 0100" comes back as itself and not as an invalid phone.
 */
export function lerTextoDaCelula(texto: string): string {
  const limpo = texto.trim();
  return /^'[=+\-@\t\r]/.test(limpo) ? limpo.slice(1).trim() : limpo;
}

/**
 * A number typed the Brazilian way: "1.234,56", "1234,56", "R$ 10", "-3", "1.000" (one thousand).
 * A dot that cannot be a thousands separator is the decimal point ("12.5"), as a spreadsheet in
 * English writes it. Null when the text is not a number (blank included).
 */
export function lerNumeroBr(texto: string): number | null {
  let limpo = texto.replace(/R\$|\s|\u00a0|%/g, '');
  if (limpo === '') return null;
  if (/^\(.*\)$/.test(limpo)) limpo = `-${limpo.slice(1, -1)}`;
  if (limpo.includes(',')) {
    if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$/.test(limpo) && !/^-?\d*(,\d+)?$/.test(limpo)) return null;
    limpo = limpo.replace(/\./g, '').replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3})+$/.test(limpo)) {
    limpo = limpo.replace(/\./g, '');
  } else if (!/^-?(\d+\.?\d*|\.\d+)$/.test(limpo)) {
    return null;
  }
  const valor = Number(limpo);
  return Number.isFinite(valor) ? valor : null;
}

/** Money: a number rounded to the centavo; null when the text is not a number. */
export function lerDinheiroBr(texto: string): number | null {
  const valor = lerNumeroBr(texto);
  return valor === null ? null : Math.round(valor * 100) / 100;
}

/** A whole number ("1.000" is one thousand); null when it is not a whole number. */
export function lerInteiroBr(texto: string): number | null {
  const valor = lerNumeroBr(texto);
  return valor !== null && Number.isInteger(valor) ? valor : null;
}

/**
 * A day as "31/12/2026" (also "1/2/2026", "31-12-2026", "31.12.2026", two-digit years as 20xx, or
 * ISO "2026-12-31", with or without a time after it) → "2026-12-31"; null when it is no real day.
 */
export function lerDataBr(texto: string): string | null {
  const limpo = texto.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2})?(\.\d+)?Z?$/, '');
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(limpo);
  if (iso) return isISODate(limpo) ? limpo : null;
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(limpo);
  if (!br) return null;
  const ano = br[3]!.length === 2 ? `20${br[3]}` : br[3]!;
  const dia = `${ano}-${br[2]!.padStart(2, '0')}-${br[1]!.padStart(2, '0')}`;
  return isISODate(dia) ? dia : null;
}

const VERDADEIROS = new Set(['sim', 's', '1', 'true', 'verdadeiro', 'v', 'x', 'yes', 'y', 'ativo']);
const FALSOS = new Set(['nao', 'n', '0', 'false', 'falso', 'f', 'no', 'inativo']);

/** "Sim", "Não", "S", "N", "1", "0", "true", "false" → boolean; null when none of them. */
export function lerBooleanoBr(texto: string): boolean | null {
  const chave = normalizarTexto(texto);
  if (VERDADEIROS.has(chave)) return true;
  if (FALSOS.has(chave)) return false;
  return null;
}

/** Money for a spreadsheet cell: "1234,56" (decimal comma, no thousands dots). */
export function escreverDinheiroBr(valor: number | null | undefined): string {
  return valor == null ? '' : valor.toFixed(2).replace('.', ',');
}

/** A quantity or other number: up to three decimals, decimal comma ("12,5"). */
export function escreverNumeroBr(valor: number | null | undefined): string {
  if (valor == null) return '';
  return String(Math.round(valor * 1000) / 1000).replace('.', ',');
}

/** "2026-12-31" → "31/12/2026". */
export function escreverDataBr(valor: string | null | undefined): string {
  if (!valor) return '';
  const dia = /^(\d{4})-(\d{2})-(\d{2})/.exec(valor);
  return dia ? `${dia[3]}/${dia[2]}/${dia[1]}` : valor;
}

/** true → "Sim", false → "Não". */
export function escreverBooleanoBr(valor: boolean | null | undefined): string {
  return valor == null ? '' : valor ? 'Sim' : 'Não';
}
