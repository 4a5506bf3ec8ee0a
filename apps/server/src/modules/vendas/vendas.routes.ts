import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ROLES } from '@prumo/shared/auth';
import { toISODate } from '@prumo/shared/dates';
import type { ColunaRelatorio } from '@prumo/shared/relatorios';
import { z } from '@prumo/shared/validation';
import { idParamSchema } from '@prumo/shared/validation';
import {
  comprovanteQuerySchema,
  FORMA_MULTIPLA,
  formaPagamentoLabel,
  formatNumeroVenda,
  VENDA_MESSAGES,
  vendaInputSchema,
  vendaListQuerySchema,
  vendaListSchema,
  vendaSchema,
  vendaStatsBalcaoSchema,
  vendaStatsServicosSchema,
  vendaStatusInputSchema,
  disponibilidadeQuerySchema,
  disponibilidadeSchema,
  type VendaInput,
} from '@prumo/shared/vendas';
import type { Transaction } from '../../db/database';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { enviarLista, exportacaoDaLista } from '../../exportacao/listas';
import { notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import { sendPdf } from '../../http/pdf-reply';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  alterarStatusVenda,
  createVenda,
  deleteVenda,
  getVenda,
  listVendas,
  statsBalcao,
  updateVenda,
  type VendaContexto,
} from './vendas.repository';
import {
  createAgendamento,
  disponibilidade,
  statsServicos,
  updateAgendamento,
} from './agendamentos.repository';

const parametrosSchema = z.object({
  desconto_limite: z.number(),
  balanca_modo: z.enum(['preco', 'peso']),
});

const TIPO_VENDA = { produto: 'Produtos', balcao: 'Balcão', servico: 'Serviço' } as const;

/** The columns of GET /api/vendas/exportar: what the list shows. */
const COLUNAS_EXPORTACAO: ColunaRelatorio[] = [
  { chave: 'numero', titulo: 'Número', tipo: 'texto' },
  { chave: 'data', titulo: 'Data', tipo: 'data' },
  { chave: 'tipo', titulo: 'Tipo', tipo: 'texto' },
  { chave: 'cliente', titulo: 'Cliente', tipo: 'texto' },
  { chave: 'vendedor', titulo: 'Vendedor', tipo: 'texto' },
  { chave: 'forma_pagamento', titulo: 'Forma de pagamento', tipo: 'texto' },
  { chave: 'status', titulo: 'Status', tipo: 'texto' },
  { chave: 'valor_total', titulo: 'Valor total', tipo: 'dinheiro' },
  { chave: 'desconto', titulo: 'Desconto', tipo: 'dinheiro' },
  { chave: 'frete', titulo: 'Frete', tipo: 'dinheiro' },
  { chave: 'valor_final', titulo: 'Valor final', tipo: 'dinheiro' },
];

/**
 * /api/vendas: product and counter sales. Any signed-in user sells; cancelling a finalized sale
 * is for admins and managers (the transition table, checked in the repository).
 */
export const vendasRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const contexto = (request: FastifyRequest): VendaContexto => ({
    usuario: request.user,
    timeZone: config.timeZone,
    descontoLimite: config.vendas.descontoLimite,
  });
  /** The sale a write just committed, as its answer. */
  const lida = async (id: number) => (await getVenda(db, id))!;
  /** A sale of products or at the counter, or an appointment: each kind saves its own way. */
  const salvar = (tx: Transaction, id: number | null, input: VendaInput, ctx: VendaContexto) => {
    if (input.tipo === 'servico') {
      return id === null
        ? createAgendamento(tx, input, ctx)
        : updateAgendamento(tx, id, input, ctx);
    }
    return id === null ? createVenda(tx, input, ctx) : updateVenda(tx, id, input, ctx);
  };

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['vendas'],
        summary:
          'Listar vendas (mais recentes primeiro; filtros por tipo, status, busca e período)',
        description:
          '`q` procura pelo número ou pelo nome do cliente (sem diferenciar acentos). Página de ' +
          'até `limit` linhas (padrão 100, máximo 500); o total vem no cabeçalho X-Total-Count.',
        querystring: vendaListQuerySchema,
        response: { 200: vendaListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listVendas(db, request.query, config.timeZone);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.get(
    '/exportar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['vendas'],
        summary: 'Exportar as vendas do filtro em CSV ou XLSX (formato=), sem limite de linhas',
        description: 'Os mesmos filtros e a mesma ordem da lista, sem `limit` nem `offset`.',
        querystring: exportacaoDaLista(vendaListQuerySchema),
      },
    },
    (request, reply) => {
      const { timeZone } = config;
      return enviarLista(reply, request.query, timeZone, {
        arquivo: 'vendas',
        titulo: 'Vendas',
        colunas: COLUNAS_EXPORTACAO,
        ler: async (filtro, pagina) =>
          (await listVendas(db, { ...filtro, ...pagina }, timeZone)).items,
        linha: (v) => ({
          numero: formatNumeroVenda(v.numero),
          data: toISODate(new Date(v.data_venda), timeZone),
          tipo: TIPO_VENDA[v.tipo],
          cliente: v.cliente_nome,
          vendedor: v.vendedor_nome ?? v.profissional,
          forma_pagamento: formaPagamentoLabel(v.forma_pagamento),
          status: v.status,
          valor_total: v.valor_total,
          desconto: v.desconto,
          frete: v.frete,
          valor_final: v.valor_final,
        }),
      });
    },
  );

  app.get(
    '/stats/balcao',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['vendas'],
        summary: 'Indicadores do balcão de hoje (fuso da empresa)',
        response: { 200: vendaStatsBalcaoSchema },
      },
    },
    () => statsBalcao(db, config.timeZone),
  );

  app.get(
    '/stats/servicos',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['vendas'],
        summary: 'Indicadores dos serviços: agendamentos de hoje, em andamento, faturamento do mês',
        response: { 200: vendaStatsServicosSchema },
      },
    },
    () => statsServicos(db, config.timeZone),
  );

  app.get(
    '/parametros',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['vendas'],
        summary: 'Limite de desconto sem autorização (%) e o que as etiquetas de balança trazem',
        response: { 200: parametrosSchema },
      },
    },
    () => ({
      desconto_limite: config.vendas.descontoLimite,
      balanca_modo: config.vendas.balancaModo,
    }),
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['vendas'],
        summary: 'Ler uma venda com itens, pagamentos e histórico',
        params: idParamSchema,
        response: { 200: vendaSchema },
      },
    },
    async (request) => {
      const venda = await getVenda(db, request.params.id);
      if (!venda) throw notFound(VENDA_MESSAGES.vendaNaoEncontrada);
      return venda;
    },
  );

  app.get(
    '/:id/comprovante',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['vendas'],
        summary: 'Comprovante da venda em PDF: bobina de 80 mm (não fiscal) ou pedido A4',
        params: idParamSchema,
        querystring: comprovanteQuerySchema,
      },
    },
    async (request, reply) => {
      const venda = await getVenda(db, request.params.id);
      if (!venda) throw notFound(VENDA_MESSAGES.vendaNaoEncontrada);
      const { comprovanteVendaPdf } = await import('./vendas.pdf');
      const pdf = await comprovanteVendaPdf(
        venda,
        request.query.formato,
        await contextoDocumento(db, config),
      );
      const nome = `venda-${formatNumeroVenda(venda.numero)}-${request.query.formato}.pdf`;
      return sendPdf(reply, pdf, nome);
    },
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags: ['vendas'],
        summary: 'Registrar venda (pendente; a venda rápida do balcão é finalizada na hora)',
        description:
          'Os valores são calculados pelo servidor a partir dos itens. Com `atendimento_rapido` ' +
          'a venda é finalizada: baixa o estoque (tudo ou nada) e entra no caixa aberto do ' +
          'operador. Aceita o cabeçalho Idempotency-Key.',
        body: vendaInputSchema,
        response: { 201: vendaSchema },
      },
    },
    async (request, reply) => {
      const { id } = await comAuditoria(db, request.user, (tx) =>
        salvar(tx, null, request.body, contexto(request)),
      );
      return reply.code(201).send(await lida(id));
    },
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      preValidation: mantemOmitidos(
        vendaInputSchema,
        porId(async (id) => {
          const venda = await getVenda(db, id);
          // One method's payment is derived from it (the whole total): it follows the lines.
          if (venda?.forma_pagamento === FORMA_MULTIPLA) return venda;
          return venda && { ...venda, pagamentos: undefined };
        }),
        { juntos: [['forma_pagamento', 'pagamentos']] },
      ),
      schema: {
        tags: ['vendas'],
        summary: 'Alterar venda pendente (itens e pagamentos são substituídos)',
        params: idParamSchema,
        body: vendaInputSchema,
        response: { 200: vendaSchema },
      },
    },
    async (request) => {
      const { id } = await comAuditoria(db, request.user, (tx) =>
        salvar(tx, request.params.id, request.body, contexto(request)),
      );
      return lida(id);
    },
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['vendas'],
        summary: 'Excluir venda pendente (finalizadas são canceladas, nunca excluídas)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteVenda(tx, request.params.id));
      return reply.code(204).send();
    },
  );

  app.patch(
    '/:id/status',
    {
      config: { roles: ALL_ROLES, idempotent: true },
      schema: {
        tags: ['vendas'],
        summary: 'Finalizar ou cancelar venda',
        description:
          'Pendente → Finalizada baixa o estoque; Finalizada → Cancelada (gerente ou ' +
          'administrador) devolve o estoque uma única vez. Aceita o cabeçalho Idempotency-Key.',
        params: idParamSchema,
        body: vendaStatusInputSchema,
        response: { 200: vendaSchema },
      },
    },
    async (request) => {
      const { id } = await comAuditoria(db, request.user, (tx) =>
        alterarStatusVenda(tx, request.params.id, request.body, contexto(request)),
      );
      return lida(id);
    },
  );
};

/** /api/agendamentos: the free slots of a professional's day (spec part 2, section 7). */
export const agendamentosRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/disponibilidade',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['vendas'],
        summary: 'Horários livres de um profissional num dia para a duração de um serviço',
        description:
          'Horários de 30 em 30 minutos das 08:00 às 18:30 em que o serviço inteiro cabe até as ' +
          '19:00 sem sobrepor outro agendamento do profissional; hoje, só os que ainda não ' +
          'passaram. `ignorar` é o agendamento em edição.',
        querystring: disponibilidadeQuerySchema,
        response: { 200: disponibilidadeSchema },
      },
    },
    (request) => disponibilidade(db, request.query, config.timeZone),
  );
};
