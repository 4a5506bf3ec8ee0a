import type { FastifyRequest } from 'fastify';
import { ALL_ROLES } from '@prumo/shared/auth';
import { CAMPOS_IMPORTACAO } from '@prumo/shared/importacao';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_FOTOS_PRODUTO,
  produtoCreateSchema,
  produtoFotoParamsSchema,
  produtoFotoSchema,
  produtoListQuerySchema,
  produtoListSchema,
  produtoSchema,
  produtoSearchItemSchema,
  produtoSearchQuerySchema,
  produtoUpdateSchema,
} from '@prumo/shared/produtos';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import {
  colunasDosCampos,
  enviarLista,
  exportacaoDaLista,
  linhaDosCampos,
} from '../../exportacao/listas';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { badRequest, notFound } from '../../http/errors';
import {
  IMAGE_TYPES,
  readMultipartForm,
  sendArquivo,
  type UploadedFile,
  type UploadRule,
} from '../../http/multipart';
import {
  addFotos,
  createProduto,
  deleteFoto,
  deleteProduto,
  exportProdutos,
  FOTO_NOT_FOUND,
  getFoto,
  getProdutoJson,
  listProdutosJson,
  PRODUTO_NOT_FOUND,
  produtoExists,
  searchProdutos,
  updateProduto,
} from './produtos.repository';

/** Product photos: JPG, PNG, GIF or WebP by content, 5 MB each, at most 10 per product. */
const FOTOS_RULE: UploadRule = {
  field: 'fotos',
  label: 'Fotos',
  maxFiles: MAX_FOTOS_PRODUTO,
  allowedTypes: [IMAGE_TYPES.jpeg, IMAGE_TYPES.png, IMAGE_TYPES.gif, IMAGE_TYPES.webp],
};

const CAMPOS_PRODUTOS = CAMPOS_IMPORTACAO.produtos;

/** Files of a multipart create, read before validation so the JSON part is checked as a body. */
const uploadsOf = new WeakMap<FastifyRequest, UploadedFile[]>();

/**
 * POST /api/produtos also takes multipart/form-data: the record as JSON in "dados" and photos in
 * "fotos". The JSON becomes the body, validated by the same schema as a JSON request.
 */
async function readMultipartCreate(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const { data, files } = await readMultipartForm(request, [FOTOS_RULE]);
  request.body = data;
  uploadsOf.set(request, files);
}

/** /api/produtos: the catalogue. Any signed-in user (spec part 2, section 6). */
export const produtosRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Listar produtos (registro da seção 3.1, com categoria_nome e foto_id)',
        description:
          '`q` procura no nome, no código interno e no código de barras (sem diferenciar ' +
          'acentos nem maiúsculas). Filtros: `categoria_id`, `ativo`, `movimenta_estoque`, ' +
          '`abaixo_minimo` (estoque no mínimo ou abaixo), `sem_estoque` (estoque zerado). ' +
          '`sort` (nome, codigo, preco, estoque, estoque_minimo, categoria) e `order` (asc, ' +
          'desc); por padrão, pelo nome. Com `limit` (até 500), uma página a partir de `offset` ' +
          'e o total no cabeçalho X-Total-Count; sem ele, todos os produtos encontrados.',
        querystring: produtoListQuerySchema,
        response: { 200: produtoListSchema },
      },
    },
    // The database writes the JSON (see listProdutosJson); the schema documents it.
    // A JSON string is sent as it is (Fastify does not serialise strings with a JSON type).
    async (request, reply) => {
      const { data, total } = await listProdutosJson(db, request.query);
      if (total !== undefined) reply.header('x-total-count', String(total));
      return reply.type('application/json').send(data as never);
    },
  );

  app.get(
    '/exportar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Exportar os produtos do filtro em CSV ou XLSX (formato=), sem limite de linhas',
        description:
          'Os mesmos filtros e a mesma ordem da lista, sem `limit` nem `offset`. As colunas são ' +
          'as da importação de produtos, escritas como ela as lê: o arquivo exportado volta ' +
          'pela importação sem mudanças.',
        querystring: exportacaoDaLista(produtoListQuerySchema),
      },
    },
    (request, reply) =>
      enviarLista(reply, request.query, config.timeZone, {
        arquivo: 'produtos',
        titulo: 'Produtos',
        colunas: colunasDosCampos(CAMPOS_PRODUTOS),
        ler: (filtro, pagina) => exportProdutos(db, filtro, pagina),
        linha: (produto) => linhaDosCampos(CAMPOS_PRODUTOS, produto),
      }),
  );

  // Before '/:id' so that "search" is never taken for an id.
  app.get(
    '/search',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary:
          'Sugestões de produtos por nome, código de barras ou código interno (mínimo 2 caracteres, até 20, por relevância)',
        querystring: produtoSearchQuerySchema,
        response: { 200: z.array(produtoSearchItemSchema) },
      },
    },
    (request) => searchProdutos(db, request.query.q),
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Ler um produto com todos os campos e a lista de fotos',
        params: idParamSchema,
        response: { 200: produtoSchema },
      },
    },
    // The database writes the JSON (see getProdutoJson); the schema documents it.
    async (request, reply) => {
      const produto = await getProdutoJson(db, request.params.id);
      if (produto === undefined) throw notFound(PRODUTO_NOT_FOUND);
      return reply.type('application/json').send(produto as never);
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES },
      preValidation: readMultipartCreate,
      schema: {
        tags: ['produtos'],
        summary: 'Cadastrar produto',
        description:
          'JSON, ou multipart/form-data com o JSON no campo "dados" e até 10 fotos no campo "fotos" ' +
          '(JPG, PNG, GIF ou WebP, 5 MB cada). custo_final e valor_venda_sugerido são calculados.',
        body: produtoCreateSchema,
        response: { 201: produtoSchema },
      },
    },
    async (request, reply) => {
      const produto = await comAuditoria(db, request.user, (tx) =>
        createProduto(tx, request.body, uploadsOf.get(request) ?? [], request.user.id),
      );
      return reply.code(201).send(produto);
    },
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Atualizar produto (campos omitidos mantêm o valor; nome é obrigatório)',
        params: idParamSchema,
        body: produtoUpdateSchema,
        response: { 200: produtoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        updateProduto(tx, request.params.id, request.body, request.user.id),
      ),
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Excluir produto e suas fotos',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteProduto(tx, request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/:id/fotos',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Adicionar fotos (multipart, campo "fotos"; JPG, PNG, GIF ou WebP, 5 MB cada)',
        params: idParamSchema,
        response: { 201: z.array(produtoFotoSchema) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw badRequest('Envie as fotos como multipart/form-data no campo "fotos".');
      }
      if (!(await produtoExists(db, request.params.id))) throw notFound(PRODUTO_NOT_FOUND);
      const { files } = await readMultipartForm(request, [FOTOS_RULE]);
      if (files.length === 0) {
        throw badRequest('Selecione ao menos uma foto.', { fotos: 'Selecione ao menos uma foto' });
      }
      return reply
        .code(201)
        .send(await comAuditoria(db, request.user, (tx) => addFotos(tx, request.params.id, files)));
    },
  );

  app.get(
    '/:id/fotos/:fotoId',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Conteúdo de uma foto do produto',
        params: produtoFotoParamsSchema,
      },
    },
    async (request, reply) => {
      const foto = await getFoto(db, request.params.id, request.params.fotoId);
      if (!foto) throw notFound(FOTO_NOT_FOUND);
      return sendArquivo(reply, foto, { inline: true });
    },
  );

  app.delete(
    '/:id/fotos/:fotoId',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['produtos'],
        summary: 'Remover uma foto do produto',
        params: produtoFotoParamsSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) =>
        deleteFoto(tx, request.params.id, request.params.fotoId),
      );
      return reply.code(204).send();
    },
  );
};
