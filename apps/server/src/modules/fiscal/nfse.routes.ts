import { ADMIN_MANAGER, ALL_ROLES } from '@prumo/shared/auth';
import {
  NFSE_EMISSAO_MENSAGENS,
  cancelarNfseSchema,
  emitirNfseSchema,
  nfseResumoSchema,
  nfseSchema,
  nfsesQuerySchema,
} from '@prumo/shared/fiscal';
import { emailSchema, enviarPorEmailSchema } from '@prumo/shared/emails';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { sendPdf } from '../../http/pdf-reply';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import { getNfse, listNfses, nfseRow } from './nfse.repository';
import { ServicoNfse } from './nfse/emissao-nfse';
import { enviarXml } from './xml-resposta';
import { enviarNfsePorEmail } from './nfse/nfse-email';

/**
 * /api/nfse (issue 30): national NFS-e of concluded service orders and finished appointments.
 * Anyone who concludes an order issues its NFS-e; cancelling is for admins and managers.
 */
export const nfseRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['nfse'];
  const servico = new ServicoNfse(db, config);
  app.addHook('onClose', () => servico.parar());

  const existente = async (id: number) => {
    const nota = await nfseRow(db, id);
    if (!nota) throw notFound(NFSE_EMISSAO_MENSAGENS.naoEncontrada);
    return nota;
  };

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'NFS-e, mais recentes primeiro',
        description:
          '`q`: chave, número (da NFS-e, da DPS ou da ordem), nome ou CPF/CNPJ do tomador. ' +
          'Total em X-Total-Count.',
        querystring: nfsesQuerySchema,
        response: { 200: z.array(nfseResumoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listNfses(db, request.query, config.timeZone);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'NFS-e com sua linha do tempo',
        params: idParamSchema,
        response: { 200: nfseSchema },
      },
    },
    async (request) => {
      const nota = await getNfse(db, request.params.id);
      if (!nota) throw notFound(NFSE_EMISSAO_MENSAGENS.naoEncontrada);
      return nota;
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Emitir a NFS-e de uma ordem de serviço ou de um agendamento concluído',
        description:
          'Uma NFS-e por código de tributação nacional dos serviços. Pedida de novo, responde as ' +
          'que existem (200). Aceita Idempotency-Key.',
        body: emitirNfseSchema,
        response: { 200: z.array(nfseSchema), 201: z.array(nfseSchema) },
      },
    },
    async (request, reply) => {
      const { notas, criadas } = await servico.emitir(request.user, request.body);
      return reply.code(criadas ? 201 : 200).send(notas);
    },
  );

  app.post(
    '/:id/transmitir',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Transmitir de novo uma NFS-e em rascunho ou rejeitada',
        description: 'Depois de um envio sem resposta, consulta antes a DPS pelo seu Id.',
        params: idParamSchema,
        response: { 200: nfseSchema },
      },
    },
    (request) => servico.transmitir(request.user, request.params.id),
  );

  app.post(
    '/:id/cancelar',
    {
      config: { roles: ADMIN_MANAGER },
      schema: {
        tags,
        summary: 'Cancelar a NFS-e (evento 101101) com motivo e justificativa',
        params: idParamSchema,
        body: cancelarNfseSchema,
        response: { 200: nfseSchema },
      },
    },
    (request) => servico.cancelar(request.user, request.params.id, request.body),
  );

  app.get(
    '/:id/xml',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Baixar o XML da NFS-e (ou da DPS, antes de gerada)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const nota = await existente(request.params.id);
      const xml = nota.xmlNfse ?? nota.xmlDps;
      if (!xml) throw notFound(NFSE_EMISSAO_MENSAGENS.xmlIndisponivel);
      return enviarXml(reply, xml, nota.chave ? `NFSe-${nota.chave}.xml` : `${nota.idDps}.xml`);
    },
  );

  app.get(
    '/:id/danfse',
    {
      config: { roles: ALL_ROLES },
      schema: { tags, summary: 'DANFSe (A4) em PDF', params: idParamSchema },
    },
    async (request, reply) => {
      const nota = await existente(request.params.id);
      if (!nota.xmlNfse || !nota.chave) throw notFound(NFSE_EMISSAO_MENSAGENS.xmlIndisponivel);
      // Loaded with the first print, so the server starts without the layout.
      const { danfsePdf } = await import('./nfse/danfse');
      const pdf = await danfsePdf(nota.xmlNfse, await contextoDocumento(db, config));
      return sendPdf(reply, pdf, `DANFSe-${nota.chave}.pdf`);
    },
  );

  app.post(
    '/:id/email',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Enviar a NFS-e por e-mail: XML e DANFSe (pela fila de envio)',
        description:
          '`para` omitido: o e-mail do cadastro do cliente da ordem ou do agendamento. Responde o ' +
          'e-mail na fila (202). Aceita o cabeçalho Idempotency-Key.',
        params: idParamSchema,
        body: enviarPorEmailSchema,
        response: { 202: emailSchema },
      },
    },
    async (request, reply) => {
      const email = await enviarNfsePorEmail(
        db,
        config,
        request.user,
        request.params.id,
        request.body,
      );
      return reply.code(202).send(email);
    },
  );
};
