import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ROLES } from '@prumo/shared/auth';
import {
  formatNumeroOrcamento,
  ORCAMENTO_ANEXOS_MAX,
  ORCAMENTO_MESSAGES,
  orcamentoConversaoSchema,
  orcamentoConverterSchema,
  orcamentoInputSchema,
  orcamentoListQuerySchema,
  orcamentoListSchema,
  orcamentoSchema,
  orcamentoStatusSchema,
} from '@prumo/shared/orcamentos';
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
  alterarStatusOrcamento,
  converterOrcamento,
  createOrcamento,
  deleteOrcamento,
  duplicarOrcamento,
  getOrcamento,
  lerAnexo,
  listOrcamentos,
  removerAnexo,
  updateOrcamento,
  type OrcamentoContexto,
} from './orcamentos.repository';

/** /api/orcamentos: quotes, for any signed-in user (spec part 2, section 6). */
export const orcamentosRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const contexto = (request: FastifyRequest): OrcamentoContexto => ({
    usuario: request.user,
    timeZone: config.timeZone,
    descontoLimite: config.vendas.descontoLimite,
  });
  const tags = ['orcamentos'];

  const carregar = async (id: number) => {
    const orcamento = await getOrcamento(db, id, config.timeZone);
    if (!orcamento) throw notFound(ORCAMENTO_MESSAGES.naoEncontrado);
    return orcamento;
  };

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Listar orçamentos (mais recentes primeiro) com filtros',
        description:
          '`status` (expirado = pendente com validade vencida, no calendário da empresa), `tipo`, ' +
          '`aba` (produtos: com produtos; servicos: com serviços), período da data e `q` (número, ' +
          'cliente ou responsável). Total no cabeçalho X-Total-Count.',
        querystring: orcamentoListQuerySchema,
        response: { 200: orcamentoListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listOrcamentos(db, request.query, config.timeZone);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Ler um orçamento com linhas, parcelas, anexos e histórico',
        params: idParamSchema,
        response: { 200: orcamentoSchema },
      },
    },
    (request) => carregar(request.params.id),
  );

  app.get(
    '/:id/pdf',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Orçamento em PDF (A4), como o cliente recebe',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const orcamento = await carregar(request.params.id);
      const { orcamentoPdf } = await import('./orcamentos.pdf');
      const pdf = await orcamentoPdf(orcamento, await contextoDocumento(db, config));
      const nome = `orcamento-${formatNumeroOrcamento(orcamento.numero)}.pdf`;
      return sendPdf(reply, pdf, nome);
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Criar orçamento (rascunho); totais, tipo e vencimento calculados pelo servidor',
        body: orcamentoInputSchema,
        response: { 201: orcamentoSchema },
      },
    },
    async (request, reply) => {
      const orcamento = await comAuditoria(db, request.user, (tx) =>
        createOrcamento(tx, request.body, contexto(request)),
      );
      return reply.code(201).send(orcamento);
    },
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Alterar orçamento em rascunho ou pendente (linhas e parcelas substituídas)',
        params: idParamSchema,
        body: orcamentoInputSchema,
        response: { 200: orcamentoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        updateOrcamento(tx, request.params.id, request.body, contexto(request)),
      ),
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: { tags, summary: 'Excluir orçamento ainda não convertido', params: idParamSchema },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) =>
        deleteOrcamento(tx, request.params.id, config.timeZone),
      );
      return reply.code(204).send();
    },
  );

  app.patch(
    '/:id/status',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Enviar (pendente), aprovar ou rejeitar',
        description:
          'rascunho → pendente → aprovado ou rejeitado. Um pendente vencido lê-se expirado e não ' +
          'muda mais. Aceita o cabeçalho Idempotency-Key.',
        params: idParamSchema,
        body: orcamentoStatusSchema,
        response: { 200: orcamentoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        alterarStatusOrcamento(tx, request.params.id, request.body, contexto(request)),
      ),
  );

  app.post(
    '/:id/duplicar',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Duplicar como novo rascunho com a data de hoje',
        params: idParamSchema,
        response: { 201: orcamentoSchema },
      },
    },
    async (request, reply) => {
      const copia = await comAuditoria(db, request.user, (tx) =>
        duplicarOrcamento(tx, request.params.id, contexto(request)),
      );
      return reply.code(201).send(copia);
    },
  );

  app.post(
    '/:id/converter',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Converter orçamento aprovado em venda pendente e/ou ordem de serviço',
        description:
          'Os produtos viram uma venda Pendente e os serviços uma O.S. em aberto, com os valores ' +
          'orçados, numa só transação; uma vez só. `cliente_id` para o orçamento de um cliente ' +
          'não cadastrado, `forma_pagamento` quando o orçamento não tem, `autorizacao` para um ' +
          'desconto acima do limite. Aceita o cabeçalho Idempotency-Key.',
        params: idParamSchema,
        body: orcamentoConverterSchema,
        response: { 200: orcamentoConversaoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        converterOrcamento(tx, request.params.id, request.body, contexto(request)),
      ),
  );

  registerAnexosRoutes(app, db, {
    tags,
    doDocumento: 'do orçamento',
    maxFiles: ORCAMENTO_ANEXOS_MAX,
    naoEncontrado: ORCAMENTO_MESSAGES.anexoNaoEncontrado,
    schema: orcamentoSchema,
    adicionar: (tx, id, files) => adicionarAnexos(tx, id, files, config.timeZone),
    ler: lerAnexo,
    remover: removerAnexo,
  });
};
