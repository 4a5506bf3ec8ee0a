import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import {
  calendarioQuerySchema,
  calendarioSchema,
  formatNumeroLocacao,
  itemLocavelInputSchema,
  itemLocavelSchema,
  itemLocavelUpdateSchema,
  itensLocaveisQuerySchema,
  LOCACAO_MESSAGES,
  locacaoInputSchema,
  locacaoResumoSchema,
  locacaoSchema,
  locacoesContagemSchema,
  locacoesQuerySchema,
  locacaoStatusSchema,
  type Locacao,
} from '@prumo/shared/contratos';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { registerDocumentoRoutes } from '../../http/documento-routes';
import { notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import {
  alterarSituacao,
  calendario,
  contagemLocacoes,
  createItemLocavel,
  createLocacao,
  getItemLocavel,
  getLocacao,
  listItensLocaveis,
  listLocacoes,
  updateItemLocavel,
  updateLocacao,
} from './locacoes.repository';

/** /api/locacoes: equipment rentals and the rentable items, for admins and managers (issue 31). */
export const locacoesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const roles = ADMIN_MANAGER;
  const tags = ['locacoes'];
  const contexto = (request: FastifyRequest) => ({
    usuario: request.user,
    timeZone: config.timeZone,
  });
  const ler = (leitor: Database, id: number) => getLocacao(leitor, id, config.timeZone);

  app.get(
    '/',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Listar locações (mais recentes primeiro)',
        description:
          '`q` (número ou cliente), `situacao`, `atrasadas=true` (retiradas e com a devolução ' +
          'prevista já passada). Total em X-Total-Count.',
        querystring: locacoesQuerySchema,
        response: { 200: z.array(locacaoResumoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listLocacoes(db, request.query, config.timeZone);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/resumo',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Quantas locações estão reservadas, retiradas e atrasadas',
        response: { 200: locacoesContagemSchema },
      },
    },
    () => contagemLocacoes(db, config.timeZone),
  );

  app.get(
    '/calendario',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Calendário do mês: cada unidade e as locações que a ocupam em cada dia',
        querystring: calendarioQuerySchema,
        response: { 200: calendarioSchema },
      },
    },
    (request) => calendario(db, request.query.mes, config.timeZone),
  );

  app.get(
    '/itens',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Itens para locação (produtos com preços por dia, semana e mês e suas unidades)',
        description:
          '`q` (nome do produto), `ativo`; com `retirada` e `devolucao`, cada item diz quantas ' +
          'unidades estão livres no período. Total em X-Total-Count.',
        querystring: itensLocaveisQuerySchema,
        response: { 200: z.array(itemLocavelSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listItensLocaveis(db, request.query);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  const itemRelido = async (id: number) => {
    const item = await getItemLocavel(db, id);
    if (!item) throw notFound(LOCACAO_MESSAGES.itemNaoEncontrado);
    return item;
  };

  app.get(
    '/itens/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Ler um item para locação',
        params: idParamSchema,
        response: { 200: itemLocavelSchema },
      },
    },
    (request) => itemRelido(request.params.id),
  );

  app.post(
    '/itens',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Tornar um produto item para locação, com preços e unidades',
        body: itemLocavelInputSchema,
        response: { 201: itemLocavelSchema },
      },
    },
    async (request, reply) => {
      const id = await comAuditoria(db, request.user, (tx) => createItemLocavel(tx, request.body));
      return reply.code(201).send(await itemRelido(id));
    },
  );

  app.put(
    '/itens/:id',
    {
      config: { roles },
      preValidation: mantemOmitidos(
        itemLocavelUpdateSchema,
        porId(async (id) => {
          const item = await getItemLocavel(db, id);
          return item && { ...item, unidades: item.unidades.filter((u) => u.ativo) };
        }),
      ),
      schema: {
        tags,
        summary: 'Alterar preços (para as próximas locações) e unidades de um item',
        description: 'Uma unidade deixada de fora sai de serviço (as locações passadas a mantêm).',
        params: idParamSchema,
        body: itemLocavelUpdateSchema,
        response: { 200: itemLocavelSchema },
      },
    },
    async (request) => {
      await comAuditoria(db, request.user, (tx) =>
        updateItemLocavel(tx, request.params.id, request.body),
      );
      return itemRelido(request.params.id);
    },
  );

  registerDocumentoRoutes(app, {
    db,
    auditar: comAuditoria,
    tags,
    roles,
    schema: locacaoSchema,
    ler,
    naoEncontrado: LOCACAO_MESSAGES.naoEncontrada,
    get: { summary: 'Ler uma locação com itens, unidades e cobranças' },
    pdf: {
      summary: 'Contrato de locação em PDF (A4)',
      gerar: async (locacao: Locacao) => {
        const { locacaoPdf } = await import('./locacoes.pdf');
        return locacaoPdf(locacao, await contextoDocumento(db, config));
      },
      nome: (locacao: Locacao) => `locacao-${formatNumeroLocacao(locacao.numero)}.pdf`,
    },
    create: {
      summary: 'Reservar uma locação (as unidades ficam reservadas no período)',
      description:
        'Unidades escolhidas ou as primeiras livres de cada item; uma unidade já reservada em ' +
        'algum dia do período responde 409 UNIDADE_INDISPONIVEL. Aceita o cabeçalho Idempotency-Key.',
      body: locacaoInputSchema,
      gravar: async (tx, body, request) => {
        const id = await createLocacao(tx, body, contexto(request));
        return (await getLocacao(tx, id, config.timeZone))!;
      },
    },
    update: {
      summary: 'Alterar uma locação reservada (as unidades são reservadas de novo)',
      body: locacaoInputSchema,
      gravar: async (tx, body, request) => {
        await updateLocacao(tx, request.params.id, body);
        return (await getLocacao(tx, request.params.id, config.timeZone))!;
      },
    },
    status: {
      summary: 'Retirada (check-out), devolução (check-in) ou cancelamento',
      description:
        'Retirada: as unidades saem do estoque e o aluguel do período e a caução vão para o ' +
        'Financeiro. Devolvida: voltam ao estoque; os dias de atraso são cobrados pela diária e a ' +
        'caução é devolvida menos os `danos`. `data`: hoje quando omitida. Cancelada (só reservada) ' +
        'pede `motivo`. Aceita Idempotency-Key.',
      body: locacaoStatusSchema,
      gravar: async (tx, body, request) => {
        await alterarSituacao(tx, request.params.id, body, contexto(request));
        return (await getLocacao(tx, request.params.id, config.timeZone))!;
      },
    },
  });
};
