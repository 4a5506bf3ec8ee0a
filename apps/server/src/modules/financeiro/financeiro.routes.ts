import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import type { ColunaRelatorio } from '@prumo/shared/relatorios';
import {
  baixaInputSchema,
  categoriaFinanceiraInputSchema,
  categoriaFinanceiraSchema,
  cobrancasSchema,
  contaInputSchema,
  contaSchema,
  extratoQuerySchema,
  extratoSchema,
  FINANCEIRO_MESSAGES,
  NATUREZAS,
  STATUS_PARCELA,
  type Titulo,
  formasFinanceirasRespostaSchema,
  formasFinanceirasSchema,
  parcelaListQuerySchema,
  parcelaListSchema,
  tituloDetalheSchema,
  tituloInputSchema,
  tituloListQuerySchema,
  tituloListSchema,
  transferenciaInputSchema,
  transferenciaSchema,
} from '@prumo/shared/financeiro';
import { idParamSchema, z } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { enviarLista, exportacaoDaLista, rotuloDe } from '../../exportacao/listas';
import { notFound } from '../../http/errors';
import { mantemOmitidos, porId } from '../../http/put-parcial';
import { getEmpresa } from '../configuracoes/configuracoes.repository';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  baixarParcela,
  cancelarTitulo,
  cobrancas,
  createCategoria,
  createConta,
  criarTitulo,
  criarTransferencia,
  deleteCategoria,
  deleteConta,
  estornarBaixa,
  estornarTransferencia,
  extratoConta,
  getCategoriaFinanceira,
  getConta,
  getTitulo,
  listCategorias,
  listContas,
  listFormas,
  listParcelas,
  listTitulos,
  salvarFormas,
  updateCategoria,
  updateConta,
  updateTitulo,
  type FinanceiroContexto,
} from './financeiro.repository';

/** The columns of GET /api/financeiro/titulos/exportar: what the list shows, one title a row. */
const COLUNAS_TITULOS: ColunaRelatorio[] = [
  { chave: 'vencimento', titulo: 'Vencimento', tipo: 'data' },
  { chave: 'natureza', titulo: 'Natureza', tipo: 'texto' },
  { chave: 'descricao', titulo: 'Descrição', tipo: 'texto' },
  { chave: 'pessoa', titulo: 'Cliente/Fornecedor', tipo: 'texto' },
  { chave: 'categoria', titulo: 'Categoria', tipo: 'texto' },
  { chave: 'documento', titulo: 'Documento', tipo: 'texto' },
  { chave: 'parcela', titulo: 'Parcela', tipo: 'texto' },
  { chave: 'valor', titulo: 'Valor', tipo: 'dinheiro' },
  { chave: 'valor_pago', titulo: 'Pago', tipo: 'dinheiro' },
  { chave: 'saldo', titulo: 'Em aberto', tipo: 'dinheiro' },
  { chave: 'status', titulo: 'Status', tipo: 'texto' },
];

/** The installment a title's row shows, as the screen does: the first still owed, or the last. */
function parcelaEmFoco({ parcelas }: Titulo) {
  return (
    parcelas.find((p) => p.status !== 'pago' && p.status !== 'cancelado') ??
    parcelas[parcelas.length - 1]
  );
}

/** /api/financeiro: accounts, chart of accounts, payables, receivables and collections. */
export const financeiroRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const contexto = (request: FastifyRequest): FinanceiroContexto => ({
    usuario: request.user,
    timeZone: config.timeZone,
  });
  const roles = ADMIN_MANAGER;
  const tags = ['financeiro'];
  const detalhe = async (id: number) => (await getTitulo(db, id, config.timeZone))!;

  // ------------------------------------------------------------ accounts

  app.get(
    '/contas',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Contas (caixa e bancos) com o saldo calculado dos movimentos',
        response: { 200: z.array(contaSchema) },
      },
    },
    () => listContas(db),
  );

  app.get(
    '/contas/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Ler uma conta',
        params: idParamSchema,
        response: { 200: contaSchema },
      },
    },
    async (request) => {
      const conta = await getConta(db, request.params.id);
      if (!conta) throw notFound(FINANCEIRO_MESSAGES.contaNaoEncontrada);
      return conta;
    },
  );

  app.post(
    '/contas',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Criar conta',
        body: contaInputSchema,
        response: { 201: contaSchema },
      },
    },
    async (request, reply) => {
      const conta = await comAuditoria(db, request.user, (tx) =>
        createConta(tx, request.body, config.timeZone),
      );
      return reply.code(201).send(conta);
    },
  );

  app.put(
    '/contas/:id',
    {
      config: { roles },
      preValidation: mantemOmitidos(
        contaInputSchema,
        porId((id) => getConta(db, id)),
      ),
      schema: {
        tags,
        summary: 'Alterar conta',
        params: idParamSchema,
        body: contaInputSchema,
        response: { 200: contaSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => updateConta(tx, request.params.id, request.body)),
  );

  app.delete(
    '/contas/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Excluir conta sem movimentos (com movimentos, desative-a)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteConta(tx, request.params.id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/contas/:id/extrato',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Extrato da conta: saldo anterior, movimentos com saldo e saldo final',
        params: idParamSchema,
        querystring: extratoQuerySchema,
        response: { 200: extratoSchema },
      },
    },
    async (request) => {
      const extrato = await extratoConta(db, request.params.id, request.query);
      if (!extrato) throw notFound(FINANCEIRO_MESSAGES.contaNaoEncontrada);
      return extrato;
    },
  );

  app.post(
    '/transferencias',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Transferir entre contas',
        description: 'Aceita o cabeçalho Idempotency-Key.',
        body: transferenciaInputSchema,
        response: { 201: transferenciaSchema },
      },
    },
    async (request, reply) => {
      const transferencia = await comAuditoria(db, request.user, (tx) =>
        criarTransferencia(tx, request.body, contexto(request)),
      );
      return reply.code(201).send(transferencia);
    },
  );

  app.delete(
    '/transferencias/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Estornar transferência (uma vez)',
        params: idParamSchema,
        response: { 200: transferenciaSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => estornarTransferencia(tx, request.params.id)),
  );

  // ------------------------------------------------------------ chart of accounts and methods

  app.get(
    '/categorias',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Plano de contas (receitas e despesas)',
        response: { 200: z.array(categoriaFinanceiraSchema) },
      },
    },
    () => listCategorias(db),
  );

  app.post(
    '/categorias',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Criar categoria',
        body: categoriaFinanceiraInputSchema,
        response: { 201: categoriaFinanceiraSchema },
      },
    },
    async (request, reply) => {
      const categoria = await comAuditoria(db, request.user, (tx) =>
        createCategoria(tx, request.body),
      );
      return reply.code(201).send(categoria);
    },
  );

  app.put(
    '/categorias/:id',
    {
      config: { roles },
      preValidation: mantemOmitidos(
        categoriaFinanceiraInputSchema,
        porId((id) => getCategoriaFinanceira(db, id)),
      ),
      schema: {
        tags,
        summary: 'Alterar categoria (o tipo fica fixo nas do sistema e nas com lançamentos)',
        params: idParamSchema,
        body: categoriaFinanceiraInputSchema,
        response: { 200: categoriaFinanceiraSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) => updateCategoria(tx, request.params.id, request.body)),
  );

  app.delete(
    '/categorias/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Excluir categoria sem lançamentos (as do sistema ficam)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteCategoria(tx, request.params.id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/formas',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Como cada forma de pagamento das vendas vira recebível',
        response: { 200: formasFinanceirasRespostaSchema },
      },
    },
    () => listFormas(db),
  );

  app.put(
    '/formas',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Alterar conta, prazo e baixa automática das formas de pagamento',
        body: formasFinanceirasSchema,
        response: { 200: formasFinanceirasRespostaSchema },
      },
    },
    (request) => comAuditoria(db, request.user, (tx) => salvarFormas(tx, request.body)),
  );

  // ------------------------------------------------------------ titles and installments

  app.get(
    '/titulos',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Contas a pagar e a receber com suas parcelas',
        description:
          '`status` é o do título (vencido: alguma parcela devida passou do vencimento, no ' +
          'calendário da empresa). Os devidos vêm primeiro pelo próximo vencimento; quitados e ' +
          'cancelados depois, os mais recentes antes. Total no cabeçalho X-Total-Count; o ' +
          'saldo em aberto de todo o filtro (não só da página) em X-Total-Saldo, em reais com ' +
          'ponto decimal (1234.56).',
        querystring: tituloListQuerySchema,
        response: { 200: tituloListSchema },
      },
    },
    async (request, reply) => {
      const { items, total, saldo } = await listTitulos(db, request.query, config.timeZone);
      return reply
        .header('x-total-count', String(total))
        .header('x-total-saldo', saldo.toFixed(2))
        .send(items);
    },
  );

  app.get(
    '/titulos/exportar',
    {
      config: { roles },
      schema: {
        tags,
        summary:
          'Exportar as contas a pagar e a receber do filtro em CSV ou XLSX (formato=), sem limite de linhas',
        description: 'Os mesmos filtros e a mesma ordem da lista, sem `limit` nem `offset`.',
        querystring: exportacaoDaLista(tituloListQuerySchema),
      },
    },
    (request, reply) => {
      const { timeZone } = config;
      return enviarLista(reply, request.query, timeZone, {
        arquivo: 'contas',
        titulo: 'Contas a pagar e a receber',
        colunas: COLUNAS_TITULOS,
        ler: async (filtro, pagina) =>
          (await listTitulos(db, { ...filtro, ...pagina }, timeZone)).items,
        linha: (t) => {
          const parcela = parcelaEmFoco(t);
          return {
            vencimento: parcela?.vencimento ?? null,
            natureza: rotuloDe(NATUREZAS, t.natureza),
            descricao: t.descricao,
            pessoa: t.pessoa_nome,
            categoria: t.categoria_nome,
            documento: t.documento,
            // "1 de 3": Excel would read "1/3" as a day.
            parcela: parcela ? `${parcela.numero} de ${t.parcelas.length}` : null,
            valor: t.valor,
            valor_pago: t.valor_pago,
            saldo: t.saldo,
            status: rotuloDe(STATUS_PARCELA, t.status),
          };
        },
      });
    },
  );

  app.get(
    '/titulos/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Ler um título com as parcelas e as baixas de cada uma',
        params: idParamSchema,
        response: { 200: tituloDetalheSchema },
      },
    },
    async (request) => {
      const titulo = await getTitulo(db, request.params.id, config.timeZone);
      if (!titulo) throw notFound(FINANCEIRO_MESSAGES.naoEncontrado);
      return titulo;
    },
  );

  app.post(
    '/titulos',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Criar conta a pagar ou a receber',
        description:
          '`parcelas`: um número (mensais a partir de `vencimento`, somando o valor ao centavo) ' +
          'ou a lista de {vencimento, valor}. `recorrente_meses` cria um título por mês ' +
          '(aluguel); a resposta é o primeiro. Aceita o cabeçalho Idempotency-Key.',
        body: tituloInputSchema,
        response: { 201: tituloDetalheSchema },
      },
    },
    async (request, reply) => {
      const titulo = await comAuditoria(db, request.user, async (tx) => {
        const [id] = await criarTitulo(tx, request.body, contexto(request));
        return (await getTitulo(tx, id!, config.timeZone))!;
      });
      return reply.code(201).send(titulo);
    },
  );

  app.put(
    '/titulos/:id',
    {
      config: { roles },
      preValidation: mantemOmitidos(
        tituloInputSchema,
        porId((id) => getTitulo(db, id, config.timeZone)),
      ),
      schema: {
        tags,
        summary: 'Alterar título lançado à mão e não cancelado',
        description:
          'As parcelas só são refeitas enquanto nenhuma teve baixa; `recorrente_meses` só vale ' +
          'ao criar.',
        params: idParamSchema,
        body: tituloInputSchema,
        response: { 200: tituloDetalheSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        updateTitulo(tx, request.params.id, request.body, contexto(request)),
      ),
  );

  app.post(
    '/titulos/:id/cancelar',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Cancelar título sem baixas (os de venda ou O.S. cancelam-se pela origem)',
        params: idParamSchema,
        response: { 200: tituloDetalheSchema },
      },
    },
    (request) =>
      comAuditoria(db, request.user, (tx) =>
        cancelarTitulo(tx, request.params.id, contexto(request)),
      ),
  );

  app.get(
    '/parcelas',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Parcelas, uma por linha, por vencimento',
        description:
          '`status` efetivo (vencido: aberta ou parcial com vencimento antes de hoje). Total no ' +
          'cabeçalho X-Total-Count.',
        querystring: parcelaListQuerySchema,
        response: { 200: parcelaListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listParcelas(db, request.query, config.timeZone);
      return reply.header('x-total-count', String(total)).send(items);
    },
  );

  app.post(
    '/parcelas/:id/baixas',
    {
      config: { roles, idempotent: true },
      schema: {
        tags,
        summary: 'Registrar baixa (pagamento ou recebimento, total ou parcial)',
        description:
          'Quita valor − juros − multa + desconto do saldo da parcela. Aceita o cabeçalho ' +
          'Idempotency-Key.',
        params: idParamSchema,
        body: baixaInputSchema,
        response: { 201: tituloDetalheSchema },
      },
    },
    async (request, reply) => {
      const titulo = await comAuditoria(db, request.user, async (tx) => {
        const { tituloId } = await baixarParcela(
          tx,
          request.params.id,
          request.body,
          contexto(request),
        );
        return (await getTitulo(tx, tituloId, config.timeZone))!;
      });
      return reply.code(201).send(titulo);
    },
  );

  app.delete(
    '/baixas/:id',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Estornar baixa (uma vez; as automáticas de venda, cancelando a venda)',
        params: idParamSchema,
        response: { 200: tituloDetalheSchema },
      },
    },
    async (request) => {
      const { tituloId } = await comAuditoria(db, request.user, (tx) =>
        estornarBaixa(tx, request.params.id, contexto(request)),
      );
      return detalhe(tituloId);
    },
  );

  app.get(
    '/cobrancas',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Recebíveis vencidos, totais por cliente e mensagem de cobrança',
        response: { 200: cobrancasSchema },
      },
    },
    async () => cobrancas(db, config.timeZone, (await getEmpresa(db, config)).razao_social),
  );
};
