import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ROLES } from '@prumo/shared/auth';
import {
  formatNumeroOs,
  OS_ANEXOS_MAX,
  OS_MESSAGES,
  ordemServicoInputSchema,
  ordemServicoListQuerySchema,
  ordemServicoListSchema,
  ordemServicoSchema,
  ordemServicoStatusSchema,
  painelOsSchema,
} from '@prumo/shared/ordens-servico';
import { idParamSchema } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { registerAnexosRoutes } from '../../http/anexos-routes';
import { notFound } from '../../http/errors';
import { sendPdf } from '../../http/pdf-reply';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  adicionarAnexos,
  alterarSituacao,
  createOrdem,
  deleteOrdem,
  getOrdem,
  lerAnexo,
  listOrdens,
  painelOrdens,
  removerAnexo,
  updateOrdem,
  type OrdemContexto,
} from './ordens-servico.repository';

/** /api/ordens-servico: service orders, for any signed-in user (spec part 2, section 6). */
export const ordensServicoRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const contexto = (request: FastifyRequest): OrdemContexto => ({
    usuario: request.user,
    timeZone: config.timeZone,
  });
  const tags = ['ordens-servico'];

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Listar ordens de serviço (mais recentes primeiro) com filtros',
        description:
          '`situacao` (ou `abertas`), `prioridade`, `prazo` (vencidas, hoje, amanha, futuras, ' +
          'sem-prazo, entre as abertas), `tecnico_id`, `cliente_id`, período de entrada e `q` ' +
          '(número, cliente ou equipamento). Total no cabeçalho X-Total-Count.',
        querystring: ordemServicoListQuerySchema,
        response: { 200: ordemServicoListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listOrdens(db, request.query, config.timeZone);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/painel',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Painel: abertas por prazo, prioridade e situação; faturamento por técnico',
        response: { 200: painelOsSchema },
      },
    },
    () => painelOrdens(db, config.timeZone),
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Ler uma ordem de serviço com linhas e histórico',
        params: idParamSchema,
        response: { 200: ordemServicoSchema },
      },
    },
    async (request) => {
      const os = await getOrdem(db, request.params.id);
      if (!os) throw notFound(OS_MESSAGES.naoEncontrada);
      return os;
    },
  );

  app.get(
    '/:id/pdf',
    {
      config: { roles: ALL_ROLES },
      schema: { tags, summary: 'Ordem de serviço em PDF (A4)', params: idParamSchema },
    },
    async (request, reply) => {
      const os = await getOrdem(db, request.params.id);
      if (!os) throw notFound(OS_MESSAGES.naoEncontrada);
      const { ordemServicoPdf } = await import('./ordens-servico.pdf');
      const pdf = await ordemServicoPdf(os, await contextoDocumento(db, config));
      return sendPdf(reply, pdf, `os-${formatNumeroOs(os.numero)}.pdf`);
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Abrir ordem de serviço (em aberto); totais calculados pelo servidor',
        body: ordemServicoInputSchema,
        response: { 201: ordemServicoSchema },
      },
    },
    async (request, reply) => {
      const os = await comAuditoria(db, request.user, (tx) =>
        createOrdem(tx, request.body, contexto(request)),
      );
      return reply.code(201).send(os);
    },
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Alterar ordem de serviço ainda em trabalho (linhas substituídas)',
        params: idParamSchema,
        body: ordemServicoInputSchema,
        response: { 200: ordemServicoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => updateOrdem(tx, request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: { tags, summary: 'Excluir ordem de serviço em aberto', params: idParamSchema },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteOrdem(tx, request.params.id));
      return reply.code(204).send();
    },
  );

  app.patch(
    '/:id/status',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Mudar a situação (concluir baixa as peças do estoque)',
        description:
          'Segue a tabela de transições; aguardando-aprovacao → em-andamento pede `aprovado_por`, ' +
          '→ entregue pede `entregue_a`. Aceita o cabeçalho Idempotency-Key.',
        params: idParamSchema,
        body: ordemServicoStatusSchema,
        response: { 200: ordemServicoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        alterarSituacao(tx, request.params.id, request.body, contexto(request)),
      ),
  );

  registerAnexosRoutes(app, db, {
    tags,
    doDocumento: 'da ordem de serviço',
    maxFiles: OS_ANEXOS_MAX,
    naoEncontrado: OS_MESSAGES.anexoNaoEncontrado,
    schema: ordemServicoSchema,
    adicionar: adicionarAnexos,
    ler: lerAnexo,
    remover: removerAnexo,
  });
};
