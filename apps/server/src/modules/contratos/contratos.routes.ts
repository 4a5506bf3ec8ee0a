import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import {
  aFaturarQuerySchema,
  aFaturarSchema,
  cancelamentoPreviaSchema,
  cancelamentoQuerySchema,
  CONTRATO_MESSAGES,
  formatNumeroContrato,
  contratoInputSchema,
  contratoPrecosSchema,
  contratoResumoSchema,
  contratoSchema,
  contratosQuerySchema,
  contratoStatusSchema,
  contratoUpdateSchema,
  faturamentoAutomaticoSchema,
  faturamentoResultadoSchema,
  faturarSchema,
  indiceInputSchema,
  indiceParamsSchema,
  indiceSchema,
} from '@prumo/shared/contratos';
import { todayISO } from '@prumo/shared/dates';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { registerDocumentoRoutes } from '../../http/documento-routes';
import { notFound } from '../../http/errors';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import { Agendador, estadoDaTarefa, executarTarefa } from '../tarefas/tarefas.repository';
import {
  aFaturar,
  alterarSituacao,
  createContrato,
  faturarDevidos,
  getContrato,
  listContratos,
  listIndices,
  novosPrecos,
  previaCancelamento,
  removerIndice,
  salvarIndice,
  updateContrato,
} from './contratos.repository';
import { tarefaDeFaturamento, TAREFA_FATURAMENTO } from './faturamento.tarefa';

/** /api/contratos: service contracts and their billing, for admins and managers (issue 31). */
export const contratosRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const roles = ADMIN_MANAGER;
  const tags = ['contratos'];
  const contexto = (request: FastifyRequest) => ({
    usuario: request.user,
    timeZone: config.timeZone,
  });
  const ler = (leitor: Database, id: number) => getContrato(leitor, id, config.timeZone);
  const hoje = () => todayISO(config.timeZone);

  // The daily billing, shared by every instance on the database (its lease in tarefas_agendadas).
  const agendador = new Agendador(
    db,
    [tarefaDeFaturamento(db, config)],
    config.tarefas.intervaloMs,
    (mensagem, erro) => app.log.error({ err: erro }, mensagem),
  );
  agendador.iniciar();
  app.addHook('onClose', () => agendador.parar());

  app.get(
    '/',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Listar contratos (mais recentes primeiro)',
        description: '`q` (número, cliente ou descrição), `situacao`. Total em X-Total-Count.',
        querystring: contratosQuerySchema,
        response: { 200: z.array(contratoResumoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listContratos(db, request.query, config.timeZone);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/a-faturar',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Faturar hoje: os períodos devidos até a data (hoje), os atrasados inclusive',
        querystring: aFaturarQuerySchema,
        response: { 200: z.array(aFaturarSchema) },
      },
    },
    (request) => aFaturar(db, request.query.ate ?? hoje()),
  );

  app.post(
    '/faturar',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Faturar todos (ou os contratos dados): cada período uma vez só',
        description:
          'Gera a conta a receber de cada período devido até hoje. Um período já faturado (por ' +
          'outro clique, pelo faturamento automático ou por outra instância) não é faturado de novo.',
        body: faturarSchema,
        response: { 200: faturamentoResultadoSchema },
      },
    },
    (request) => faturarDevidos(db, hoje(), contexto(request), request.body.contrato_ids),
  );

  app.get(
    '/faturamento-automatico',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'A última execução do faturamento automático diário',
        response: { 200: faturamentoAutomaticoSchema },
      },
    },
    async () => {
      const estado = await estadoDaTarefa(db, TAREFA_FATURAMENTO);
      return {
        executado_em: estado?.executadaEm?.toISOString() ?? null,
        resultado: estado?.resultado ?? null,
        erro: estado?.erro ?? null,
        proximo_em: estado?.proximaEm?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/faturamento-automatico',
    {
      config: { roles: ['admin'] },
      schema: {
        tags,
        summary: 'Rodar o faturamento automático agora (admin), como o servidor faz a cada dia',
        response: { 200: z.object({ resultado: z.string().nullable() }) },
      },
    },
    async () => ({
      resultado: await executarTarefa(db, tarefaDeFaturamento(db, config), { forcar: true }),
    }),
  );

  app.get(
    '/indices',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Índices de reajuste (taxas mensais do IPCA e do IGP-M)',
        response: { 200: z.array(indiceSchema) },
      },
    },
    () => listIndices(db),
  );

  app.put(
    '/indices',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Gravar a taxa de um mês de um índice',
        body: indiceInputSchema,
        response: { 200: indiceSchema },
      },
    },
    (request) => comAuditoria(db, request.user, (tx) => salvarIndice(tx, request.body)),
  );

  app.delete(
    '/indices/:indice/:mes',
    {
      config: { roles },
      schema: { tags, summary: 'Excluir a taxa de um mês', params: indiceParamsSchema },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) =>
        removerIndice(tx, request.params.indice, request.params.mes),
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/:id/cancelamento',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'A multa de fidelidade de um cancelamento na data (hoje), antes de confirmar',
        params: idParamSchema,
        querystring: cancelamentoQuerySchema,
        response: { 200: cancelamentoPreviaSchema },
      },
    },
    (request) => previaCancelamento(db, request.params.id, request.query.data ?? hoje()),
  );

  type Contrato = NonNullable<Awaited<ReturnType<typeof getContrato>>>;
  const relido = async (id: number) => {
    const lido = await ler(db, id);
    if (!lido) throw notFound(CONTRATO_MESSAGES.naoEncontrado);
    return lido;
  };

  app.post(
    '/:id/precos',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Novo preço a partir de uma data (o anterior fica no histórico até a véspera)',
        params: idParamSchema,
        body: contratoPrecosSchema,
        response: { 200: contratoSchema },
      },
    },
    async (request) => {
      await comAuditoria(db, request.user, (tx) =>
        novosPrecos(tx, request.params.id, request.body),
      );
      return relido(request.params.id);
    },
  );

  registerDocumentoRoutes(app, {
    db,
    auditar: comAuditoria,
    tags,
    roles,
    schema: contratoSchema,
    ler,
    naoEncontrado: CONTRATO_MESSAGES.naoEncontrado,
    get: { summary: 'Ler um contrato com preços, faturas e reajustes' },
    pdf: {
      summary: 'Contrato em PDF (A4)',
      gerar: async (contrato: Contrato) => {
        const { contratoPdf } = await import('./contratos.pdf');
        return contratoPdf(contrato, await contextoDocumento(db, config));
      },
      nome: (contrato: Contrato) => `contrato-${formatNumeroContrato(contrato.numero)}.pdf`,
    },
    create: {
      summary: 'Criar contrato de serviço (Ativo)',
      description: 'Aceita o cabeçalho Idempotency-Key.',
      body: contratoInputSchema,
      gravar: async (tx, body, request) => {
        const id = await createContrato(tx, body, contexto(request));
        return (await getContrato(tx, id, config.timeZone))!;
      },
    },
    update: {
      summary: 'Alterar contrato (os preços mudam por …/precos)',
      description: 'Com faturas, início, periodicidade e dia de faturamento não mudam (409).',
      body: contratoUpdateSchema,
      gravar: async (tx, body, request) => {
        await updateContrato(tx, request.params.id, body);
        return (await getContrato(tx, request.params.id, config.timeZone))!;
      },
    },
    status: {
      summary: 'Suspender, retomar ou cancelar (com a multa de fidelidade)',
      description:
        'Suspender e cancelar faturam antes o que já era devido; retomar pula os períodos da ' +
        'suspensão; cancelar pede `motivo` e aceita `data` (hoje). Aceita Idempotency-Key.',
      body: contratoStatusSchema,
      gravar: async (tx, body, request) => {
        await alterarSituacao(tx, request.params.id, body, contexto(request));
        return (await getContrato(tx, request.params.id, config.timeZone))!;
      },
    },
  });
};
