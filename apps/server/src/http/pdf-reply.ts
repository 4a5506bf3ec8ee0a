import type { FastifyReply } from 'fastify';

/**
 * Answers a generated PDF: shown in the browser (inline) or downloaded (attachment), never
 * cached, since a document reflects the record at the moment it is printed.
 */
export function sendPdf(
  reply: FastifyReply,
  pdf: Uint8Array,
  nome: string,
  disposicao: 'inline' | 'attachment' = 'inline',
) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${disposicao}; filename="${nome}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf));
}
