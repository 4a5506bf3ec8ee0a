import { ALL_ROLES } from '@prumo/shared/auth';
import { CAMPOS_IMPORTACAO } from '@prumo/shared/importacao';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVICO_MESSAGES,
  servicoCreateSchema,
  servicoListQuerySchema,
  servicoListSchema,
  servicoSchema,
  servicoUpdateSchema,
} from '@prumo/shared/servicos';
import { idParamSchema } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import {
  colunasDosCampos,
  enviarLista,
  exportacaoDaLista,
  linhaDosCampos,
} from '../../exportacao/listas';
import { notFound } from '../../http/errors';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  createServico,
  deleteServico,
  exportServicos,
  getServico,
  listServicos,
  updateServico,
} from './servicos.repository';
import { sendPage } from '../../http/paging';

const CAMPOS_SERVICOS = CAMPOS_IMPORTACAO.servicos;

/** /api/servicos: the service catalogue. Any signed-in user (spec part 2, section 6). */
export const servicosRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['servicos'],
        summary: 'Listar serviços (id, nome, codigoInterno, categoria, preco, duracao, ativo)',
        description:
          '`q` procura no nome e na categoria (sem diferenciar acentos); `categoria` e `ativo` ' +
          'filtram. Com `limit`, uma página a partir de `offset` e o total no cabeçalho ' +
          'X-Total-Count; sem ele, a lista inteira. `duracao` em minutos.',
        querystring: servicoListQuerySchema,
        response: { 200: servicoListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listServicos(db, request.query)),
  );

  app.get(
    '/exportar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['servicos'],
        summary: 'Exportar os serviços do filtro em CSV ou XLSX (formato=), sem limite de linhas',
        description:
          'Os mesmos filtros e a mesma ordem da lista, sem `limit` nem `offset`. As colunas são ' +
          'as da importação de serviços, escritas como ela as lê: o arquivo exportado volta ' +
          'pela importação sem mudanças.',
        querystring: exportacaoDaLista(servicoListQuerySchema),
      },
    },
    (request, reply) =>
      enviarLista(reply, request.query, config.timeZone, {
        arquivo: 'servicos',
        titulo: 'Serviços',
        colunas: colunasDosCampos(CAMPOS_SERVICOS),
        ler: (filtro, pagina) => exportServicos(db, filtro, pagina),
        linha: (servico) => linhaDosCampos(CAMPOS_SERVICOS, servico),
      }),
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['servicos'],
        summary: 'Carregar um serviço com todos os campos do formulário',
        params: idParamSchema,
        response: { 200: servicoSchema },
      },
    },
    async (request) => {
      const servico = await getServico(db, request.params.id);
      if (!servico) throw notFound(SERVICO_MESSAGES.naoEncontrado);
      return servico;
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['servicos'],
        summary: 'Cadastrar serviço (preco ou valorVenda; duracao em minutos ou "1 hora")',
        body: servicoCreateSchema,
        response: { 201: servicoSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await comAuditoria(db, request.user, (tx) => createServico(tx, request.body))),
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['servicos'],
        summary: 'Atualizar serviço (campos ausentes mantêm o valor)',
        params: idParamSchema,
        body: servicoUpdateSchema,
        response: { 200: servicoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => updateServico(tx, request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['servicos'],
        summary: 'Excluir serviço (409 EM_USO quando uma ordem de serviço ou venda o usa)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteServico(tx, request.params.id));
      return reply.code(204).send();
    },
  );
};
