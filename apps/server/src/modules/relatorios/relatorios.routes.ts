import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER, ALL_ROLES } from '@prumo/shared/auth';
import { todayISO } from '@prumo/shared/dates';
import {
  analyticsQuerySchema,
  analyticsSchema,
  exportacaoQuerySchema,
  RELATORIO_MESSAGES as M,
  relatorioQuerySchema,
  relatorioRespostaSchema,
  relatorioResumoSchema,
  type LinhaRelatorio,
} from '@prumo/shared/relatorios';
import { z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { linhaDeTotais } from '../../exportacao/planilha';
import { enviarPlanilha } from '../../exportacao/resposta';
import { badRequest } from '../../http/errors';
import { sendPdf } from '../../http/pdf-reply';
import { metricasAssinaturas } from '../assinaturas/assinaturas.repository';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import { analytics } from './analytics';
import { descreverFiltros } from './filtros';
import { CATALOGO } from './relatorios.catalogo';
import {
  colunasDo,
  lerFiltros,
  lotesDoRelatorio,
  paginaDoRelatorio,
  resumo,
  totaisDoRelatorio,
} from './relatorios.repository';

/** The most rows a report's PDF prints (a few hundred pages); CSV and XLSX have no limit. */
export const PDF_LINHAS_MAX = 5_000;

/**
 * /api/relatorios: the catalogue (the reports the user's role may run), and per report its page
 * of rows (GET /api/relatorios/{id}) and its export (GET /api/relatorios/{id}/exportar). Each
 * report is its own route, so its roles stand in the authorization matrix: the finance reports
 * and the ones that show margins or other sellers' figures are for admins and managers.
 */
export const relatoriosRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['relatorios'];
  const contexto = { timeZone: config.timeZone };

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Catálogo de relatórios que o papel do usuário pode abrir',
        response: { 200: z.array(relatorioResumoSchema) },
      },
    },
    (request) => CATALOGO.filter((r) => r.papeis.includes(request.user.role)).map(resumo),
  );

  for (const relatorio of CATALOGO) {
    app.get(
      `/${relatorio.id}`,
      {
        config: { roles: relatorio.papeis },
        schema: {
          tags,
          summary: `${relatorio.titulo}: uma página de linhas e os totais do filtro`,
          description: relatorio.definicao,
          querystring: relatorioQuerySchema,
          response: { 200: relatorioRespostaSchema },
        },
      },
      (request) =>
        paginaDoRelatorio(db, relatorio, lerFiltros(relatorio, request.query, contexto), contexto),
    );

    app.get(
      `/${relatorio.id}/exportar`,
      {
        config: { roles: relatorio.papeis },
        schema: {
          tags,
          summary: `${relatorio.titulo} em CSV, XLSX ou PDF (formato=), na ordem pedida`,
          description:
            'CSV e XLSX são escritos aos poucos, sem limite de linhas; X-Total-Count diz quantas ' +
            `linhas virão. O PDF imprime até ${PDF_LINHAS_MAX.toLocaleString('pt-BR')} linhas.`,
          querystring: exportacaoQuerySchema,
        },
      },
      async (request, reply) => {
        const filtros = lerFiltros(relatorio, request.query, contexto);
        const [totais, descricao] = await Promise.all([
          totaisDoRelatorio(db, relatorio, filtros, contexto),
          descreverFiltros(db, relatorio, filtros),
        ]);
        const { formato } = request.query;
        const colunas = colunasDo(relatorio, filtros);
        const nome = `${relatorio.id}-${filtros.de}-a-${filtros.ate}.${formato}`;
        const lotes = lotesDoRelatorio(db, relatorio, filtros, contexto);
        if (formato === 'pdf') {
          const linhas: LinhaRelatorio[] = [];
          for await (const lote of lotes) {
            linhas.push(...lote);
            if (linhas.length > PDF_LINHAS_MAX) {
              const mensagem = M.pdfGrande(PDF_LINHAS_MAX.toLocaleString('pt-BR'));
              throw badRequest(mensagem, { formato: mensagem });
            }
          }
          const { relatorioPdf } = await import('../../pdf/relatorio');
          const pdf = await relatorioPdf(
            {
              titulo: relatorio.titulo,
              definicao: relatorio.definicao,
              filtros: descricao,
              colunas,
              linhas,
              totais: colunas.some((c) => c.somar) ? linhaDeTotais(colunas, totais.somas) : null,
            },
            await contextoDocumento(db, config),
          );
          return sendPdf(reply, pdf, nome, 'attachment');
        }
        const planilha = {
          titulo: relatorio.titulo,
          colunas,
          lotes,
          totais: totais.somas,
          filtros: [
            ['Relatório', relatorio.titulo] as const,
            ...descricao,
            ['Definição', relatorio.definicao] as const,
          ],
        };
        return enviarPlanilha(reply, formato, nome, planilha, totais.linhas);
      },
    );
  }
};

/**
 * /api/analytics: the owner's numbers (admins and managers), each one read through the report
 * that shows it in /relatorios; MRR from the subscriptions.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const contexto = { timeZone: config.timeZone };
  app.get(
    '/',
    {
      config: { roles: ADMIN_MANAGER },
      schema: {
        tags: ['relatorios'],
        summary: 'Indicadores do período, do período anterior e do mesmo período do ano passado',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema },
      },
    },
    (request) =>
      analytics(db, request.query, contexto, async () => {
        const metricas = await metricasAssinaturas(db, todayISO(config.timeZone));
        return metricas.assinantes > 0 ? metricas.mrr : null;
      }),
  );
};
