import {
  isoDate,
  money,
  optionalText,
  pageQuery,
  percent,
  quantity,
  recordId,
  searchQuery,
  trimmedString,
  z,
} from '../validation';
import { SITUACOES_NFSE } from '../fiscal/nfse.schema';
import { FORMA_PAGAMENTO_VALUES } from '../vendas/venda.rules';
import {
  CONTRATO_ITENS_MAX,
  CONTRATO_LIMIT_MAX,
  CONTRATO_LIMIT_PADRAO,
  CONTRATO_MESSAGES as M,
  INDICE_REAJUSTE_VALUES,
  INDICES_PUBLICADOS,
  PERIODICIDADE_VALUES,
  SITUACAO_CONTRATO_VALUES,
} from './contrato.rules';

/*
 * Service contracts (issue 31, part 1): the customer, the services with quantity and price, the
 * calendar (start, optional end, periodicidade, billing day, days to the due date and whether
 * it moves to a business day), the payment method, fidelidade with its fee, and the reajuste.
 */

const inteiro = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, {
    error: message,
  });

export const contratoItemInputSchema = z.strictObject({
  servico_id: recordId(M.servicoNaoEncontrado),
  quantidade: z
    .number({ error: M.quantidadeInvalida })
    .refine((v) => v > 0, { error: M.quantidadeInvalida, abort: true })
    .pipe(quantity({ min: 0, minMessage: M.quantidadeInvalida }))
    .default(1),
  /** The unit price of each cycle. */
  valor: money({ min: 0.01, minMessage: M.valorPositivo }),
});
export type ContratoItemInput = z.input<typeof contratoItemInputSchema>;

const itens = z
  .array(contratoItemInputSchema, { error: M.itensObrigatorios })
  .min(1, { error: M.itensObrigatorios })
  .max(CONTRATO_ITENS_MAX, { error: M.itensMaximo });

const campos = {
  cliente_id: recordId(M.clienteObrigatorio),
  descricao: optionalText(200),
  inicio: z.string({ error: M.inicioObrigatorio }).pipe(isoDate(M.inicioObrigatorio)),
  fim: isoDate()
    .nullish()
    .transform((v) => v ?? null),
  periodicidade: z.enum(PERIODICIDADE_VALUES, { error: M.periodicidade }),
  dia_faturamento: inteiro(1, 31, M.diaFaturamento),
  dias_vencimento: inteiro(0, 90, M.diasVencimento).default(0),
  /** A due date on a weekend or bank holiday moves to the next business day. */
  vencimento_dia_util: z.boolean({ error: 'Informe sim ou não' }).default(true),
  forma_pagamento: z.enum(FORMA_PAGAMENTO_VALUES, { error: M.formaPagamento }),
  fidelidade_meses: inteiro(0, 60, M.fidelidade).default(0),
  /** Percent of the remaining fidelidade months' price. */
  multa_fidelidade: percent().default(0),
  reajuste_indice: z
    .enum(INDICE_REAJUSTE_VALUES, { error: 'Escolha o índice do reajuste' })
    .nullish()
    .transform((v) => v ?? null),
  reajuste_percentual: percent(0, 100)
    .nullish()
    .transform((v) => v ?? null),
  observacoes: optionalText(2000),
};

type Campos = {
  inicio: string;
  fim: string | null;
  reajuste_indice: string | null;
  reajuste_percentual: number | null;
};
function regrasDoContrato(value: Campos, ctx: z.RefinementCtx) {
  if (value.fim !== null && value.fim <= value.inicio) {
    ctx.addIssue({ code: 'custom', path: ['fim'], message: M.fimAntesDoInicio });
  }
  if (value.reajuste_indice === 'fixo' && value.reajuste_percentual === null) {
    ctx.addIssue({ code: 'custom', path: ['reajuste_percentual'], message: M.reajustePercentual });
  }
}

/** POST /api/contratos. */
export const contratoInputSchema = z
  .strictObject({ ...campos, itens })
  .superRefine(regrasDoContrato);
export type ContratoInput = z.input<typeof contratoInputSchema>;

/** PUT /api/contratos/{id}: everything but the prices, which change from a date (…/precos). */
export const contratoUpdateSchema = z.strictObject(campos).superRefine(regrasDoContrato);
export type ContratoUpdateInput = z.input<typeof contratoUpdateSchema>;

/** POST /api/contratos/{id}/precos: the services and prices from `vigente_de` on. */
export const contratoPrecosSchema = z.strictObject({
  vigente_de: z.string({ error: M.vigenciaObrigatoria }).pipe(isoDate(M.vigenciaObrigatoria)),
  itens,
});
export type ContratoPrecosInput = z.input<typeof contratoPrecosSchema>;

/** PATCH /api/contratos/{id}/status. */
export const contratoStatusSchema = z
  .strictObject({
    situacao: z.enum(SITUACAO_CONTRATO_VALUES, { error: 'Situação inválida' }),
    /** Cancelling: why (required) and on which day (today when left out). */
    motivo: trimmedString().max(500, { error: M.motivoCancelamento }).optional(),
    data: isoDate().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.situacao === 'Cancelado' && !value.motivo) {
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: M.motivoCancelamento });
    }
  });
export type ContratoStatusInput = z.input<typeof contratoStatusSchema>;

/** GET /api/contratos/{id}/cancelamento: the fee a cancellation on `data` (today) would charge. */
export const cancelamentoQuerySchema = z.strictObject({ data: isoDate().optional() });

export const contratosQuerySchema = z.strictObject({
  q: searchQuery,
  situacao: z.enum(SITUACAO_CONTRATO_VALUES, { error: 'Situação inválida' }).optional(),
  ...pageQuery(CONTRATO_LIMIT_PADRAO, CONTRATO_LIMIT_MAX),
});
export type ContratosQuery = z.input<typeof contratosQuerySchema>;

/** GET /api/contratos/a-faturar: what is due up to `ate` (today in the company's zone). */
export const aFaturarQuerySchema = z.strictObject({ ate: isoDate().optional() });

/** POST /api/contratos/faturar: bills what is due today (of these contracts, or all). */
export const faturarSchema = z.strictObject({
  contrato_ids: z.array(recordId(M.naoEncontrado)).max(CONTRATO_LIMIT_MAX).optional(),
});

const mesIndice = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: M.mesIndice });

/** PUT /api/contratos/indices: one month's rate of an index (IPCA, IGP-M), as published. */
export const indiceInputSchema = z.strictObject({
  indice: z.enum(INDICES_PUBLICADOS, { error: M.indice }),
  mes: mesIndice,
  percentual: z
    .number({ error: M.percentualIndice })
    .min(-50, { error: M.percentualIndice })
    .max(100, { error: M.percentualIndice })
    .refine(
      (v) =>
        Math.round(v * 10_000) === v * 10_000 ||
        Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6,
      {
        error: M.percentualIndice,
      },
    ),
});
export type IndiceInput = z.input<typeof indiceInputSchema>;
export const indiceParamsSchema = z.strictObject({
  indice: z.enum(INDICES_PUBLICADOS, { error: M.indice }),
  mes: mesIndice,
});

// ---------------------------------------------------------------------------------------------
// Answers.

export const contratoItemSchema = z.object({
  servico_id: z.number().int(),
  servico_nome: z.string(),
  quantidade: z.number(),
  valor: z.number(),
  subtotal: z.number(),
  vigente_de: z.string(),
  vigente_ate: z.string().nullable(),
});
export type ContratoItem = z.infer<typeof contratoItemSchema>;

export const contratoFaturaSchema = z.object({
  id: z.number().int(),
  periodo_inicio: z.string(),
  periodo_fim: z.string(),
  vencimento: z.string(),
  valor: z.number(),
  titulo_id: z.number().int(),
  /** The receivable's state: aberto, pago or cancelado. */
  situacao_titulo: z.enum(['aberto', 'pago', 'cancelado']),
  /** Its NFS-e in force (not cancelled), if one was issued. */
  nfse_id: z.number().int().nullable(),
  nfse_situacao: z.enum(SITUACOES_NFSE).nullable(),
  created_at: z.string(),
});
export type ContratoFatura = z.infer<typeof contratoFaturaSchema>;

export const contratoReajusteSchema = z.object({
  aniversario: z.string(),
  indice: z.string(),
  percentual: z.number(),
  aplicado_em: z.string(),
});

export const contratoResumoSchema = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  cliente_id: z.number().int(),
  cliente_nome: z.string(),
  descricao: z.string().nullable(),
  situacao: z.enum(SITUACAO_CONTRATO_VALUES),
  periodicidade: z.enum(PERIODICIDADE_VALUES),
  dia_faturamento: z.number().int(),
  inicio: z.string(),
  fim: z.string().nullable(),
  /** The price of a cycle today. */
  valor_ciclo: z.number(),
  /** The next bill's date, null when there is none (cancelled, suspended or ended). */
  proximo_faturamento: z.string().nullable(),
});
export type ContratoResumo = z.infer<typeof contratoResumoSchema>;

export const contratoSchema = contratoResumoSchema.extend({
  dias_vencimento: z.number().int(),
  vencimento_dia_util: z.boolean(),
  forma_pagamento: z.enum(FORMA_PAGAMENTO_VALUES),
  fidelidade_meses: z.number().int(),
  multa_fidelidade: z.number(),
  reajuste_indice: z.enum(INDICE_REAJUSTE_VALUES).nullable(),
  reajuste_percentual: z.number().nullable(),
  observacoes: z.string().nullable(),
  primeiro_faturamento: z.string(),
  /** Current services and prices. */
  itens: z.array(contratoItemSchema),
  /** Every price the contract had, the current ones included, newest first. */
  historico_precos: z.array(contratoItemSchema),
  faturas: z.array(contratoFaturaSchema),
  reajustes: z.array(contratoReajusteSchema),
  /** A reajuste due whose index months are not all in the table (billing goes on at the old price). */
  reajuste_pendente: z.string().nullable(),
  suspenso_em: z.string().nullable(),
  cancelado_em: z.string().nullable(),
  motivo_cancelamento: z.string().nullable(),
  multa_cancelamento: z.number().nullable(),
  created_at: z.string(),
});
export type Contrato = z.infer<typeof contratoSchema>;

export const cancelamentoPreviaSchema = z.object({
  data: z.string(),
  fim_fidelidade: z.string().nullable(),
  meses_restantes: z.number().int(),
  multa: z.number(),
});
export type CancelamentoPrevia = z.infer<typeof cancelamentoPreviaSchema>;

export const aFaturarSchema = z.object({
  contrato_id: z.number().int(),
  numero: z.number().int(),
  cliente_nome: z.string(),
  periodo_inicio: z.string(),
  periodo_fim: z.string(),
  vencimento: z.string(),
  valor: z.number(),
});
export type AFaturar = z.infer<typeof aFaturarSchema>;

export const faturamentoResultadoSchema = z.object({
  faturas: z.number().int(),
  valor: z.number(),
  reajustes: z.number().int(),
});
export type FaturamentoResultado = z.infer<typeof faturamentoResultadoSchema>;

export const indiceSchema = z.object({
  indice: z.enum(INDICES_PUBLICADOS),
  mes: z.string(),
  percentual: z.number(),
});
export type Indice = z.infer<typeof indiceSchema>;

/** GET /api/contratos/faturamento-automatico: the daily billing job's last run. */
export const faturamentoAutomaticoSchema = z.object({
  /** When it last ran (null: never). */
  executado_em: z.string().nullable(),
  /** What it did ("3 faturas, R$ 450,00") or null. */
  resultado: z.string().nullable(),
  /** The last run's error, when it failed. */
  erro: z.string().nullable(),
  /** When it runs next (the next day's start in the company's zone, or sooner after a failure). */
  proximo_em: z.string().nullable(),
});
export type FaturamentoAutomatico = z.infer<typeof faturamentoAutomaticoSchema>;
