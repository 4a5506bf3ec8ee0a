// The billing calendar of a service contract (issue 31), free of zod and of the clock, so the
// server's billing run, the "Faturar hoje" queue and the screens compute the same dates.
//
// A contract bills in advance on its billing day: the k-th bill falls on the billing day of the
// k-th cycle's month, counted from the first billing day on or after the start, and covers the
// days until the day before the next one. Each date is computed from that first month and the
// billing day, never from the previous date, so day 31 stays 31 after a February (28/02, then
// 31/03), and a month without the day bills on its last day.
import { addDaysISO, addMonthsISO } from '../dates';

/** Months per cycle. */
export const MESES_DA_PERIODICIDADE = {
  mensal: 1,
  bimestral: 2,
  trimestral: 3,
  semestral: 6,
  anual: 12,
} as const;
export type Periodicidade = keyof typeof MESES_DA_PERIODICIDADE;

export interface AgendaContrato {
  /** aaaa-mm-dd */
  inicio: string;
  /** Last day of the contract (aaaa-mm-dd), or null while it has no end. */
  fim: string | null;
  periodicidade: Periodicidade;
  /** 1–31; a month without it bills on its last day. */
  dia_faturamento: number;
}

export interface PeriodoContrato {
  /** 0 for the first bill. */
  indice: number;
  /** The billing date, also the period's first day (the database's key with the contract). */
  inicio: string;
  /** The day before the next billing date (or the contract's end, when earlier). */
  fim: string;
}

const ultimoDiaDoMes = (ano: number, mes: number) => new Date(Date.UTC(ano, mes, 0)).getUTCDate();

/** The billing day in a month (mes 1–12, any integer: it wraps into other years). */
function diaNoMes(ano: number, mes: number, dia: number): string {
  const alvo = new Date(Date.UTC(ano, mes - 1, 1));
  const a = alvo.getUTCFullYear();
  const m = alvo.getUTCMonth() + 1;
  const d = Math.min(dia, ultimoDiaDoMes(a, m));
  return `${a}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The month (year and 1–12) of the first bill: the start's, unless its billing day is before the start. */
function primeiroMes(agenda: AgendaContrato): { ano: number; mes: number } {
  const [ano, mes] = agenda.inicio.split('-').map(Number) as [number, number];
  const nesteMes = diaNoMes(ano, mes, agenda.dia_faturamento);
  return nesteMes >= agenda.inicio ? { ano, mes } : { ano, mes: mes + 1 };
}

/** The k-th billing date (k ≥ 0), whether or not it is before the contract's end. */
export function dataDeFaturamento(agenda: AgendaContrato, k: number): string {
  const { ano, mes } = primeiroMes(agenda);
  return diaNoMes(
    ano,
    mes + k * MESES_DA_PERIODICIDADE[agenda.periodicidade],
    agenda.dia_faturamento,
  );
}

/** The k-th period, or null when its billing date is past the contract's end. */
export function periodo(agenda: AgendaContrato, k: number): PeriodoContrato | null {
  const inicio = dataDeFaturamento(agenda, k);
  if (agenda.fim !== null && inicio > agenda.fim) return null;
  const antesDoProximo = addDaysISO(dataDeFaturamento(agenda, k + 1), -1);
  const fim = agenda.fim !== null && agenda.fim < antesDoProximo ? agenda.fim : antesDoProximo;
  return { indice: k, inicio, fim };
}

/**
 * The index of the first period whose billing date is on or after `dia` (the next bill from a
 * day, as a resumed contract takes up). Counted, not searched: months between the first billing
 * month and `dia`, divided by the cycle.
 */
export function indiceAPartirDe(agenda: AgendaContrato, dia: string): number {
  const { ano, mes } = primeiroMes(agenda);
  const [a, m] = dia.split('-').map(Number) as [number, number];
  const passo = MESES_DA_PERIODICIDADE[agenda.periodicidade];
  let k = Math.max(0, Math.floor(((a - ano) * 12 + (m - mes)) / passo));
  while (k > 0 && dataDeFaturamento(agenda, k - 1) >= dia) k--;
  while (dataDeFaturamento(agenda, k) < dia) k++;
  return k;
}

/**
 * The periods due on `hoje` (billing date ≤ hoje, within the contract), from the index `desde`
 * on: what a billing run bills, the missed ones included.
 */
export function periodosDevidos(
  agenda: AgendaContrato,
  hoje: string,
  desde = 0,
): PeriodoContrato[] {
  const devidos: PeriodoContrato[] = [];
  for (let k = desde; ; k++) {
    const p = periodo(agenda, k);
    if (!p || p.inicio > hoje) return devidos;
    devidos.push(p);
  }
}

// ---------------------------------------------------------------------------------------------
// Business days.

/** Easter Sunday (Meeus/Jones/Butcher), aaaa-mm-dd. */
export function pascoa(ano: number): string {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/**
 * The days banks do not open across Brazil: the national holidays (Leis 662/1949, 6.802/1980,
 * 14.759/2023 for 20 de novembro, from 2024), Good Friday, and Carnival's Monday and Tuesday
 * (no bank clearing). Local holidays are the município's and are not known here.
 */
export function feriadosBancarios(ano: number): string[] {
  const fixos = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'];
  if (ano >= 2024) fixos.push('11-20');
  const pasc = pascoa(ano);
  return [
    ...fixos.map((dia) => `${ano}-${dia}`),
    addDaysISO(pasc, -48),
    addDaysISO(pasc, -47),
    addDaysISO(pasc, -2),
  ].sort();
}

const feriadosPorAno = new Map<number, Set<string>>();

export function ehDiaUtil(dia: string): boolean {
  const semana = new Date(`${dia}T12:00:00Z`).getUTCDay();
  if (semana === 0 || semana === 6) return false;
  const ano = Number(dia.slice(0, 4));
  let feriados = feriadosPorAno.get(ano);
  if (!feriados) {
    feriados = new Set(feriadosBancarios(ano));
    feriadosPorAno.set(ano, feriados);
  }
  return !feriados.has(dia);
}

/** The day itself when a business day, else the next one. */
export function proximoDiaUtil(dia: string): string {
  let d = dia;
  while (!ehDiaUtil(d)) d = addDaysISO(d, 1);
  return d;
}

/** A bill's due date: `dias` after it is billed, moved to the next business day when asked. */
export function vencimentoDaFatura(faturamento: string, dias: number, diaUtil: boolean): string {
  const dia = addDaysISO(faturamento, dias);
  return diaUtil ? proximoDiaUtil(dia) : dia;
}

// ---------------------------------------------------------------------------------------------
// Money, exact: BigInt ratios rounded half up to the centavo once, at the end.

/**
 * numerador / denominador (denominador > 0) rounded half away from zero, as money's own
 * division: BigInt division truncates toward zero, so a negative ratio (an accumulated index
 * that fell, as the IGP-M does in some years) rounds on its magnitude.
 */
function dividirArredondando(numerador: bigint, denominador: bigint): number {
  const negativo = numerador < 0n;
  const magnitude = negativo ? -numerador : numerador;
  const q = magnitude / denominador;
  const r = magnitude % denominador;
  const arredondado = 2n * r >= denominador ? q + 1n : q;
  return Number(negativo ? -arredondado : arredondado);
}

/** A percentage with up to 4 decimals as an integer of ten-thousandths of a percent. */
const emDezMilesimos = (percentual: number) => BigInt(Math.round(percentual * 10_000));

/**
 * Whole months served from `inicio` until `dia`: the largest n with inicio + n months ≤ dia
 * (months counted as addMonthsISO counts them, so 31/01 + 1 month is 28/02).
 */
export function mesesCompletos(inicio: string, dia: string): number {
  if (dia < inicio) return 0;
  const [a1, m1] = inicio.split('-').map(Number) as [number, number];
  const [a2, m2] = dia.split('-').map(Number) as [number, number];
  let meses = Math.max(0, (a2 - a1) * 12 + (m2 - m1) + 1);
  while (meses > 0 && addMonthsISO(inicio, meses) > dia) meses--;
  return meses;
}

export interface MultaDeFidelidade {
  /** The last day of the fidelidade (the day before inicio + fidelidade_meses). */
  fimDaFidelidade: string | null;
  mesesRestantes: number;
  centavos: number;
}

/**
 * The cancellation fee while the fidelidade runs: `percentual` of what the remaining months
 * would cost (the cycle's price spread over its months), so it shrinks with each month served.
 */
export function multaDeFidelidade(entrada: {
  inicio: string;
  fidelidadeMeses: number;
  percentual: number;
  valorCicloCentavos: number;
  periodicidade: Periodicidade;
  cancelamento: string;
}): MultaDeFidelidade {
  if (entrada.fidelidadeMeses <= 0)
    return { fimDaFidelidade: null, mesesRestantes: 0, centavos: 0 };
  const termino = addMonthsISO(entrada.inicio, entrada.fidelidadeMeses);
  // A month begun counts as remaining: only whole months served leave the fee.
  const mesesRestantes = Math.max(
    0,
    entrada.fidelidadeMeses - mesesCompletos(entrada.inicio, entrada.cancelamento),
  );
  const centavos = dividirArredondando(
    BigInt(entrada.valorCicloCentavos) *
      BigInt(mesesRestantes) *
      emDezMilesimos(entrada.percentual),
    100n * 10_000n * BigInt(MESES_DA_PERIODICIDADE[entrada.periodicidade]),
  );
  return { fimDaFidelidade: addDaysISO(termino, -1), mesesRestantes, centavos };
}

/**
 * The accumulated rate of monthly rates (percent, up to 4 decimals each), compounded:
 * (1 + t₁)(1 + t₂)… − 1, as a ratio of BigInts so prices move by it exactly.
 */
function fatorAcumulado(taxas: readonly number[]): { numerador: bigint; denominador: bigint } {
  let numerador = 1n;
  let denominador = 1n;
  for (const taxa of taxas) {
    numerador *= 1_000_000n + emDezMilesimos(taxa);
    denominador *= 1_000_000n;
  }
  return { numerador, denominador };
}

/** The accumulated percentage of monthly rates, to 4 decimals (shown to the user). */
export function percentualAcumulado(taxas: readonly number[]): number {
  const { numerador, denominador } = fatorAcumulado(taxas);
  return dividirArredondando((numerador - denominador) * 1_000_000n, denominador) / 10_000;
}

/** A price in centavos after the monthly rates, compounded, rounded once to the centavo. */
export function reajustarCentavos(centavos: number, taxas: readonly number[]): number {
  const { numerador, denominador } = fatorAcumulado(taxas);
  return dividirArredondando(BigInt(centavos) * numerador, denominador);
}

/** The anniversaries of a contract (inicio + 12n months, n ≥ 1) up to `ate`. */
export function aniversariosAte(inicio: string, ate: string): string[] {
  const datas: string[] = [];
  for (let n = 1; ; n++) {
    const dia = addMonthsISO(inicio, 12 * n);
    if (dia > ate) return datas;
    datas.push(dia);
  }
}

/** The 12 months (aaaa-mm) whose index accumulates into the reajuste of an anniversary. */
export function mesesDoIndice(aniversario: string): string[] {
  const [ano, mes] = aniversario.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const alvo = new Date(Date.UTC(ano, mes - 1 - 12 + i, 1));
    return `${alvo.getUTCFullYear()}-${String(alvo.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
