import type { FastifyReply } from 'fastify';
import { csvDaPlanilha, xlsxDaPlanilha, type Planilha } from './planilha';

/** The spreadsheet formats and their content types. */
export const TIPOS_PLANILHA = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type FormatoPlanilha = keyof typeof TIPOS_PLANILHA;

/**
 * Answers an export (a report's or a list's) as a download: the spreadsheet streamed as it is
 * written, never cached; X-Total-Count says how many rows will come when it is known up front.
 */
export function enviarPlanilha(
  reply: FastifyReply,
  formato: FormatoPlanilha,
  nome: string,
  planilha: Planilha,
  total?: number,
): FastifyReply {
  reply
    .type(TIPOS_PLANILHA[formato])
    .header('content-disposition', `attachment; filename="${nome}"`)
    .header('cache-control', 'no-store');
  if (total !== undefined) reply.header('x-total-count', String(total));
  return reply.send(formato === 'csv' ? csvDaPlanilha(planilha) : xlsxDaPlanilha(planilha));
}
