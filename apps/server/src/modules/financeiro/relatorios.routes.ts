import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER, ALL_ROLES } from '@prumo/shared/auth';
import {
  dashboardSchema,
  dreQuerySchema,
  dreSchema,
  fluxoCaixaQuerySchema,
  fluxoCaixaSchema,
} from '@prumo/shared/financeiro';
import { z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { dashboard, dre, dreCsv, fluxoCaixa, nomeArquivoDre } from './relatorios.repository';

/** /api/financeiro/fluxo-caixa and /api/financeiro/dre: admins and managers. */
export const relatoriosRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['financeiro'];

  app.get(
    '/fluxo-caixa',
    {
      config: { roles: ADMIN_MANAGER },
      schema: {
        tags,
        summary: 'Fluxo de caixa realizado e previsto, por dia ou mês, com saldo inicial',
        description:
          'Realizado: baixas não estornadas pela data; previsto: saldo das parcelas em aberto ' +
          'pelo vencimento. Sem `conta_id` as transferências ficam de fora (somam zero); com ' +
          'ela contam, e o previsto fica zerado. Padrão: o mês corrente.',
        querystring: fluxoCaixaQuerySchema,
        response: { 200: fluxoCaixaSchema },
      },
    },
    (request) => fluxoCaixa(db, request.query, config.timeZone),
  );

  app.get(
    '/dre',
    {
      config: { roles: ADMIN_MANAGER },
      schema: {
        tags,
        summary: 'DRE gerencial por mês (padrão: os últimos 6 meses); formato=csv para o Excel',
        querystring: dreQuerySchema,
        // The CSV is text (sent as is); the JSON is the report.
        response: { 200: z.union([dreSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const relatorio = await dre(db, request.query, config.timeZone);
      if (request.query.formato === 'json') return relatorio;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nomeArquivoDre(relatorio)}"`)
        .header('cache-control', 'no-store')
        .send(dreCsv(relatorio));
    },
  );
};

/** /api/dashboard: any signed-in user; the finance figures only for admins and managers. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['dashboard'],
        summary: 'Painel inicial: a receber/pagar, fluxo, contas, vendas por categoria, calendário',
        response: { 200: dashboardSchema },
      },
    },
    (request) => dashboard(db, request.user.role, config.timeZone),
  );
};
