import { ALL_ROLES } from '@prumo/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ESTOQUE_MESSAGES,
  movimentacaoInputSchema,
  movimentacaoListQuerySchema,
  movimentacaoListSchema,
  movimentacaoSavedSchema,
  movimentacaoSchema,
  TIPOS_MOVIMENTACAO,
} from '@prumo/shared/estoque';
import { produtoListQuerySchema } from '@prumo/shared/produtos';
import type { ColunaRelatorio } from '@prumo/shared/relatorios';
import { idParamSchema } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { enviarLista, exportacaoDaLista, rotuloDe } from '../../exportacao/listas';
import { notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import { exportProdutos } from '../produtos/produtos.repository';
import {
  createMovimentacao,
  getMovimentacao,
  listMovimentacoes,
  updateMovimentacao,
} from './estoque.repository';

/** The columns of GET /api/estoque/movimentacoes/exportar: what the history shows. */
const COLUNAS_MOVIMENTACOES: ColunaRelatorio[] = [
  { chave: 'data', titulo: 'Data', tipo: 'data' },
  { chave: 'produto', titulo: 'Produto', tipo: 'texto' },
  { chave: 'tipo', titulo: 'Tipo', tipo: 'texto' },
  { chave: 'quantidade', titulo: 'Quantidade', tipo: 'numero' },
  { chave: 'unidade', titulo: 'Unidade', tipo: 'texto' },
  { chave: 'motivo', titulo: 'Motivo', tipo: 'texto' },
  { chave: 'observacoes', titulo: 'Observações', tipo: 'texto' },
  { chave: 'usuario', titulo: 'Usuário', tipo: 'texto' },
];

/** The columns of GET /api/estoque/exportar: the stock screen's table. */
const COLUNAS_ESTOQUE: ColunaRelatorio[] = [
  { chave: 'codigo_interno', titulo: 'Código', tipo: 'texto' },
  { chave: 'nome', titulo: 'Produto', tipo: 'texto' },
  { chave: 'codigo_barras', titulo: 'Código de barras', tipo: 'texto' },
  { chave: 'grupo', titulo: 'Grupo', tipo: 'texto' },
  { chave: 'unidade_medida', titulo: 'Unidade', tipo: 'texto' },
  { chave: 'estoque', titulo: 'Estoque', tipo: 'numero' },
  { chave: 'estoque_minimo', titulo: 'Estoque mínimo', tipo: 'numero' },
  { chave: 'custo', titulo: 'Preço de custo', tipo: 'dinheiro' },
  { chave: 'preco', titulo: 'Preço de venda', tipo: 'dinheiro' },
];

/** /api/estoque: the stock ledger. Any signed-in user (spec part 2, section 6). */
export const estoqueRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/movimentacoes',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['estoque'],
        summary:
          'Listar movimentações (mais recentes primeiro; filtros por produto, tipo e período)',
        description:
          'Página de até `limit` linhas (padrão 100, máximo 500) a partir de `offset`; o total de ' +
          'linhas do filtro vem no cabeçalho X-Total-Count. `de` e `ate` são datas aaaa-mm-dd.',
        querystring: movimentacaoListQuerySchema,
        response: { 200: movimentacaoListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listMovimentacoes(db, request.query);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/exportar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['estoque'],
        summary:
          'Exportar o estoque dos produtos do filtro em CSV ou XLSX (formato=), sem limite de linhas',
        description:
          'A tela de estoque é o catálogo lido pelos filtros de estoque: os mesmos filtros e a ' +
          'mesma ordem de GET /api/produtos, sem `limit` nem `offset`.',
        querystring: exportacaoDaLista(produtoListQuerySchema),
      },
    },
    (request, reply) =>
      enviarLista(reply, request.query, config.timeZone, {
        arquivo: 'estoque',
        titulo: 'Estoque',
        colunas: COLUNAS_ESTOQUE,
        ler: (filtro, pagina) => exportProdutos(db, filtro, pagina),
        linha: (p) => ({
          codigo_interno: p.codigo_interno,
          nome: p.nome,
          codigo_barras: p.codigo_barras,
          grupo: p.grupo,
          unidade_medida: p.unidade_medida,
          estoque: Number(p.estoque),
          estoque_minimo: Number(p.estoque_minimo),
          custo: Number(p.custo),
          preco: Number(p.preco),
        }),
      }),
  );

  app.get(
    '/movimentacoes/exportar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['estoque'],
        summary:
          'Exportar as movimentações do filtro em CSV ou XLSX (formato=), sem limite de linhas',
        description: 'Os mesmos filtros e a mesma ordem da lista, sem `limit` nem `offset`.',
        querystring: exportacaoDaLista(movimentacaoListQuerySchema),
      },
    },
    (request, reply) =>
      enviarLista(reply, request.query, config.timeZone, {
        arquivo: 'movimentacoes-estoque',
        titulo: 'Movimentações de estoque',
        colunas: COLUNAS_MOVIMENTACOES,
        ler: async (filtro, pagina) =>
          (await listMovimentacoes(db, { ...filtro, ...pagina })).items,
        linha: (m) => ({
          data: m.data,
          produto: m.produto_nome,
          tipo: rotuloDe(TIPOS_MOVIMENTACAO, m.tipo),
          quantidade: m.quantidade,
          unidade: m.unidade_medida,
          motivo: m.motivo,
          observacoes: m.observacoes,
          usuario: m.usuario_nome,
        }),
      }),
  );

  app.get(
    '/movimentacoes/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['estoque'],
        summary: 'Ler uma movimentação',
        params: idParamSchema,
        response: { 200: movimentacaoSchema },
      },
    },
    async (request) => {
      const movimentacao = await getMovimentacao(db, request.params.id);
      if (!movimentacao) throw notFound(ESTOQUE_MESSAGES.movimentacaoNaoEncontrada);
      return movimentacao;
    },
  );

  app.post(
    '/movimentacoes',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags: ['estoque'],
        summary: 'Registrar movimentação (entrada ou saída) e atualizar o estoque do produto',
        description:
          'Uma saída maior que o estoque disponível, ou de um produto que não movimenta estoque, ' +
          'é recusada (409) sem alterar nada. Sem `data`, vale a data de hoje.',
        body: movimentacaoInputSchema,
        response: { 201: movimentacaoSavedSchema },
      },
    },
    async (request, reply) => {
      const saved = await comAuditoria(db, request.user, (tx) =>
        createMovimentacao(tx, request.body, {
          usuarioId: request.user.id,
          usuarioNome: request.user.nome,
          timeZone: config.timeZone,
        }),
      );
      return reply.code(201).send(saved);
    },
  );

  app.put(
    '/movimentacoes/:id',
    {
      config: { roles: ALL_ROLES },
      preValidation: mantemOmitidos(
        movimentacaoInputSchema,
        porId((id) => getMovimentacao(db, id)),
      ),
      schema: {
        tags: ['estoque'],
        summary: 'Editar movimentação: o estoque é ajustado pela diferença',
        description:
          'Desfaz o efeito anterior e aplica o novo numa só transação (também ao trocar o produto ' +
          'ou o tipo); recusada (409) se algum estoque ficaria negativo.',
        params: idParamSchema,
        body: movimentacaoInputSchema,
        response: { 200: movimentacaoSavedSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        updateMovimentacao(tx, request.params.id, request.body, {
          usuarioId: request.user.id,
          timeZone: config.timeZone,
        }),
      ),
  );
};
