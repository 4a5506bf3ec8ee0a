import { ADMIN_MANAGER } from '@prumo/shared/auth';
import {
  ENTRADAS_MENSAGENS,
  entradaConfirmarSchema,
  entradaNfeResumoSchema,
  entradaNfeSchema,
  entradaPreviaSchema,
  entradasNfeQuerySchema,
} from '@prumo/shared/fiscal';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { badRequest, notFound, validationError, zodIssues } from '../../http/errors';
import { readMultipartForm, type UploadRule } from '../../http/multipart';
import { confirmarEntrada, lerNotaDeEntrada, previaDaEntrada } from './entradas';
import { getEntrada, listEntradas, xmlDaEntrada } from './entradas.repository';
import { enviarXml } from './xml-resposta';

/** The supplier's nfeProc: one .xml (its content is checked, not its type). */
const XML_RULE: UploadRule = { field: 'xml', label: 'XML da NF-e', maxFiles: 1 };

/** The uploaded note (checked and read) and the form's `dados` JSON. */
async function notaEnviada(request: FastifyRequest, db: Database, config: Config) {
  const { data, files } = await readMultipartForm(request, [XML_RULE]);
  const arquivo = files[0];
  if (!arquivo) {
    throw badRequest(ENTRADAS_MENSAGENS.arquivo, { xml: ENTRADAS_MENSAGENS.arquivo });
  }
  return { data, nota: await lerNotaDeEntrada(db, config, arquivo.conteudo) };
}

/**
 * /api/entradas-nfe (issue 29, item 5): purchases entered from the supplier's NF-e XML. The
 * preview and the confirmation take the same multipart upload; nothing is kept between them.
 * Admins and managers: an entry writes payables.
 */
export const entradasNfeRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['entradas-nfe'];
  const roles = ADMIN_MANAGER;

  app.get(
    '/',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Entradas por XML de compra, mais recentes primeiro',
        description:
          '`q` busca pela chave, pelo número ou pelo fornecedor (nome ou CNPJ); `de`/`ate` pelo ' +
          'dia do lançamento. Total em X-Total-Count.',
        querystring: entradasNfeQuerySchema,
        response: { 200: z.array(entradaNfeResumoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listEntradas(db, request.query, config.timeZone);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Entrada com itens, movimentações de estoque e títulos a pagar',
        params: idParamSchema,
        response: { 200: entradaNfeSchema },
      },
    },
    async (request) => {
      const entrada = await getEntrada(db, request.params.id);
      if (!entrada) throw notFound(ENTRADAS_MENSAGENS.naoEncontrada);
      return entrada;
    },
  );

  app.get(
    '/:id/xml',
    {
      config: { roles },
      schema: { tags, summary: 'Baixar o XML (nfeProc) da nota lançada', params: idParamSchema },
    },
    async (request, reply) => {
      const entrada = await xmlDaEntrada(db, request.params.id);
      if (!entrada) throw notFound(ENTRADAS_MENSAGENS.naoEncontrada);
      return enviarXml(reply, entrada.xml, `${entrada.chave}-procNFe.xml`);
    },
  );

  app.post(
    '/previa',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Conferir o XML de uma compra e propor o produto de cada item',
        description:
          'multipart/form-data com `xml` (o nfeProc do fornecedor). Confere esquema, assinatura, ' +
          'autorização, destinatário e se a chave já foi lançada; nada é gravado.',
        consumes: ['multipart/form-data'],
        response: { 200: entradaPreviaSchema },
      },
    },
    async (request) => previaDaEntrada(db, (await notaEnviada(request, db, config)).nota),
  );

  app.post(
    '/',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Lançar a compra: estoque, custos e contas a pagar numa só transação',
        description:
          'multipart/form-data com o mesmo `xml` e `dados` = {"itens": [{"n_item", "produto_id" ' +
          '(null cria o produto a partir do item), "fator"}]}. A mesma chave duas vezes é ' +
          'recusada (409). Aceita Idempotency-Key.',
        consumes: ['multipart/form-data'],
        response: { 201: entradaNfeSchema },
      },
    },
    async (request, reply) => {
      const { data, nota } = await notaEnviada(request, db, config);
      const dados = entradaConfirmarSchema.safeParse(data);
      if (!dados.success) throw validationError(zodIssues(dados.error));
      const id = await confirmarEntrada(db, request.user, config, nota, dados.data);
      return reply.code(201).send((await getEntrada(db, id))!);
    },
  );
};
