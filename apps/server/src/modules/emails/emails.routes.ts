import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '@prumo/shared/auth';
import {
  configuracaoEmailSchema,
  configuracaoEmailUpdateSchema,
  emailSchema,
  emailsQuerySchema,
  emailTesteRespostaSchema,
  emailTesteSchema,
} from '@prumo/shared/emails';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { mantemOmitidos } from '../../http/put-parcial';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  getConfiguracaoEmail,
  listEmails,
  reenviarEmail,
  salvarConfiguracaoSmtp,
} from './emails.repository';
import { ServicoEmail } from './emails.service';

/**
 * /api/configuracoes/email (admins): the company's mail server, its password kept encrypted and
 * never answered, and a test e-mail sent at once. Starts the outbox's worker.
 */
export const configuracaoEmailRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
}> = async (app, { db, config }) => {
  const tags = ['configuracoes'];
  const servico = new ServicoEmail(db, config, (mensagem, erro) => app.log.error(erro, mensagem));
  servico.iniciar();
  app.addHook('onClose', () => servico.parar());

  app.get(
    '/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Servidor de e-mail (SMTP) da empresa, sem a senha (admin)',
        response: { 200: configuracaoEmailSchema },
      },
    },
    () => getConfiguracaoEmail(db, config),
  );

  app.put(
    '/',
    {
      config: { roles: ADMIN_ONLY },
      preValidation: mantemOmitidos(configuracaoEmailUpdateSchema, async () => {
        const {
          configurado: _c,
          senha_definida: _s,
          ...atual
        } = await getConfiguracaoEmail(db, config);
        return atual;
      }),
      schema: {
        tags,
        summary: 'Salvar o servidor de e-mail (admin)',
        description:
          'Servidor, porta, segurança (starttls, tls ou nenhuma), usuário, senha, remetente e o ' +
          'envio automático da nota autorizada ao cliente. `senha` omitida ou em branco mantém a ' +
          'guardada (cifrada, nunca respondida); `null` a remove.',
        body: configuracaoEmailUpdateSchema,
        response: { 200: configuracaoEmailSchema },
      },
    },
    async (request) => {
      const { senha, ...dados } = request.body;
      const senhaCifrada = senha ? servico.cifrar(senha) : senha === null ? null : undefined;
      await comAuditoria(db, request.user, (tx) => salvarConfiguracaoSmtp(tx, dados, senhaCifrada));
      return getConfiguracaoEmail(db, config);
    },
  );

  app.post(
    '/teste',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Enviar agora um e-mail de teste com o servidor salvo (admin)',
        description:
          'Não passa pela fila: responde o envio ou o erro do servidor de e-mail (409), em português.',
        body: emailTesteSchema,
        response: { 200: emailTesteRespostaSchema },
      },
    },
    async (request) => ({ mensagem: await servico.enviarTeste(request.body.para) }),
  );
};

/** /api/emails (admins): the outbox, to follow what was sent and send again what failed. */
export const emailsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db },
) => {
  const tags = ['emails'];

  app.get(
    '/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'E-mails enviados, na fila e não enviados, mais recentes primeiro (admin)',
        description:
          '`situacao`, `q` (destinatário ou assunto), `limit`/`offset`; total em X-Total-Count.',
        querystring: emailsQuerySchema,
        response: { 200: z.array(emailSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listEmails(db, request.query);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.post(
    '/:id/reenviar',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Pôr de volta na fila um e-mail não enviado (admin)',
        params: idParamSchema,
        response: { 200: emailSchema },
      },
    },
    (request) => comAuditoria(db, request.user, (tx) => reenviarEmail(tx, request.params.id)),
  );
};
