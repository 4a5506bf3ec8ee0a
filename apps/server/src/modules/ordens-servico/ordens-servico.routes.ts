import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ROLES } from '@prumo/shared/auth';
import { toISODate } from '@prumo/shared/dates';
import type { ColunaRelatorio } from '@prumo/shared/relatorios';
import {
  formatNumeroOs,
  OS_ANEXOS_MAX,
  OS_MESSAGES,
  ordemServicoInputSchema,
  ordemServicoListQuerySchema,
  ordemServicoListSchema,
  ordemServicoSchema,
  ordemServicoStatusSchema,
  painelOsSchema,
  PRIORIDADES_OS,
  SITUACOES_OS,
} from '@prumo/shared/ordens-servico';
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
  alterarSituacao,
  createOrdem,
  deleteOrdem,
  getOrdem,
  lerAnexo,
  listOrdens,
  painelOrdens,
  removerAnexo,
  updateOrdem,
  type OrdemContexto,
} from './ordens-servico.repository';

/** The columns of GET /api/ordens-servico/exportar: what the list shows. */
const COLUNAS_EXPORTACAO: ColunaRelatorio[] = [
  { chave: 'numero', titulo: 'Número', tipo: 'texto' },
  { chave: 'data_entrada', titulo: 'Entrada', tipo: 'data' },
  { chave: 'cliente', titulo: 'Cliente', tipo: 'texto' },
  { chave: 'equipamento', titulo: 'Equipamento', tipo: 'texto' },
  { chave: 'tecnico', titulo: 'Técnico', tipo: 'texto' },
  { chave: 'prioridade', titulo: 'Prioridade', tipo: 'texto' },
  { chave: 'situacao', titulo: 'Situação', tipo: 'texto' },
  { chave: 'prazo', titulo: 'Prazo', tipo: 'data' },
  { chave: 'valor_total', titulo: 'Valor total', tipo: 'dinheiro' },
];

/** /api/ordens-servico: service orders, for any signed-in user (spec part 2, section 6). */
export const ordensServicoRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const contexto = (request: FastifyRequest): OrdemContexto => ({
    usuario: request.user,
    timeZone: config.timeZone,
  });
  const tags = ['ordens-servico'];
  type Ordem = NonNullable<Awaited<ReturnType<typeof getOrdem>>>;
  /** The order as the customer receives it: printed (GET /:id/pdf) or by e-mail. */
  const pdf = {
    gerar: async (os: Ordem) => {
      const { ordemServicoPdf } = await import('./ordens-servico.pdf');
      return ordemServicoPdf(os, await contextoDocumento(db, config));
    },
    nome: (os: Ordem) => `os-${formatNumeroOs(os.numero)}.pdf`,
  };

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Listar ordens de serviço (mais recentes primeiro) com filtros',
        description:
          '`situacao` (ou `abertas`), `prioridade`, `prazo` (vencidas, hoje, amanha, futuras, ' +
          'sem-prazo, entre as abertas), `tecnico_id`, `cliente_id`, período de entrada e `q` ' +
          '(número, cliente ou equipamento). Total no cabeçalho X-Total-Count.',
        querystring: ordemServicoListQuerySchema,
        response: { 200: ordemServicoListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listOrdens(db, request.query, config.timeZone);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/exportar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary:
          'Exportar as ordens de serviço do filtro em CSV ou XLSX (formato=), sem limite de linhas',
        description: 'Os mesmos filtros e a mesma ordem da lista, sem `limit` nem `offset`.',
        querystring: exportacaoDaLista(ordemServicoListQuerySchema),
      },
    },
    (request, reply) => {
      const { timeZone } = config;
      return enviarLista(reply, request.query, timeZone, {
        arquivo: 'ordens-servico',
        titulo: 'Ordens de serviço',
        colunas: COLUNAS_EXPORTACAO,
        ler: async (filtro, pagina) =>
          (await listOrdens(db, { ...filtro, ...pagina }, timeZone)).items,
        linha: (os) => ({
          numero: formatNumeroOs(os.numero),
          data_entrada: toISODate(new Date(os.data_entrada), timeZone),
          cliente: os.cliente_nome,
          equipamento: os.equipamento,
          tecnico: os.tecnico_nome,
          prioridade: rotuloDe(PRIORIDADES_OS, os.prioridade),
          situacao: rotuloDe(SITUACOES_OS, os.situacao),
          prazo: os.prazo,
          valor_total: os.valor_total,
        }),
      });
    },
  );

  app.get(
    '/painel',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Painel: abertas por prazo, prioridade e situação; faturamento por técnico',
        response: { 200: painelOsSchema },
      },
    },
    () => painelOrdens(db, config.timeZone),
  );

  registerDocumentoRoutes(app, {
    db,
    auditar: comAuditoria,
    tags,
    schema: ordemServicoSchema,
    ler: getOrdem,
    naoEncontrado: OS_MESSAGES.naoEncontrada,
    get: { summary: 'Ler uma ordem de serviço com linhas e histórico' },
    pdf: { summary: 'Ordem de serviço em PDF (A4)', ...pdf },
    create: {
      summary: 'Abrir ordem de serviço (em aberto); totais calculados pelo servidor',
      body: ordemServicoInputSchema,
      gravar: (tx, body, request) => createOrdem(tx, body, contexto(request)),
    },
    update: {
      summary: 'Alterar ordem de serviço ainda em trabalho (linhas substituídas)',
      body: ordemServicoInputSchema,
      gravar: (tx, body, request) => updateOrdem(tx, request.params.id, body),
    },
    delete: { summary: 'Excluir ordem de serviço em aberto', excluir: deleteOrdem },
    status: {
      summary: 'Mudar a situação (concluir baixa as peças do estoque)',
      description:
        'Segue a tabela de transições; aguardando-aprovacao → em-andamento pede `aprovado_por`, ' +
        '→ entregue pede `entregue_a`. Aceita o cabeçalho Idempotency-Key.',
      body: ordemServicoStatusSchema,
      gravar: (tx, body, request) =>
        alterarSituacao(tx, request.params.id, body, contexto(request)),
    },
    anexos: {
      doDocumento: 'da ordem de serviço',
      maxFiles: OS_ANEXOS_MAX,
      naoEncontrado: OS_MESSAGES.anexoNaoEncontrado,
      adicionar: adicionarAnexos,
      ler: lerAnexo,
      remover: removerAnexo,
    },
  });

  app.post(
    '/:id/email',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags,
        summary: 'Enviar a ordem de serviço em PDF por e-mail (pela fila de envio)',
        description:
          '`para` omitido: o e-mail do cadastro do cliente; `mensagem`: texto acima do padrão. ' +
          'Responde o e-mail na fila (202). Aceita o cabeçalho Idempotency-Key.',
        params: idParamSchema,
        body: enviarPorEmailSchema,
        response: { 202: emailSchema },
      },
    },
    async (request, reply) => {
      const os = await getOrdem(db, request.params.id);
      if (!os) throw notFound(OS_MESSAGES.naoEncontrada);
      const cliente = await findCadastroResumo(db, os.cliente_id);
      const numero = formatNumeroOs(os.numero);
      const email = await enviarDocumentoPorEmail(db, config, request.user, request.body, {
        cliente: { email: cliente?.email ?? null, nome: os.cliente_nome },
        documento: {
          documento: `Ordem de serviço nº ${numero}`,
          documentoComArtigo: `a ordem de serviço nº ${numero}`,
        },
        anexos: async () => [
          { nome: pdf.nome(os), tipoMime: 'application/pdf', conteudo: await pdf.gerar(os) },
        ],
        referencia: `ordem-servico:${os.id}`,
      });
      return reply.code(202).send(email);
    },
  );
};
