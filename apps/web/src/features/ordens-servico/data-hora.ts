import { DEFAULT_TIME_ZONE, formatDateTime } from '@prumo/shared/dates';

/**
 * The order's entry and exit are instants (ISO 8601 with offset in the API); the form shows and
 * takes them as the wall clock of the company's time zone, "aaaa-mm-dd hh:mm:ss" (the value of
 * Mantine's DateTimePicker), whatever the time zone of the machine.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const BR = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;

/** The wall clock of an instant in the zone, "aaaa-mm-dd hh:mm:ss" (offsets are whole minutes). */
function relogio(instante: Date, timeZone: string): string {
  const [, d, mo, y, h, mi] = BR.exec(formatDateTime(instante, timeZone))!;
  const s = String(instante.getUTCSeconds()).padStart(2, '0');
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

/** Minutes the zone is ahead of UTC at that instant (−180 for São Paulo). */
function deslocamento(instanteMs: number, timeZone: string): number {
  const minuto = Math.floor(instanteMs / 60_000) * 60_000;
  const [, y, mo, d, h, mi] = LOCAL.exec(relogio(new Date(minuto), timeZone))!.map(Number);
  return (Date.UTC(y!, mo! - 1, d!, h!, mi!) - minuto) / 60_000;
}

/** An instant of the API shown as the company's wall clock; null stays null. */
export function isoParaLocal(
  iso: string | null | undefined,
  timeZone = DEFAULT_TIME_ZONE,
): string | null {
  if (!iso) return null;
  const instante = new Date(iso);
  return Number.isNaN(instante.getTime()) ? null : relogio(instante, timeZone);
}

/** The company's wall clock as an instant with its offset ("2026-11-23T14:30:00-03:00"). */
export function localParaIso(
  local: string | null | undefined,
  timeZone = DEFAULT_TIME_ZONE,
): string | null {
  const match = local ? LOCAL.exec(local.trim()) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '00'] = match;
  const comoUtc = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!);
  // The offset of the instant itself (twice: a guess near a change of offset may be off by one).
  let offset = deslocamento(comoUtc, timeZone);
  offset = deslocamento(comoUtc - offset * 60_000, timeZone);
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** Now on the company's wall clock, to the minute. */
export function agoraLocal(timeZone = DEFAULT_TIME_ZONE, agora = new Date()): string {
  return `${relogio(agora, timeZone).slice(0, 16)}:00`;
}
