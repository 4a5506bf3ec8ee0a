import { ADMIN_MANAGER, ALL_ROLES } from '@prumo/shared/auth';
import {
  cancelamentoResultadoSchema,
  cancelarNotaSchema,
  cartaCorrecaoSchema,
  EVENTO_CANCELAMENTO,
  EVENTO_CARTA_CORRECAO,
  eventoNfeSchema,
  eventoParamsSchema,
  eventosDaNotaSchema,
  EVENTOS_MENSAGENS,
  inutilizacaoInputSchema,
  inutilizacaoSchema,
  inutilizacoesQuerySchema,
  inutilizarNotaSchema,
  lacunasQuerySchema,
  lacunasSerieSchema,
  notaFiscalSchema,
} from '@prumo/shared/fiscal';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { sendPdf } from '../../http/pdf-reply';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import { EventosFiscais } from './eventos';
import { eventoDaNota, inutilizacao, lacunas, listarInutilizacoes } from './eventos.repository';
import { getConfiguracaoFiscal, getNota } from './fiscal.repository';
import { enviarXml } from './xml-resposta';

/** File names of an event's XML, as SEFAZ's tools name them. */
const SUFIXO_DO_EVENTO: Record<string, string> = {
  [EVENTO_CANCELAMENTO]: 'procEventoCancNFe',
  [EVENTO_CARTA_CORRECAO]: 'procCCeNFe',
};

/**
 * A note's events (issue 29) under /api/notas-fiscais/:id (cancellation, correction letters,
 * the voiding of its number, their XML and the letter's PDF) and the voiding of number ranges
 * and the séries' gaps under /api/fiscal. Cancelling and voiding are for admins and managers
 * (cancelling a finalized sale is theirs, and a voided number never comes back); a correction
 * is sent by anyone who issues notes.
 */
export const eventosFiscaisRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const eventos = new EventosFiscais(db, config);
  const tagsNota = ['notas-fiscais'];
  const tagsFiscal = ['fiscal'];

  app.get(
    '/notas-fiscais/:id/eventos',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: tagsNota,
        summary: 'Eventos da nota (cancelamento, cartas de correção) e o que cabe fazer agora',
        description:
          'Prazo de cancelamento (NF-e 24 h, NFC-e 30 min após a autorização) com os segundos ' +
          'restantes; quantas cartas de correção ainda cabem (20 por NF-e); se o número pode ser ' +
          'inutilizado. Quando não cabe, `motivo` diz por quê.',
        params: idParamSchema,
        response: { 200: eventosDaNotaSchema },
      },
    },
    (request) => eventos.situacao(request.params.id),
  );

  app.post(
    '/notas-fiscais/:id/cancelar',
    {
      config: { roles: ADMIN_MANAGER, idempotent: true },
      schema: {
        tags: tagsNota,
        summary: 'Cancelar a nota na SEFAZ (evento 110111), e a venda com ela (gerente ou admin)',
        description:
          'Justificativa de 15 a 255 caracteres, dentro do prazo. Dois pedidos ao mesmo tempo ' +
          'enviam um só evento (o outro recebe 409). Com `cancelar_venda: true`, depois que a ' +
          'SEFAZ registra o cancelamento a venda é cancelada (estoque e financeiro estornados uma ' +
          'única vez); se não puder, `aviso` diz por quê. Aceita Idempotency-Key.',
        params: idParamSchema,
        body: cancelarNotaSchema,
        response: { 200: cancelamentoResultadoSchema },
      },
    },
    (request) => eventos.cancelar(request.user, request.params.id, request.body),
  );

  app.post(
    '/notas-fiscais/:id/correcoes',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags: tagsNota,
        summary: 'Carta de correção de uma NF-e autorizada (evento 110110)',
        description:
          'Texto de 15 a 1.000 caracteres, até 20 cartas por NF-e; cada uma substitui as ' +
          'anteriores. A NFC-e não tem carta de correção. Aceita Idempotency-Key.',
        params: idParamSchema,
        body: cartaCorrecaoSchema,
        response: { 201: eventoNfeSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await eventos.corrigir(request.user, request.params.id, request.body.correcao)),
  );

  app.get(
    '/notas-fiscais/:id/eventos/:eventoId/xml',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: tagsNota,
        summary: 'Baixar o XML de um evento registrado (procEventoNFe)',
        params: eventoParamsSchema,
      },
    },
    async (request, reply) => {
      const evento = await eventoDaNota(db, request.params.id, request.params.eventoId);
      if (!evento) throw notFound(EVENTOS_MENSAGENS.eventoNaoEncontrado);
      const nota = (await getNota(db, request.params.id))!;
      const sufixo = SUFIXO_DO_EVENTO[evento.tipo_evento] ?? 'procEventoNFe';
      return enviarXml(reply, evento.xml, `${nota.chave}-${evento.sequencia}-${sufixo}.xml`);
    },
  );

  app.get(
    '/notas-fiscais/:id/correcoes/:eventoId/pdf',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: tagsNota,
        summary: 'Carta de correção em PDF, para imprimir',
        params: eventoParamsSchema,
      },
    },
    async (request, reply) => {
      const evento = await eventoDaNota(db, request.params.id, request.params.eventoId);
      if (evento?.tipo_evento !== EVENTO_CARTA_CORRECAO) {
        throw notFound(EVENTOS_MENSAGENS.correcaoNaoEncontrada);
      }
      const nota = (await getNota(db, request.params.id))!;
      // Loaded with the first letter, so the server starts without the PDF library.
      const { cartaCorrecaoPdf } = await import('./eventos.pdf');
      const pdf = await cartaCorrecaoPdf(nota, evento, await contextoDocumento(db, config));
      return sendPdf(reply, pdf, `CCe-${evento.sequencia}-${nota.chave}.pdf`);
    },
  );

  app.post(
    '/notas-fiscais/:id/inutilizar',
    {
      config: { roles: ADMIN_MANAGER, idempotent: true },
      schema: {
        tags: tagsNota,
        summary: 'Inutilizar o número de uma nota em rascunho ou rejeitada (gerente ou admin)',
        description:
          'Para a nota que não será mais transmitida: a SEFAZ inutiliza o número e a nota fica ' +
          'Inutilizada. Uma nota cujo envio ficou sem resposta é consultada antes. Aceita ' +
          'Idempotency-Key.',
        params: idParamSchema,
        body: inutilizarNotaSchema,
        response: { 200: notaFiscalSchema },
      },
    },
    (request) =>
      eventos.inutilizarNota(request.user, request.params.id, request.body.justificativa),
  );

  app.get(
    '/fiscal/inutilizacoes',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: tagsFiscal,
        summary: 'Faixas de números inutilizadas na SEFAZ (mais recentes primeiro)',
        description: 'Filtros `modelo` e `serie`; paginada, total em X-Total-Count.',
        querystring: inutilizacoesQuerySchema,
        response: { 200: z.array(inutilizacaoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listarInutilizacoes(db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/fiscal/inutilizacoes',
    {
      config: { roles: ADMIN_MANAGER, idempotent: true },
      schema: {
        tags: tagsFiscal,
        summary: 'Inutilizar uma faixa de números nunca usados (gerente ou admin)',
        description:
          'No ambiente em uso. Recusa, nomeando-os, números de alguma nota, números já ' +
          'inutilizados e números que a série ainda não alcançou. Guarda o procInutNFe. Aceita ' +
          'Idempotency-Key.',
        body: inutilizacaoInputSchema,
        response: { 201: inutilizacaoSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await eventos.inutilizarFaixa(request.user, request.body)),
  );

  app.get(
    '/fiscal/inutilizacoes/:id/xml',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: tagsFiscal,
        summary: 'Baixar o XML de uma inutilização (ProcInutNFe)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const registro = await inutilizacao(db, request.params.id);
      if (!registro) throw notFound(EVENTOS_MENSAGENS.inutilizacaoNaoEncontrada);
      const nome = `inutilizacao-${registro.modelo}-${registro.serie}-${registro.numero_inicial}-${registro.numero_final}-procInutNFe.xml`;
      return enviarXml(reply, registro.xml, nome);
    },
  );

  app.get(
    '/fiscal/lacunas',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: tagsFiscal,
        summary: 'Números pulados de cada série, para inutilizar',
        description:
          'No ambiente em uso: de 1 ao maior número usado, os que nenhuma nota tem e nenhuma ' +
          'inutilização cobre, em faixas (no máximo 500 faixas).',
        querystring: lacunasQuerySchema,
        response: { 200: z.array(lacunasSerieSchema) },
      },
    },
    async (request) => {
      const { ambiente } = await getConfiguracaoFiscal(db);
      return lacunas(db, ambiente, request.query);
    },
  );
};
