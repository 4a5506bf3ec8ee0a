import { isISODate } from '../dates';
import { toCentavos } from '../money';
import { FORMA_PAGAMENTO_VALUES } from '../vendas/venda.rules';
import { formaPagamentoSchema } from '../vendas/venda.schema';
import {
  dayQuery,
  MAX_MONEY,
  money,
  optionalRecordId,
  optionalText,
  pageQuery,
  sortQuery,
  recordId,
  requiredText,
  trimmedString,
  z,
} from '../validation';
import {
  FINANCEIRO_LIMIT_MAX,
  FINANCEIRO_LIMIT_PADRAO,
  FINANCEIRO_MESSAGES,
  NATUREZA_VALUES,
  PARCELAS_TITULO_MAX,
  parcelasNaoSomamMessage,
  RECORRENCIA_MESES_MAX,
  STATUS_PARCELA_VALUES,
  TIPO_CONTA_VALUES,
  TIPOS_CATEGORIA,
} from './financeiro.rules';

/*
 * Finance (issue 15). Every route is /api/financeiro/… for admins and managers, except
 * GET /api/dashboard (any signed-in user; the finance figures only for those two roles).
 * Money travels as numbers in reais; every sum is made in centavos by the server.
 */

const dia = (message = 'Data inválida') =>
  z.string({ error: message }).refine(isISODate, { error: message });
const diaOpcional = (message?: string) =>
  dia(message)
    .nullish()
    .transform((value) => value ?? null);
const positivo = money({ min: 0.01, minMessage: FINANCEIRO_MESSAGES.valorInvalido });
const naoNegativo = (campo: string) =>
  money({ min: 0, minMessage: `${campo} não pode ser negativo` })
    .nullish()
    .transform((value) => value ?? 0);
const dinheiro = z.number().min(-MAX_MONEY).max(MAX_MONEY);
const forma = formaPagamentoSchema();
/** A method in an answer: always its code (the answers are encoded, never normalized). */
const formaLida = z.enum(FORMA_PAGAMENTO_VALUES);
const periodo = <T extends { de?: string | null; ate?: string | null }>(query: T) =>
  !query.de || !query.ate || query.de <= query.ate;

// ---------------------------------------------------------------- accounts

/** POST /api/financeiro/contas and PUT /api/financeiro/contas/{id}. */
export const contaInputSchema = z.strictObject({
  nome: requiredText('Informe o nome da conta', 100),
  tipo: z.enum(TIPO_CONTA_VALUES, { error: 'Tipo de conta inválido' }),
  banco: optionalText(100),
  agencia: optionalText(20),
  conta: optionalText(30),
  saldo_inicial: money({ min: -MAX_MONEY })
    .nullish()
    .transform((value) => value ?? 0),
  /** The day the opening balance refers to; left out: today. */
  data_saldo_inicial: diaOpcional(),
  ativo: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
});
export type ContaInput = z.output<typeof contaInputSchema>;

export const contaSchema = z.object({
  id: z.number(),
  nome: z.string(),
  tipo: z.enum(TIPO_CONTA_VALUES),
  banco: z.string().nullable(),
  agencia: z.string().nullable(),
  conta: z.string().nullable(),
  saldo_inicial: dinheiro,
  data_saldo_inicial: z.string(),
  ativo: z.boolean(),
  /** Opening balance plus every settlement and transfer not reversed. */
  saldo: dinheiro,
});
export type Conta = z.infer<typeof contaSchema>;

/** POST /api/financeiro/transferencias. */
export const transferenciaInputSchema = z
  .strictObject({
    origem_id: recordId(FINANCEIRO_MESSAGES.contaNaoEncontrada),
    destino_id: recordId(FINANCEIRO_MESSAGES.contaNaoEncontrada),
    data: diaOpcional(),
    valor: positivo,
    descricao: optionalText(200),
  })
  .refine((t) => t.origem_id !== t.destino_id, {
    path: ['destino_id'],
    error: FINANCEIRO_MESSAGES.transferenciaMesmaConta,
  });
export type TransferenciaInput = z.output<typeof transferenciaInputSchema>;

/** The answer of POST /api/financeiro/transferencias and of its reversal (DELETE /{id}). */
export const transferenciaSchema = z.object({
  id: z.number(),
  origem_id: z.number(),
  destino_id: z.number(),
  data: z.string(),
  valor: dinheiro,
  descricao: z.string().nullable(),
  estornada_em: z.string().nullable(),
  created_at: z.string(),
});
export type Transferencia = z.infer<typeof transferenciaSchema>;

/** GET /api/financeiro/contas/{id}/extrato?de=&ate= */
export const extratoQuerySchema = z
  .strictObject({ de: dayQuery, ate: dayQuery })
  .refine(periodo, { path: ['ate'], error: FINANCEIRO_MESSAGES.periodoInvalido });

export const extratoSchema = z.object({
  conta: contaSchema,
  saldo_anterior: dinheiro,
  movimentos: z.array(
    z.object({
      data: z.string(),
      descricao: z.string(),
      tipo: z.enum(['baixa', 'transferencia']),
      entrada: dinheiro,
      saida: dinheiro,
      saldo: dinheiro,
      baixa_id: z.number().nullable(),
      transferencia_id: z.number().nullable(),
    }),
  ),
  saldo_final: dinheiro,
});
export type Extrato = z.infer<typeof extratoSchema>;

// ---------------------------------------------------------------- chart of accounts

export const categoriaFinanceiraInputSchema = z.strictObject({
  nome: requiredText('Informe o nome da categoria', 100),
  tipo: z.enum(TIPOS_CATEGORIA, { error: 'Tipo inválido' }),
  ativo: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
});
export const categoriaFinanceiraSchema = z.object({
  id: z.number(),
  nome: z.string(),
  tipo: z.enum(TIPOS_CATEGORIA),
  /** The system's categories (venda-produtos, prestacao-servicos) are kept by the sales. */
  slug: z.string().nullable(),
  ativo: z.boolean(),
});
export type CategoriaFinanceira = z.infer<typeof categoriaFinanceiraSchema>;

/** GET/PUT /api/financeiro/formas: how each payment method of a sale becomes a receivable. */
export const formaFinanceiraSchema = z.strictObject({
  forma,
  /** Where the money lands; null: the first active account of the method's usual kind. */
  conta_id: optionalRecordId(FINANCEIRO_MESSAGES.contaNaoEncontrada),
  /** Days from the sale to the due date (credit card, boleto). */
  prazo_dias: z
    .number({ error: 'Prazo inválido' })
    .int({ error: 'Prazo inválido' })
    .min(0, { error: 'Prazo inválido' })
    .max(365, { error: 'Prazo inválido' }),
  /** Received at once (cash, PIX, debit). */
  baixa_automatica: z.boolean(),
});
export const formasFinanceirasSchema = z.array(formaFinanceiraSchema).max(10);
export type FormaFinanceira = z.infer<typeof formaFinanceiraSchema>;
/** The answer of GET/PUT /api/financeiro/formas (every method, in the sales' order). */
export const formasFinanceirasRespostaSchema = z.array(
  z.object({
    forma: formaLida,
    conta_id: z.number().nullable(),
    prazo_dias: z.number(),
    baixa_automatica: z.boolean(),
  }),
);

// ---------------------------------------------------------------- titles and installments

const parcelaPlanoInput = z.strictObject({
  vencimento: dia('Vencimento inválido'),
  valor: positivo,
});

/**
 * POST /api/financeiro/titulos (and PUT /{id}): a payable or a receivable. `parcelas` is a count
 * (monthly from `vencimento`, adding up to `valor` with the rounding on the first) or the list
 * of {vencimento, valor}, which must add up to `valor`. `recorrente_meses` repeats the whole
 * title monthly (rent: 12 months), each its own title.
 */
export const tituloInputSchema = z
  .strictObject({
    natureza: z.enum(NATUREZA_VALUES, { error: 'Informe pagar ou receber' }),
    descricao: requiredText(FINANCEIRO_MESSAGES.descricaoObrigatoria, 200),
    pessoa_id: optionalRecordId(FINANCEIRO_MESSAGES.pessoaNaoEncontrada),
    categoria_id: optionalRecordId(FINANCEIRO_MESSAGES.categoriaNaoEncontrada),
    centro_custo: optionalText(100),
    documento: optionalText(60),
    /** The month the expense or revenue belongs to (DRE); left out: the first due day. */
    competencia: diaOpcional('Competência inválida'),
    forma_pagamento: forma.nullish().transform((value) => value ?? null),
    valor: positivo,
    /** The first due day (with a count of installments). */
    vencimento: diaOpcional('Vencimento inválido'),
    parcelas: z
      .union([
        z
          .number({ error: FINANCEIRO_MESSAGES.parcelasInvalidas })
          .int({ error: FINANCEIRO_MESSAGES.parcelasInvalidas })
          .min(1, { error: FINANCEIRO_MESSAGES.parcelasInvalidas })
          .max(PARCELAS_TITULO_MAX, { error: FINANCEIRO_MESSAGES.parcelasInvalidas }),
        z
          .array(parcelaPlanoInput)
          .min(1, { error: FINANCEIRO_MESSAGES.parcelasInvalidas })
          .max(PARCELAS_TITULO_MAX, { error: FINANCEIRO_MESSAGES.parcelasInvalidas }),
      ])
      .nullish()
      .transform((value) => value ?? 1),
    recorrente_meses: z
      .number({ error: 'Recorrência inválida' })
      .int({ error: 'Recorrência inválida' })
      .min(2, { error: 'Recorrência inválida' })
      .max(RECORRENCIA_MESES_MAX, { error: `Repita no máximo ${RECORRENCIA_MESES_MAX} meses` })
      .nullish()
      .transform((value) => value ?? null),
    observacoes: optionalText(2000),
  })
  .superRefine((titulo, ctx) => {
    if (typeof titulo.parcelas === 'number' && titulo.vencimento === null) {
      ctx.addIssue({ code: 'custom', path: ['vencimento'], message: 'Informe o vencimento' });
    }
    if (Array.isArray(titulo.parcelas)) {
      const soma = titulo.parcelas.reduce((total, p) => total + toCentavos(p.valor), 0);
      if (soma !== toCentavos(titulo.valor)) {
        ctx.addIssue({
          code: 'custom',
          path: ['parcelas'],
          message: parcelasNaoSomamMessage(soma / 100, titulo.valor),
        });
      }
    }
  });
export type TituloInputValues = z.input<typeof tituloInputSchema>;
export type TituloInput = z.output<typeof tituloInputSchema>;

/** POST /api/financeiro/parcelas/{id}/baixas. */
export const baixaInputSchema = z.strictObject({
  /** Left out: today. */
  data: diaOpcional(),
  conta_id: recordId(FINANCEIRO_MESSAGES.contaNaoEncontrada),
  /** The cash that moved. */
  valor: positivo,
  juros: naoNegativo('Os juros'),
  multa: naoNegativo('A multa'),
  desconto: naoNegativo('O desconto'),
  observacao: optionalText(200),
});
export type BaixaInput = z.output<typeof baixaInputSchema>;

const statusParcela = z.enum(STATUS_PARCELA_VALUES);
/**
 * The documents of the modules above finance that bill through it (a contract's bill, a rental,
 * a subscription's renewal): the title names its document (documento_tipo and documento_id).
 */
export const DOCUMENTOS_DE_TITULO = ['contrato', 'locacao', 'assinatura'] as const;
export type DocumentoDeTitulo = (typeof DOCUMENTOS_DE_TITULO)[number];

/** Where a title came from: typed by hand, a sale, a service order, a purchase entered from its
 * XML (compra), a return (devolucao), or one of DOCUMENTOS_DE_TITULO. */
export const ORIGENS_TITULO = [
  'manual',
  'venda',
  'ordem_servico',
  'compra',
  'devolucao',
  ...DOCUMENTOS_DE_TITULO,
] as const;

export const baixaSchema = z.object({
  id: z.number(),
  data: z.string(),
  conta_id: z.number(),
  conta_nome: z.string(),
  valor: dinheiro,
  juros: dinheiro,
  multa: dinheiro,
  desconto: dinheiro,
  /** How much of the installment it paid off: valor − juros − multa + desconto. */
  amortizado: dinheiro,
  observacao: z.string().nullable(),
  /** Made by a sale at once (cash, PIX, debit): reversed only by cancelling the sale. */
  automatica: z.boolean(),
  estornada_em: z.string().nullable(),
  created_at: z.string(),
});
export type BaixaFinanceira = z.infer<typeof baixaSchema>;

export const parcelaTituloSchema = z.object({
  id: z.number(),
  numero: z.number(),
  vencimento: z.string(),
  valor: dinheiro,
  /** Paid off so far (Σ amortizado of the settlements not reversed). */
  valor_pago: dinheiro,
  saldo: dinheiro,
  juros: dinheiro,
  multa: dinheiro,
  desconto: dinheiro,
  status: statusParcela,
});
export type ParcelaTitulo = z.infer<typeof parcelaTituloSchema>;

export const tituloSchema = z.object({
  id: z.number(),
  natureza: z.enum(NATUREZA_VALUES),
  descricao: z.string(),
  pessoa_id: z.number().nullable(),
  pessoa_nome: z.string().nullable(),
  categoria_id: z.number().nullable(),
  categoria_nome: z.string().nullable(),
  centro_custo: z.string().nullable(),
  documento: z.string().nullable(),
  competencia: z.string(),
  forma_pagamento: formaLida.nullable(),
  valor: dinheiro,
  valor_pago: dinheiro,
  saldo: dinheiro,
  /** cancelado, pago, vencido (an installment overdue), parcial or aberto. */
  status: statusParcela,
  origem: z.enum(ORIGENS_TITULO),
  venda_id: z.number().nullable(),
  ordem_servico_id: z.number().nullable(),
  entrada_nfe_id: z.number().nullable(),
  devolucao_id: z.number().nullable(),
  documento_tipo: z.enum(DOCUMENTOS_DE_TITULO).nullable(),
  documento_id: z.number().nullable(),
  observacoes: z.string().nullable(),
  cancelado_em: z.string().nullable(),
  created_at: z.string(),
  parcelas: z.array(parcelaTituloSchema),
});
export type Titulo = z.infer<typeof tituloSchema>;
export const tituloListSchema = z.array(tituloSchema);

/** GET /api/financeiro/titulos/{id}: with each installment's settlements. */
export const tituloDetalheSchema = tituloSchema.extend({
  parcelas: z.array(parcelaTituloSchema.extend({ baixas: z.array(baixaSchema) })),
});
export type TituloDetalhe = z.infer<typeof tituloDetalheSchema>;

/**
 * Sort keys of GET /api/financeiro/titulos (a whitelist: each names one ORDER BY). vencimento,
 * the default, is the next due day of what is still owed (settled and cancelled titles after).
 */
export const TITULO_SORTS = ['vencimento', 'descricao', 'valor', 'competencia'] as const;
export type TituloSort = (typeof TITULO_SORTS)[number];

/**
 * GET /api/financeiro/titulos?natureza=&status=&q=&pessoa_id=&categoria_id=&origem=&de=&ate=
 * &sort=&order=&limit=&offset=
 */
export const tituloListQuerySchema = z
  .strictObject({
    natureza: z.enum(NATUREZA_VALUES, { error: 'Natureza inválida' }).optional(),
    /**
     * The title's own status: cancelado; vencido (an installment still owed past its due day);
     * pago (nothing owed); parcial (something paid); aberto.
     */
    status: statusParcela.optional(),
    q: trimmedString().max(100).optional(),
    pessoa_id: z.coerce.number().int().positive().optional(),
    categoria_id: z.coerce.number().int().positive().optional(),
    origem: z.enum(ORIGENS_TITULO).optional(),
    /** Due-day period of the installments. */
    de: dayQuery,
    ate: dayQuery,
    ...sortQuery(TITULO_SORTS),
    ...pageQuery(FINANCEIRO_LIMIT_PADRAO, FINANCEIRO_LIMIT_MAX),
  })
  .refine(periodo, { path: ['ate'], error: FINANCEIRO_MESSAGES.periodoInvalido });
export type TituloListQuery = z.output<typeof tituloListQuerySchema>;

/** GET /api/financeiro/parcelas: installments one per row (boletos, calendar, collections). */
export const parcelaListQuerySchema = z
  .strictObject({
    natureza: z.enum(NATUREZA_VALUES, { error: 'Natureza inválida' }).optional(),
    status: statusParcela.optional(),
    forma_pagamento: forma.optional(),
    q: trimmedString().max(100).optional(),
    de: dayQuery,
    ate: dayQuery,
    ...pageQuery(FINANCEIRO_LIMIT_PADRAO, FINANCEIRO_LIMIT_MAX),
  })
  .refine(periodo, { path: ['ate'], error: FINANCEIRO_MESSAGES.periodoInvalido });
export type ParcelaListQuery = z.output<typeof parcelaListQuerySchema>;

export const parcelaResumoSchema = parcelaTituloSchema.extend({
  titulo_id: z.number(),
  total_parcelas: z.number(),
  natureza: z.enum(NATUREZA_VALUES),
  descricao: z.string(),
  pessoa_id: z.number().nullable(),
  pessoa_nome: z.string().nullable(),
  categoria_nome: z.string().nullable(),
  forma_pagamento: formaLida.nullable(),
  dias_atraso: z.number(),
  venda_id: z.number().nullable(),
  ordem_servico_id: z.number().nullable(),
});
export type ParcelaResumo = z.infer<typeof parcelaResumoSchema>;
export const parcelaListSchema = z.array(parcelaResumoSchema);

// ---------------------------------------------------------------- reports

/** GET /api/financeiro/fluxo-caixa?de=&ate=&agrupar=dia|mes&conta_id= */
export const fluxoCaixaQuerySchema = z
  .strictObject({
    de: dayQuery,
    ate: dayQuery,
    agrupar: z.enum(['dia', 'mes'], { error: 'Agrupe por dia ou mês' }).default('dia'),
    conta_id: z.coerce.number().int().positive().optional(),
  })
  .refine(periodo, { path: ['ate'], error: FINANCEIRO_MESSAGES.periodoInvalido });
export type FluxoCaixaQuery = z.output<typeof fluxoCaixaQuerySchema>;

export const fluxoCaixaSchema = z.object({
  de: z.string(),
  ate: z.string(),
  /** Σ of the accounts' balances at the start of `de`. */
  saldo_inicial: dinheiro,
  periodos: z.array(
    z.object({
      /** aaaa-mm-dd (by day) or aaaa-mm (by month). */
      periodo: z.string(),
      entradas_realizadas: dinheiro,
      saidas_realizadas: dinheiro,
      /** Open installments due in the period (what is still to come in and go out). */
      entradas_previstas: dinheiro,
      saidas_previstas: dinheiro,
      saldo_realizado: dinheiro,
      saldo_projetado: dinheiro,
    }),
  ),
});
export type FluxoCaixa = z.infer<typeof fluxoCaixaSchema>;

const mes = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Use o mês no formato aaaa-mm' })
  .optional();

/** GET /api/financeiro/dre?de=aaaa-mm&ate=aaaa-mm&formato=json|csv */
export const dreQuerySchema = z
  .strictObject({
    de: mes,
    ate: mes,
    formato: z.enum(['json', 'csv'], { error: 'Formato inválido' }).default('json'),
  })
  .refine(periodo, { path: ['ate'], error: FINANCEIRO_MESSAGES.periodoInvalido });
export type DreQuery = z.output<typeof dreQuerySchema>;

export const dreSchema = z.object({
  /** aaaa-mm, oldest first. */
  meses: z.array(z.string()),
  linhas: z.array(
    z.object({
      chave: z.string(),
      rotulo: z.string(),
      /** 0: a total line; 1: a detail (an expense category). */
      nivel: z.number(),
      valores: z.array(dinheiro),
      total: dinheiro,
    }),
  ),
});
export type Dre = z.infer<typeof dreSchema>;

/** GET /api/financeiro/cobrancas: overdue receivables and the customers who owe them. */
export const cobrancasSchema = z.object({
  total: dinheiro,
  parcelas: parcelaListSchema,
  por_cliente: z.array(
    z.object({
      cliente_id: z.number().nullable(),
      cliente_nome: z.string(),
      telefone: z.string().nullable(),
      email: z.string().nullable(),
      parcelas: z.number(),
      total: dinheiro,
      maior_atraso: z.number(),
      /** A polite collection message, ready to copy. */
      mensagem: z.string(),
    }),
  ),
});
export type Cobrancas = z.infer<typeof cobrancasSchema>;

/** GET /api/dashboard (spec part 1, 2.5): one answer, in a bounded number of queries. */
export const dashboardSchema = z.object({
  hoje: z.string(),
  /** Null for a role without finance access. */
  financeiro: z
    .object({
      a_receber_hoje: dinheiro,
      a_receber_ontem: dinheiro,
      a_pagar_hoje: dinheiro,
      a_pagar_ontem: dinheiro,
      recebimentos_mes: dinheiro,
      recebimentos_mes_anterior: dinheiro,
      pagamentos_mes: dinheiro,
      pagamentos_mes_anterior: dinheiro,
      /** The last six months, oldest first: realised receipts and payments. */
      fluxo: z.array(z.object({ mes: z.string(), receitas: dinheiro, despesas: dinheiro })),
      contas: z.array(
        z.object({
          id: z.number(),
          nome: z.string(),
          banco: z.string().nullable(),
          saldo: dinheiro,
        }),
      ),
    })
    .nullable(),
  /** Finalized sales of the last 30 days by product group, and services. */
  vendas_por_categoria: z.array(z.object({ categoria: z.string(), valor: dinheiro })),
  /** This month's days with installments due (finance roles) or appointments. */
  calendario: z.array(
    z.object({
      dia: z.string(),
      tipo: z.enum(['vencimento', 'agendamento']),
      quantidade: z.number(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
