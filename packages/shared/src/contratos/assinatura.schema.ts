import {
  isoDate,
  money,
  optionalText,
  pageQuery,
  recordId,
  requiredText,
  searchQuery,
  trimmedString,
  z,
} from '../validation';
import { FORMA_PAGAMENTO_VALUES } from '../vendas/venda.rules';
import {
  ASSINATURA_LIMIT_MAX,
  ASSINATURA_LIMIT_PADRAO,
  ASSINATURA_MESSAGES as M,
  CICLO_PLANO_VALUES,
  PRECO_PLANO_MAX,
  SITUACAO_ASSINATURA_VALUES,
} from './assinatura.rules';

/*
 * Subscriptions (issue 31, Assinaturas): plans (price per cycle, cycle, trial days), a customer's
 * subscription to a plan, its change of plan with the proration, its cancellation, the dunning
 * rules and the metrics.
 */

const inteiro = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, {
    error: message,
  });

const idQuery = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message });

const flagQuery = z
  .enum(['true', 'false'], { error: 'Use true ou false' })
  .transform((value) => value === 'true');

// ---------------------------------------------------------------------------------------------
// Plans.

/** POST /api/assinaturas/planos and PUT …/planos/{id}. */
export const planoInputSchema = z.strictObject({
  nome: requiredText(M.nomePlano, 120),
  descricao: optionalText(500),
  /** The price of each cycle. */
  preco: money({ min: 0.01, minMessage: M.precoPlano }).refine((v) => v <= PRECO_PLANO_MAX, {
    error: M.precoPlanoMax,
  }),
  ciclo: z.enum(CICLO_PLANO_VALUES, { error: M.ciclo }),
  dias_teste: inteiro(0, 365, M.diasTeste).default(0),
  ativo: z.boolean({ error: 'Informe sim ou não' }).default(true),
});
export type PlanoInput = z.input<typeof planoInputSchema>;
export type PlanoDados = z.output<typeof planoInputSchema>;

export const planosQuerySchema = z.strictObject({
  q: searchQuery,
  ativo: flagQuery.optional(),
  ...pageQuery(ASSINATURA_LIMIT_PADRAO, ASSINATURA_LIMIT_MAX),
});
export type PlanosQuery = z.output<typeof planosQuerySchema>;

export const planoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  preco: z.number(),
  ciclo: z.enum(CICLO_PLANO_VALUES),
  dias_teste: z.number().int(),
  ativo: z.boolean(),
  /** Subscriptions not cancelled on it. */
  assinaturas: z.number().int(),
  created_at: z.string(),
});
export type Plano = z.infer<typeof planoSchema>;

// ---------------------------------------------------------------------------------------------
// Subscriptions.

/** POST /api/assinaturas: a customer on a plan from a day (its trial, if any, starts then). */
export const assinaturaInputSchema = z.strictObject({
  cliente_id: recordId(M.clienteObrigatorio),
  plano_id: recordId(M.planoObrigatorio),
  inicio: z.string({ error: M.inicioObrigatorio }).pipe(isoDate(M.inicioObrigatorio)),
  forma_pagamento: z.enum(FORMA_PAGAMENTO_VALUES, { error: M.formaPagamento }),
  dias_vencimento: inteiro(0, 90, M.diasVencimento).default(0),
  observacoes: optionalText(2000),
});
export type AssinaturaInput = z.input<typeof assinaturaInputSchema>;
export type AssinaturaDados = z.output<typeof assinaturaInputSchema>;

export const assinaturasQuerySchema = z.strictObject({
  q: searchQuery,
  situacao: z.enum(SITUACAO_ASSINATURA_VALUES, { error: 'Situação inválida' }).optional(),
  plano_id: idQuery(M.planoNaoEncontrado).optional(),
  ...pageQuery(ASSINATURA_LIMIT_PADRAO, ASSINATURA_LIMIT_MAX),
});
export type AssinaturasQuery = z.output<typeof assinaturasQuerySchema>;

/** GET /api/assinaturas/{id}/mudanca-de-plano?plano_id=: the proration before confirming. */
export const mudancaPlanoQuerySchema = z.strictObject({
  plano_id: idQuery(M.planoObrigatorio),
});
/** POST /api/assinaturas/{id}/mudanca-de-plano. */
export const mudancaPlanoInputSchema = z.strictObject({ plano_id: recordId(M.planoObrigatorio) });
export type MudancaPlanoInput = z.input<typeof mudancaPlanoInputSchema>;

export const QUANDO_CANCELAR = [
  { value: 'fim_do_periodo', label: 'Ao fim do período já pago' },
  { value: 'agora', label: 'Agora' },
] as const;
export type QuandoCancelar = (typeof QUANDO_CANCELAR)[number]['value'];

/** POST /api/assinaturas/{id}/cancelamento. */
export const cancelamentoAssinaturaSchema = z.strictObject({
  quando: z.enum(['fim_do_periodo', 'agora'], { error: M.quandoCancelar }),
  motivo: trimmedString()
    .min(1, { error: M.motivoCancelamento })
    .max(500, { error: M.motivoCancelamento }),
});
export type CancelamentoAssinaturaInput = z.input<typeof cancelamentoAssinaturaSchema>;

/** PUT /api/assinaturas/configuracao: the dunning rules. */
export const configuracaoCobrancaSchema = z.strictObject({
  dias_carencia: inteiro(0, 90, M.diasCarencia),
  dias_suspensao: inteiro(0, 180, M.diasSuspensao),
});
export type ConfiguracaoCobranca = z.infer<typeof configuracaoCobrancaSchema>;

// ---------------------------------------------------------------------------------------------
// Answers.

export const assinaturaResumoSchema = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  cliente_id: z.number().int(),
  cliente_nome: z.string(),
  plano_id: z.number().int(),
  plano_nome: z.string(),
  /** The price of a cycle, as subscribed (a later change of the plan's price does not move it). */
  valor: z.number(),
  ciclo: z.enum(CICLO_PLANO_VALUES),
  situacao: z.enum(SITUACAO_ASSINATURA_VALUES),
  inicio: z.string(),
  /** The trial's last day, null without one. */
  fim_teste: z.string().nullable(),
  /** The next bill's day; null when suspended, cancelled or ending with the period. */
  proxima_renovacao: z.string().nullable(),
  cancelar_ao_fim: z.boolean(),
  cancelada_em: z.string().nullable(),
});
export type AssinaturaResumo = z.infer<typeof assinaturaResumoSchema>;

export const assinaturaFaturaSchema = z.object({
  id: z.number().int(),
  periodo_inicio: z.string(),
  periodo_fim: z.string(),
  vencimento: z.string(),
  valor: z.number(),
  titulo_id: z.number().int(),
  situacao_titulo: z.enum(['aberto', 'pago', 'cancelado']),
  created_at: z.string(),
});
export type AssinaturaFatura = z.infer<typeof assinaturaFaturaSchema>;

export const assinaturaMudancaSchema = z.object({
  id: z.number().int(),
  data: z.string(),
  plano_anterior: z.string(),
  plano_novo: z.string(),
  valor_anterior: z.number(),
  valor_novo: z.number(),
  credito: z.number(),
  cobranca: z.number(),
  total: z.number(),
  /** The receivable (total > 0) or the refund's payable (total < 0); null when nothing moved. */
  titulo_id: z.number().int().nullable(),
  usuario_nome: z.string().nullable(),
});
export type AssinaturaMudanca = z.infer<typeof assinaturaMudancaSchema>;

const periodoSchema = z.object({ inicio: z.string(), fim: z.string() });

export const assinaturaSchema = assinaturaResumoSchema.extend({
  forma_pagamento: z.enum(FORMA_PAGAMENTO_VALUES),
  dias_vencimento: z.number().int(),
  observacoes: z.string().nullable(),
  /** The first day billed (the day after the trial). */
  inicio_cobranca: z.string(),
  /** The period the last bill covers, null before the first. */
  periodo_atual: periodoSchema.nullable(),
  motivo_cancelamento: z.string().nullable(),
  inadimplente_em: z.string().nullable(),
  suspensa_em: z.string().nullable(),
  faturas: z.array(assinaturaFaturaSchema),
  mudancas: z.array(assinaturaMudancaSchema),
  created_at: z.string(),
});
export type Assinatura = z.infer<typeof assinaturaSchema>;

/** GET /api/assinaturas/{id}/mudanca-de-plano: what a change today would charge or refund. */
export const mudancaPlanoPreviaSchema = z.object({
  data: z.string(),
  plano_atual: z.string(),
  plano_novo: z.string(),
  valor_atual: z.number(),
  valor_novo: z.number(),
  /** In a trial nothing was billed: no proration, the new price from the first bill. */
  em_teste: z.boolean(),
  periodo: periodoSchema.nullable(),
  dias_periodo: z.number().int(),
  dias_restantes: z.number().int(),
  credito: z.number(),
  cobranca: z.number(),
  total: z.number(),
});
export type MudancaPlanoPrevia = z.infer<typeof mudancaPlanoPreviaSchema>;

/** POST /api/assinaturas/renovar and the daily job: what a run did. */
export const renovacaoResultadoSchema = z.object({
  faturas: z.number().int(),
  valor: z.number(),
  canceladas: z.number().int(),
  inadimplentes: z.number().int(),
  suspensas: z.number().int(),
  reativadas: z.number().int(),
  lembretes: z.number().int(),
});
export type RenovacaoResultado = z.infer<typeof renovacaoResultadoSchema>;

export const metricaMensalSchema = z.object({
  /** aaaa-mm */
  mes: z.string(),
  /** Paying subscribers and MRR at the month's end (today for the current month). */
  assinantes: z.number().int(),
  mrr: z.number(),
  novos: z.number().int(),
  cancelados: z.number().int(),
  /** The monthly value of those cancelled. */
  mrr_cancelado: z.number(),
  /** Cancelled ÷ paying subscribers at the month's start, in %; null without any. */
  churn_contagem: z.number().nullable(),
  /** MRR cancelled ÷ MRR at the month's start, in %. */
  churn_receita: z.number().nullable(),
});
export type MetricaMensal = z.infer<typeof metricaMensalSchema>;

/** GET /api/assinaturas/metricas. */
export const metricasAssinaturasSchema = z.object({
  mrr: z.number(),
  arr: z.number(),
  /** Paying subscribers (Ativa or Inadimplente). */
  assinantes: z.number().int(),
  em_teste: z.number().int(),
  meses: z.array(metricaMensalSchema),
});
export type MetricasAssinaturas = z.infer<typeof metricasAssinaturasSchema>;
