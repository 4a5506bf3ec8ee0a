import type { FastifyReply } from 'fastify';

/** A list's answer: its rows, and the filter's total in X-Total-Count when a page was asked for. */
export function sendPage<Row>(
  reply: FastifyReply,
  page: { items: Row[]; total: number | undefined },
): Row[] {
  if (page.total !== undefined) reply.header('x-total-count', String(page.total));
  return page.items;
}
