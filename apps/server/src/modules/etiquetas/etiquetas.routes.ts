import { ALL_ROLES } from '@prumo/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ETIQUETA_MESSAGES,
  etiquetaInputSchema,
  etiquetaListQuerySchema,
  etiquetaListSchema,
  etiquetaParaModelo,
  etiquetaSchema,
  imprimirEtiquetasSchema,
  MAX_ETIQUETAS_POR_ARQUIVO,
  modeloDoPreset,
  type ImprimirEtiquetas,
} from '@prumo/shared/etiquetas';
import { TABELA_PRECO_MESSAGES } from '@prumo/shared/precos';
import { idParamSchema } from '@prumo/shared/validation';
import type { Database } from '../../db/database';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { badRequest, notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import { sendPdf } from '../../http/pdf-reply';
import { getCategoria } from '../categorias/categorias.repository';
import { produtosAtivosDaCategoria, produtosParaEtiquetas } from '../produtos/produtos.repository';
import { precosAtivosNaTabela } from '../tabelas-precos/precos.repository';
import { tabelaPrecoExists } from '../tabelas-precos/tabelas-precos.repository';
import {
  createEtiqueta,
  deleteEtiqueta,
  getEtiqueta,
  getModeloEtiqueta,
  listEtiquetas,
  updateEtiqueta,
} from './etiquetas.repository';
import type { ProdutoEtiqueta } from './etiquetas.pdf';
import { sendPage } from '../../http/paging';

type ProdutoImpressao = Awaited<ReturnType<typeof produtosParaEtiquetas>>[number];

/** The products of a print request with how many labels each, in the order to print. */
async function produtosDoPedido(db: Database, pedido: ImprimirEtiquetas) {
  if (pedido.itens && pedido.itens.length > 0) {
    const ids = [...new Set(pedido.itens.map((item) => item.produto_id))];
    const byId = new Map(
      (await produtosParaEtiquetas(db, ids)).map((produto) => [produto.id, produto]),
    );
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) {
      const message = `Produto não encontrado (código ${missing}).`;
      throw badRequest(message, { itens: message });
    }
    return pedido.itens.map((item) => ({
      produto: byId.get(item.produto_id)!,
      quantidade: item.quantidade,
    }));
  }
  const categoriaId = pedido.categoria_id!;
  if (!(await getCategoria(db, categoriaId))) {
    const message = 'Grupo de produtos não encontrado.';
    throw badRequest(message, { categoria_id: message });
  }
  const rows = await produtosAtivosDaCategoria(db, categoriaId);
  if (rows.length === 0) {
    throw badRequest(ETIQUETA_MESSAGES.semProdutos, {
      categoria_id: ETIQUETA_MESSAGES.semProdutos,
    });
  }
  if (rows.length * pedido.quantidade_por_produto > MAX_ETIQUETAS_POR_ARQUIVO) {
    throw badRequest(ETIQUETA_MESSAGES.excessoEtiquetas, {
      quantidade_por_produto: ETIQUETA_MESSAGES.excessoEtiquetas,
    });
  }
  return rows.map((produto) => ({ produto, quantidade: pedido.quantidade_por_produto }));
}

/** The price printed: the product's price in the chosen table when active there, else its own. */
async function precosDoPedido(
  db: Database,
  pedido: ImprimirEtiquetas,
  produtos: ProdutoImpressao[],
): Promise<Map<number, number>> {
  if (pedido.tabela_preco_id == null) return new Map();
  if (!(await tabelaPrecoExists(db, pedido.tabela_preco_id))) {
    throw badRequest(TABELA_PRECO_MESSAGES.naoEncontrada, {
      tabela_preco_id: TABELA_PRECO_MESSAGES.naoEncontrada,
    });
  }
  return precosAtivosNaTabela(
    db,
    pedido.tabela_preco_id,
    produtos.map((produto) => produto.id),
  );
}

/** /api/etiquetas: label templates and printing. Any signed-in user. */
export const etiquetasRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['etiquetas'],
        summary: 'Listar modelos de etiqueta',
        querystring: etiquetaListQuerySchema,
        response: { 200: etiquetaListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listEtiquetas(db, request.query)),
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['etiquetas'],
        summary: 'Ler um modelo de etiqueta',
        params: idParamSchema,
        response: { 200: etiquetaSchema },
      },
    },
    async (request) => {
      const etiqueta = await getEtiqueta(db, request.params.id);
      if (!etiqueta) throw notFound(ETIQUETA_MESSAGES.naoEncontrada);
      return etiqueta;
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['etiquetas'],
        summary: 'Criar modelo de etiqueta (campos em camelCase; resposta em snake_case)',
        body: etiquetaInputSchema,
        response: { 201: etiquetaSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await comAuditoria(db, request.user, (tx) => createEtiqueta(tx, request.body))),
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      preValidation: mantemOmitidos(
        etiquetaInputSchema,
        porId(async (id) => {
          const etiqueta = await getEtiqueta(db, id);
          return etiqueta && etiquetaParaModelo(etiqueta);
        }),
      ),
      schema: {
        tags: ['etiquetas'],
        summary: 'Atualizar modelo de etiqueta',
        params: idParamSchema,
        body: etiquetaInputSchema,
        response: { 200: etiquetaSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => updateEtiqueta(tx, request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['etiquetas'],
        summary: 'Excluir modelo de etiqueta',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteEtiqueta(tx, request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/imprimir',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['etiquetas'],
        summary: 'Gerar o PDF das etiquetas (modelo ou folha Pimaco, produtos ou grupo)',
        description:
          'Responde application/pdf. Códigos de barras EAN-13 para GTIN-13 válidos e Code 128 ' +
          'para os demais (o código de barras do produto, ou o código interno). O preço é o da ' +
          'tabela escolhida quando o produto tem preço ativo nela; senão, o preço do produto. ' +
          'posicao_inicial pula as etiquetas já usadas da primeira folha.',
        body: imprimirEtiquetasSchema,
      },
    },
    async (request, reply) => {
      const pedido = request.body;
      const modelo =
        pedido.etiqueta_id != null
          ? await getModeloEtiqueta(db, pedido.etiqueta_id)
          : modeloDoPreset(pedido.modelo!);
      if (!modelo) throw notFound(ETIQUETA_MESSAGES.naoEncontrada);
      const itens = await produtosDoPedido(db, pedido);
      const precos = await precosDoPedido(
        db,
        pedido,
        itens.map((item) => item.produto),
      );
      const etiquetas: ProdutoEtiqueta[] = [];
      for (const { produto, quantidade } of itens) {
        const etiqueta: ProdutoEtiqueta = {
          nome: produto.nome,
          codigoInterno: produto.codigoInterno,
          codigoBarras: produto.codigoBarras,
          preco: precos.get(produto.id) ?? produto.preco,
        };
        for (let copy = 0; copy < quantidade; copy++) etiquetas.push(etiqueta);
      }
      // The PDF libraries load on the first print only.
      const { gerarPdfEtiquetas } = await import('./etiquetas.pdf');
      const { pdf, posicoes } = await gerarPdfEtiquetas(modelo, etiquetas, pedido.posicao_inicial);
      reply
        .header('x-total-etiquetas', String(etiquetas.length))
        .header('x-total-paginas', String((posicoes.at(-1)?.pagina ?? 0) + 1));
      return sendPdf(reply, pdf, 'etiquetas.pdf', 'attachment');
    },
  );
};
