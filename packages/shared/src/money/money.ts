/**
 * Money helpers. Amounts travel as numbers in reais with at most two decimals (JSON and forms),
 * but every calculation happens in integer centavos so that no float error reaches a total.
 */

const moneyFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const decimalFormatters = new Map<number, Intl.NumberFormat>();

/** Converts reais to integer centavos, rounding half away from zero (1,005 → 101 centavos). */
export function toCentavos(reais: number): number {
  if (!Number.isFinite(reais)) throw new RangeError(`Valor monetário inválido: ${reais}`);
  // toPrecision(15) removes binary noise such as 1.005 * 100 = 100.49999999999999.
  const scaled = Number((Math.abs(reais) * 100).toPrecision(15));
  const centavos = Math.round(scaled);
  return reais < 0 ? -centavos : centavos;
}

export function fromCentavos(centavos: number): number {
  return centavos / 100;
}

/** Rounds a value in reais to the centavo. */
export function roundMoney(reais: number): number {
  return fromCentavos(toCentavos(reais));
}

/** Exact sum of amounts in reais. */
export function sumMoney(...amounts: number[]): number {
  return fromCentavos(amounts.reduce((total, amount) => total + toCentavos(amount), 0));
}

/** Exact difference a − b in reais. */
export function subtractMoney(a: number, b: number): number {
  return fromCentavos(toCentavos(a) - toCentavos(b));
}

/** Divides two bigints rounding half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Scales a decimal with up to `decimals` places to an integer bigint (2.5, 3 → 2500n). */
function toScaledBigInt(value: number, decimals: number): bigint {
  const factor = 10 ** decimals;
  const scaled = Math.round(Number((Math.abs(value) * factor).toPrecision(15)));
  return BigInt(value < 0 ? -scaled : scaled);
}

/** amount × quantity, rounded to the centavo. Quantity may have up to three decimals. */
export function multiplyMoney(reais: number, quantity: number): number {
  const product = BigInt(toCentavos(reais)) * toScaledBigInt(quantity, 3);
  return fromCentavos(Number(divideRounded(product, 1000n)));
}

/**
 * amount × (1 + percent / 100), rounded to the centavo. Percent may have up to two decimals
 * (a margin of 12,34 %). Used for suggested sale values and per-table prices.
 */
export function addPercent(reais: number, percent: number): number {
  const basisPoints = toScaledBigInt(percent, 2);
  const product = BigInt(toCentavos(reais)) * (10000n + basisPoints);
  return fromCentavos(Number(divideRounded(product, 10000n)));
}

/** amount × percent / 100, rounded to the centavo (a 5 % commission on R$ 10,00 is R$ 0,50). */
export function percentOf(reais: number, percent: number): number {
  const product = BigInt(toCentavos(reais)) * toScaledBigInt(percent, 2);
  return fromCentavos(Number(divideRounded(product, 10000n)));
}

/** "R$ 1.234,56" (with the non-breaking space Intl uses). */
export function formatMoney(reais: number | null | undefined): string {
  return moneyFormatter.format(reais ?? 0);
}

/** "1.234,56" with a fixed number of decimals, for inputs and tables without the currency sign. */
export function formatDecimal(value: number | null | undefined, decimals = 2): string {
  let formatter = decimalFormatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    decimalFormatters.set(decimals, formatter);
  }
  return formatter.format(value ?? 0);
}

/** "12,50%" */
export function formatPercent(percent: number | null | undefined, decimals = 2): string {
  return `${formatDecimal(percent, decimals)}%`;
}

/**
 * Reads a number typed the Brazilian way: "1.234,56", "1234,56", "R$ 10" or "12.5".
 * A lone dot followed by one or two digits is taken as a decimal point (what people type on
 * a numeric keypad). Returns null when the text is not a number.
 */
export function parseDecimalBR(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (text == null) return null;
  let cleaned = text.replace(/R\$|\s|%/g, '');
  if (cleaned === '') return null;
  if (cleaned.includes(',')) {
    cleaned = cleaned.replace(/\./g, '').replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3})+$/.test(cleaned)) {
    cleaned = cleaned.replace(/\./g, '');
  }
  if (!/^-?\d*\.?\d+$/.test(cleaned) && !/^-?\d+\.?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/**
 * Splits an amount into `n` parts that add up to it exactly: each part the amount divided
 * evenly down to the centavo, the centavos left over by the rounding on the first part.
 */
export function dividirValor(reais: number, n: number): number[] {
  const centavos = toCentavos(reais);
  const base = Math.trunc(centavos / n);
  const resto = centavos - base * n;
  return Array.from({ length: n }, (_, index) => fromCentavos(index === 0 ? base + resto : base));
}
