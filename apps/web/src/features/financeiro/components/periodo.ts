import { formatDate } from '@prumo/shared/dates';
import { rotuloMes } from '../../../lib/meses';

/** A cash-flow period: "05/03/2026" (or "05/03", short) by day, "Mar/26" by month. */
export function rotuloPeriodo(periodo: string, curto = false): string {
  if (periodo.length === 7) return rotuloMes(periodo, true);
  return curto ? formatDate(periodo).slice(0, 5) : formatDate(periodo);
}
