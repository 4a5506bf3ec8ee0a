/**
 * Dates travel as ISO 8601 ("2026-11-22" for a day, full timestamps for instants) and are shown
 * as dd/mm/aaaa. "Today" belongs to the company's time zone, not to the machine's.
 */

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building an Intl formatter costs far more than using one: one per time zone, made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An instant's calendar fields on the clock of a time zone, as two-digit texts (hour 00–23). */
export function localParts(date: Date, timeZone: string) {
  const parts = formatterIn(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/**
 * An instant on the clock of a time zone with its offset, to the second:
 * "2026-11-27T10:15:07-03:00" (ISO 8601; the fiscal documents' TDateTimeUTC).
 */
export function isoComFuso(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const p = localParts(date, timeZone);
  const segundos = String(date.getUTCSeconds()).padStart(2, '0');
  // Offsets are whole minutes: the local clock's minute against the UTC one.
  const local = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute);
  const minutos = Math.round((local - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
  const absoluto = Math.abs(minutos);
  const fuso = `${minutos < 0 ? '-' : '+'}${String(Math.floor(absoluto / 60)).padStart(2, '0')}:${String(absoluto % 60).padStart(2, '0')}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${segundos}${fuso}`;
}

/** The calendar day of an instant in the given time zone, as "aaaa-mm-dd". */
export function toISODate(date: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const { year, month, day } = localParts(date, timeZone);
  return `${year}-${month}-${day}`;
}

// Intl's formatToParts costs ~10 µs and a sale asks for today several times. A day begins at a
// local midnight, which is a whole UTC minute in every time zone of today's calendars: the day of
// an instant holds for the rest of its UTC minute.
const diaDoMinuto = new Map<string, { dia: string; inicio: number }>();

/** Today in the company's time zone, as "aaaa-mm-dd". */
export function todayISO(timeZone = DEFAULT_TIME_ZONE, now = new Date()): string {
  const inicio = now.getTime() - (((now.getTime() % 60_000) + 60_000) % 60_000);
  const visto = diaDoMinuto.get(timeZone);
  if (visto?.inicio === inicio) return visto.dia;
  const dia = toISODate(now, timeZone);
  diaDoMinuto.set(timeZone, { dia, inicio });
  return dia;
}

/** True for a real calendar day written "aaaa-mm-dd" (rejects 2026-02-30). */
export function isISODate(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * "dd/mm/aaaa". A day string is shown as written; an instant (Date or timestamp string) is
 * shown as its day in the given time zone. Empty input gives an empty string.
 */
export function formatDate(
  value: string | Date | null | undefined,
  timeZone = DEFAULT_TIME_ZONE,
): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string') {
    const match = ISO_DAY.exec(value);
    if (match) return `${match[3]}/${match[2]}/${match[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { year, month, day } = localParts(date, timeZone);
  return `${day}/${month}/${year}`;
}

/** "dd/mm/aaaa hh:mm" in the given time zone. */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone = DEFAULT_TIME_ZONE,
): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { year, month, day, hour, minute } = localParts(date, timeZone);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** Reads "dd/mm/aaaa" into "aaaa-mm-dd"; null when it is not a real day. */
export function parseDateBR(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isISODate(iso) ? iso : null;
}

/** The calendar day `days` after an "aaaa-mm-dd" day (negative goes back), as "aaaa-mm-dd". */
export function addDaysISO(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The same day `months` later (aaaa-mm-dd); a day the target month lacks becomes its last day
 * (31/01 + 1 month = 28/02), as banks date monthly installments.
 */
export function addMonthsISO(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const alvo = new Date(Date.UTC(y, m - 1 + months, 1));
  const ultimo = new Date(Date.UTC(alvo.getUTCFullYear(), alvo.getUTCMonth() + 1, 0)).getUTCDate();
  alvo.setUTCDate(Math.min(d, ultimo));
  return alvo.toISOString().slice(0, 10);
}
