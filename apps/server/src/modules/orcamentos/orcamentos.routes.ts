import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ROLES } from '@prumo/shared/auth';
import type { ColunaRelatorio } from '@prumo/shared/relatorios';
import {
  formatNumeroOrcamento,
  ORCAMENTO_ANEXOS_MAX,
  ORCAMENTO_MESSAGES,
  orcamentoConversaoSchema,
  orcamentoConverterSchema,
  orcamentoInputSchema,
  orcamentoListQuerySchema,
  orcamentoListSchema,
  orcamentoSchema,
  orcamentoStatusSchema,
  statusOrcamentoLabel,
  TIPOS_ORCAMENTO,
} from '@prumo/shared/orcamentos';
import { emailSchema, enviarPorEmailSchema } from '@prumo/shared/emails';
import { idParamSchema } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { enviarLista, exportacaoDaLista, rotuloDe } from '../../exportacao/listas';
import { registerDocumentoRoutes } from '../../http/documento-routes';
import { notFound } from '../../http/errors';
import { findCadastroResumo } from '../cadastros/cadastros.repository';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { enviarDocumentoPorEmail } from '../emails/emails.repository';
import {
  adicionarAnexos,
  alterarStatusOrcamento,
  converterOrcamento,
  createOrcamento,
  deleteOrcamento,
  duplicarOrcamento,
  getOrcamento,
  lerAnexo,
  listOrcamentos,
  removerAnexo,
  updateOrcamento,
  type OrcamentoContexto,
} from './orcamentos.repository';

/** The columns of GET /api/orcamentos/exportar: what the list shows. */
const COLUNAS_EXPORTACAO: ColunaRelatorio[] = [
  { chave: 'numero', titulo: 'Número', tipo: 'texto' },
  { chave: 'data', titulo: 'Data', tipo: 'data' },
  { chave: 'cliente', titulo: 'Cliente', tipo: 'texto' },
  { chave: 'tipo', titulo: 'Tipo', tipo: 'texto' },
  { chave: 'responsavel', titulo: 'Responsável', tipo: 'texto' },
  { chave: 'validade', titulo: 'Validade', tipo: 'data' },
  { chave: 'status', titulo: 'Status', tipo: 'texto' },
  { chave: 'valor_total', titulo: 'Valor total', tipo: 'dinheiro' },
];

/** /api/orcamentos: quotes, for any signed-in user (spec part 2, section 6). */
export const orcamentosRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const contexto = (request: FastifyRequest): OrcamentoContexto => ({
    usuario: request.user,
    timeZone: config.timeZone,
    descontoLimite: config.vendas.descontoLimite,
  });
  const tags = ['orcamentos'];
  type Orcamento = NonNullable<Awaited<ReturnType<typeof getOrcamento>>>;
  /** The quote as the customer receives it: printed (GET /:id/pdf) or by e-mail. */
  const pdf = {
    gerar: async (orcamento: Orcamento) => {
      const { orcamentoPdf } = await import('./orcamentos.pdf');
      return orcamentoPdf(orcamento, await contextoDocumento(db, config));
    },
    nome: (orcamento: Orcamento) => `orcamento-${formatNumeroOrcamento(orcamento.numero)}.pdf`,
  };

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Listar orçamentos (mais recentes primeiro) com filtros',
        description:
          '`status` (expirado = pendente com validade vencida, no calendário da empresa), `tipo`, ' +
          '`aba` (produtos: com produtos; servicos: com serviços), período da data e `q` (número, ' +
          'cliente ou responsável). Total no cabeçalho X-Total-Count.',
        querystring: orcamentoListQuerySchema,
        response: { 200: orcamentoListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listOrcamentos(db, request.query, config.timeZone);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/exportar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Exportar os orçamentos do filtro em CSV ou XLSX (formato=), sem limite de linhas',
        description: 'Os mesmos filtros e a mesma ordem da lista, sem `limit` nem `offset`.',
        querystring: exportacaoDaLista(orcamentoListQuerySchema),
      },
    },
    (request, reply) => {
      const { timeZone } = config;
      return enviarLista(reply, request.query, timeZone, {
        arquivo: 'orcamentos',
        titulo: 'Orçamentos',
        colunas: COLUNAS_EXPORTACAO,
        ler: async (filtro, pagina) =>
          (await listOrcamentos(db, { ...filtro, ...pagina }, timeZone)).items,
        linha: (o) => ({
          numero: formatNumeroOrcamento(o.numero),
          data: o.data,
          cliente: o.cliente_nome,
          tipo: rotuloDe(TIPOS_ORCAMENTO, o.tipo),
          responsavel: o.responsavel,
          validade: o.data_vencimento,
          status: statusOrcamentoLabel(o.status),
          valor_total: o.valor_total,
        }),
      });
    },
  );

  registerDocumentoRoutes(app, {
    db,
    auditar: comAuditoria,
    tags,
    schema: orcamentoSchema,
    ler: (leitor, id) => getOrcamento(leitor, id, config.timeZone),
    naoEncontrado: ORCAMENTO_MESSAGES.naoEncontrado,
    get: { summary: 'Ler um orçamento com linhas, parcelas, anexos e histórico' },
    pdf: { summary: 'Orçamento em PDF (A4), como o cliente recebe', ...pdf },
    create: {
      summary: 'Criar orçamento (rascunho); totais, tipo e vencimento calculados pelo servidor',
      body: orcamentoInputSchema,
      gravar: (tx, body, request) => createOrcamento(tx, body, contexto(request)),
    },
    update: {
      summary: 'Alterar orçamento em rascunho ou pendente (linhas e parcelas substituídas)',
      body: orcamentoInputSchema,
      gravar: (tx, body, request) =>
        updateOrcamento(tx, request.params.id, body, contexto(request)),
    },
    delete: {
      summary: 'Excluir orçamento ainda não convertido',
      excluir: (tx, id) => deleteOrcamento(tx, id, config.timeZone),
    },
    status: {
      summary: 'Enviar (pendente), aprovar ou rejeitar',
      description:
        'rascunho → pendente → aprovado ou rejeitado. Um pendente vencido lê-se expirado e não ' +
        'muda mais. Aceita o cabeçalho Idempotency-Key.',
      body: orcamentoStatusSchema,
      gravar: (tx, body, request) =>
        alterarStatusOrcamento(tx, request.params.id, body, contexto(request)),
    },
    anexos: {
      doDocumento: 'do orçamento',
      maxFiles: ORCAMENTO_ANEXOS_MAX,
      naoEncontrado: ORCAMENTO_MESSAGES.anexoNaoEncontrado,
      adicionar: (tx, id, files) => adicionarAnexos(tx, id, files, config.timeZone),
      ler: lerAnexo,
      remover: removerAnexo,
    },
  });

  app.post(
    '/:id/duplicar',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Duplicar como novo rascunho com a data de hoje',
        params: idParamSchema,
        response: { 201: orcamentoSchema },
      },
    },
    async (request, reply) => {
      const copia = await comAuditoria(db, request.user, (tx) =>
        duplicarOrcamento(tx, request.params.id, contexto(request)),
      );
      return reply.code(201).send(copia);
    },
  );

  app.post(
    '/:id/converter',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Converter orçamento aprovado em venda pendente e/ou ordem de serviço',
        description:
          'Os produtos viram uma venda Pendente e os serviços uma O.S. em aberto, com os valores ' +
          'orçados, numa só transação; uma vez só. `cliente_id` para o orçamento de um cliente ' +
          'não cadastrado, `forma_pagamento` opcional (sem ela nem a do orçamento, a venda ' +
          'Pendente recebe a forma antes de ser finalizada), `autorizacao` para um desconto ' +
          'acima do limite. Corpo vazio converte o orçamento como está. Aceita o cabeçalho ' +
          'Idempotency-Key.',
        params: idParamSchema,
        body: orcamentoConverterSchema,
        response: { 200: orcamentoConversaoSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        converterOrcamento(tx, request.params.id, request.body, contexto(request)),
      ),
  );

  app.post(
    '/:id/email',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Enviar o orçamento em PDF por e-mail (pela fila de envio)',
        description:
          '`para` omitido: o e-mail do cadastro do cliente; `mensagem`: texto acima do padrão. ' +
          'Responde o e-mail na fila (202). Aceita o cabeçalho Idempotency-Key.',
        params: idParamSchema,
        body: enviarPorEmailSchema,
        response: { 202: emailSchema },
      },
    },
    async (request, reply) => {
      const orcamento = await getOrcamento(db, request.params.id, config.timeZone);
      if (!orcamento) throw notFound(ORCAMENTO_MESSAGES.naoEncontrado);
      const cliente = orcamento.cliente_id
        ? await findCadastroResumo(db, orcamento.cliente_id)
        : undefined;
      const numero = formatNumeroOrcamento(orcamento.numero);
      const email = await enviarDocumentoPorEmail(db, config, request.user, request.body, {
        cliente: { email: cliente?.email ?? null, nome: orcamento.cliente_nome },
        documento: {
          documento: `Orçamento nº ${numero}`,
          documentoComArtigo: `o orçamento nº ${numero}`,
        },
        anexos: async () => [
          {
            nome: pdf.nome(orcamento),
            tipoMime: 'application/pdf',
            conteudo: await pdf.gerar(orcamento),
          },
        ],
        referencia: `orcamento:${orcamento.id}`,
      });
      return reply.code(202).send(email);
    },
  );
};
