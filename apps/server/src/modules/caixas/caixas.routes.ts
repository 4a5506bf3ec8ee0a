import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER, ALL_ROLES, hasRole } from '@prumo/shared/auth';
import {
  CAIXA_MESSAGES,
  caixaAberturaSchema,
  caixaAtualSchema,
  caixaFechamentoSchema,
  caixaListQuerySchema,
  caixaListSchema,
  caixaMovimentoInputSchema,
  caixaSchema,
} from '@prumo/shared/caixas';
import { idParamSchema } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import { sendPdf } from '../../http/pdf-reply';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  abrirCaixa,
  caixaAtual,
  fecharCaixa,
  getCaixa,
  listCaixas,
  registrarMovimento,
} from './caixas.repository';

/**
 * /api/caixas: the counter's cash drawer sessions. An operator opens, moves and closes their
 * own caixa; admins and managers list every caixa and may close anyone's.
 */
export const caixasRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/',
    {
      config: { roles: ADMIN_MANAGER },
      schema: {
        tags: ['caixas'],
        summary: 'Listar caixas (mais recentes primeiro), com total no cabeçalho X-Total-Count',
        querystring: caixaListQuerySchema,
        response: { 200: caixaListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listCaixas(db, request.query);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/atual',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['caixas'],
        summary: 'O caixa aberto de quem chama (null quando não há)',
        response: { 200: caixaAtualSchema },
      },
    },
    (request) => caixaAtual(db, request.user.id),
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['caixas'],
        summary: 'Ler um caixa com movimentos e o resumo por forma de pagamento',
        params: idParamSchema,
        response: { 200: caixaSchema },
      },
    },
    async (request) => {
      const caixa = await getCaixa(db, request.params.id);
      if (!caixa) throw notFound(CAIXA_MESSAGES.naoEncontrado);
      if (caixa.usuario_id !== request.user.id && !hasRole(request.user.role, ADMIN_MANAGER)) {
        throw forbidden(CAIXA_MESSAGES.deOutroOperador);
      }
      return caixa;
    },
  );

  app.get(
    '/:id/relatorio',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['caixas'],
        summary: 'Relatório do caixa em PDF (bobina de 80 mm)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const caixa = await getCaixa(db, request.params.id);
      if (!caixa) throw notFound(CAIXA_MESSAGES.naoEncontrado);
      if (caixa.usuario_id !== request.user.id && !hasRole(request.user.role, ADMIN_MANAGER)) {
        throw forbidden(CAIXA_MESSAGES.deOutroOperador);
      }
      const { relatorioCaixaPdf } = await import('./caixas.pdf');
      const pdf = await relatorioCaixaPdf(caixa, await contextoDocumento(db, config));
      return sendPdf(reply, pdf, `caixa-${caixa.id}.pdf`);
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags: ['caixas'],
        summary: 'Abrir o caixa de quem chama com o fundo de troco (um aberto por operador)',
        body: caixaAberturaSchema,
        response: { 201: caixaSchema },
      },
    },
    async (request, reply) => {
      const caixa = await comAuditoria(db, request.user, (tx) =>
        abrirCaixa(tx, request.user.id, request.body),
      );
      return reply.code(201).send(caixa);
    },
  );

  app.post(
    '/:id/movimentos',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags: ['caixas'],
        summary: 'Registrar sangria ou suprimento',
        params: idParamSchema,
        body: caixaMovimentoInputSchema,
        response: { 201: caixaSchema },
      },
    },
    async (request, reply) => {
      const caixa = await comAuditoria(db, request.user, (tx) =>
        registrarMovimento(tx, request.params.id, request.body, request.user),
      );
      return reply.code(201).send(caixa);
    },
  );

  app.post(
    '/:id/fechamento',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags: ['caixas'],
        summary: 'Fechar o caixa com o valor contado por forma de pagamento',
        params: idParamSchema,
        body: caixaFechamentoSchema,
        response: { 200: caixaSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        fecharCaixa(tx, request.params.id, request.body, request.user),
      ),
  );
};
