import type { FastifyReply } from 'fastify';

const DECLARACAO = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * Answers a fiscal XML (procEventoNFe, ProcInutNFe) as a download named `nome`, never cached,
 * with the XML declaration in front when the stored document lacks it.
 */
export function enviarXml(reply: FastifyReply, xml: string, nome: string) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${nome}"`)
    .header('cache-control', 'no-store')
    .send(xml.startsWith('<?xml') ? xml : `${DECLARACAO}${xml}`);
}
