import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import {
  ASSINATURA_MESSAGES as M,
  assinaturaInputSchema,
  assinaturaResumoSchema,
  assinaturaSchema,
  assinaturasQuerySchema,
  cancelamentoAssinaturaSchema,
  configuracaoCobrancaSchema,
  metricasAssinaturasSchema,
  mudancaPlanoInputSchema,
  mudancaPlanoPreviaSchema,
  mudancaPlanoQuerySchema,
  planoInputSchema,
  planoSchema,
  planosQuerySchema,
  renovacaoResultadoSchema,
} from '@prumo/shared/contratos';
import { todayISO } from '@prumo/shared/dates';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/database';
import { notFound } from '../../http/errors';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { Agendador } from '../tarefas/tarefas.repository';
import {
  cancelarAssinatura,
  createAssinatura,
  createPlano,
  getAssinatura,
  getConfiguracaoCobranca,
  getPlano,
  listAssinaturas,
  listPlanos,
  metricasAssinaturas,
  mudarPlano,
  previaMudanca,
  salvarConfiguracaoCobranca,
  updatePlano,
} from './assinaturas.repository';
import { renovarHoje, tarefaDeRenovacao } from './renovacao.tarefa';

/**
 * /api/assinaturas: plans, subscriptions, their renewals, dunning and metrics, for admins and
 * managers (issue 31).
 */
export const assinaturasRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const roles = ADMIN_MANAGER;
  const tags = ['assinaturas'];
  const contexto = (request: FastifyRequest) => ({
    usuario: request.user,
    timeZone: config.timeZone,
  });
  const hoje = () => todayISO(config.timeZone);

  // The daily renewal, shared by every instance on the database (its lease in tarefas_agendadas).
  const agendador = new Agendador(
    db,
    [tarefaDeRenovacao(db, config)],
    config.tarefas.intervaloMs,
    (mensagem, erro) => app.log.error({ err: erro }, mensagem),
  );
  agendador.iniciar();
  app.addHook('onClose', () => agendador.parar());

  // ------------------------------------------------------------------------------ plans

  app.get(
    '/planos',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Listar planos (ativos primeiro, por nome)',
        description: '`q` (nome ou descrição), `ativo`. Total em X-Total-Count.',
        querystring: planosQuerySchema,
        response: { 200: z.array(planoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listPlanos(db, request.query);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.post(
    '/planos',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Criar plano (preço por ciclo, ciclo, dias de teste)',
        body: planoInputSchema,
        response: { 201: planoSchema },
      },
    },
    async (request, reply) => {
      const plano = await comAuditoria(db, request.user, (tx) => createPlano(tx, request.body));
      return reply.code(201).send(plano);
    },
  );

  app.get(
    '/planos/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Ler um plano',
        params: idParamSchema,
        response: { 200: planoSchema },
      },
    },
    async (request) => {
      const plano = await getPlano(db, request.params.id);
      if (!plano) throw notFound(M.planoNaoEncontrado);
      return plano;
    },
  );

  app.put(
    '/planos/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Alterar plano (as assinaturas mantêm o preço contratado)',
        params: idParamSchema,
        body: planoInputSchema,
        response: { 200: planoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => updatePlano(tx, request.params.id, request.body)),
  );

  // ------------------------------------------------------------------------------ billing

  app.get(
    '/metricas',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'MRR, ARR, assinantes e churn (por quantidade e por receita) mês a mês',
        response: { 200: metricasAssinaturasSchema },
      },
    },
    () => metricasAssinaturas(db, hoje()),
  );

  app.get(
    '/configuracao',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Regras de cobrança: carência até inadimplente e dias até suspender',
        response: { 200: configuracaoCobrancaSchema },
      },
    },
    () => getConfiguracaoCobranca(db),
  );

  app.put(
    '/configuracao',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Gravar as regras de cobrança',
        body: configuracaoCobrancaSchema,
        response: { 200: configuracaoCobrancaSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => salvarConfiguracaoCobranca(tx, request.body)),
  );

  app.post(
    '/renovar',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Renovar agora: cobrança dos atrasos e cada período devido, uma vez só',
        description:
          'Faz o que a renovação automática diária faz: lembretes e situação das faturas em ' +
          'atraso, e a conta a receber de cada período devido até hoje. Um período já faturado ' +
          '(por outro clique, pela renovação automática ou por outra instância) não é faturado de novo.',
        response: { 200: renovacaoResultadoSchema },
      },
    },
    (request) => renovarHoje(db, config, contexto(request)),
  );

  // ------------------------------------------------------------------------------ subscriptions

  app.get(
    '/',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Listar assinaturas (mais recentes primeiro)',
        description:
          '`q` (número, cliente ou plano), `situacao`, `plano_id`. Total em X-Total-Count.',
        querystring: assinaturasQuerySchema,
        response: { 200: z.array(assinaturaResumoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAssinaturas(db, request.query);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  const relida = async (leitor: Executor, id: number) => {
    const lida = await getAssinatura(leitor, id);
    if (!lida) throw notFound(M.naoEncontrada);
    return lida;
  };

  app.post(
    '/',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Assinar um plano (em teste quando o plano tem dias de teste)',
        description:
          'O que já é devido (sem teste, ou com início no passado) é faturado na hora. ' +
          'Aceita o cabeçalho Idempotency-Key.',
        body: assinaturaInputSchema,
        response: { 201: assinaturaSchema },
      },
    },
    async (request, reply) => {
      const criada = await comAuditoria(db, request.user, async (tx) =>
        relida(tx, await createAssinatura(tx, request.body, contexto(request), hoje())),
      );
      return reply.code(201).send(criada);
    },
  );

  app.get(
    '/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Ler uma assinatura com faturas e mudanças de plano',
        params: idParamSchema,
        response: { 200: assinaturaSchema },
      },
    },
    (request) => relida(db, request.params.id),
  );

  app.get(
    '/:id/mudanca-de-plano',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'A proporcionalidade de mudar de plano hoje, antes de confirmar',
        params: idParamSchema,
        querystring: mudancaPlanoQuerySchema,
        response: { 200: mudancaPlanoPreviaSchema },
      },
    },
    (request) => previaMudanca(db, request.params.id, request.query.plano_id, hoje()),
  );

  app.post(
    '/:id/mudanca-de-plano',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary:
          'Mudar de plano hoje (mesmo ciclo), cobrando ou devolvendo a diferença proporcional',
        description:
          'Os dias restantes do período são creditados pelo preço antigo e cobrados pelo novo: ' +
          'a diferença vira uma conta a receber, ou a pagar (devolução) quando negativa. Em ' +
          'teste, nada é cobrado. Aceita Idempotency-Key.',
        params: idParamSchema,
        body: mudancaPlanoInputSchema,
        response: { 200: assinaturaSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, async (tx) => {
        await mudarPlano(tx, request.params.id, request.body.plano_id, contexto(request), hoje());
        return relida(tx, request.params.id);
      }),
  );

  app.post(
    '/:id/cancelamento',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Cancelar ao fim do período ou agora',
        description:
          'Ao fim do período: segue até o fim do que já foi cobrado (ou do teste) e não renova. ' +
          'Agora: termina hoje, sem devolução do que já foi cobrado. Aceita Idempotency-Key.',
        params: idParamSchema,
        body: cancelamentoAssinaturaSchema,
        response: { 200: assinaturaSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, async (tx) => {
        await cancelarAssinatura(tx, request.params.id, request.body, contexto(request), hoje());
        return relida(tx, request.params.id);
      }),
  );
};
