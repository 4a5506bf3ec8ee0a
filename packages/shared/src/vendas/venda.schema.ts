import {
  dayQuery,
  MAX_MONEY,
  money,
  optionalText,
  pageQuery,
  sortQuery,
  quantity,
  recordId,
  trimmedString,
  z,
} from '../validation';
import { isISODate } from '../dates';
import {
  AGENDAMENTO_MESSAGES,
  FORMA_PAGAMENTO_VALUES,
  formaPagamentoCanonica,
  ITENS_VENDA_MAX,
  PAGAMENTOS_VENDA_MAX,
  STATUS_TODOS,
  TIPOS_VENDA,
  VENDA_MESSAGES,
  VENDAS_LIMIT_MAX,
  VENDAS_LIMIT_PADRAO,
  type FormaPagamento,
} from './venda.rules';

/*
 * Product and counter sales (spec part 2, sections 3.12, 5 and 7). The form and the API share
 * one schema: POST and PUT /api/vendas take the form's fields (cliente_id, forma_pagamento,
 * desconto, observacoes), the lines (itens) and tipo; a quick counter sale also sends
 * atendimento_rapido. The totals the spec's client sends (valor_total, each line's subtotal and
 * produto_nome) are accepted and ignored: the server computes them from the lines.
 */

/**
 * A payment method wherever one is sent (sales and their payments, quotes, finance, the caixa's
 * count): its code or the spec's name ('Dinheiro', 'Cartão de Crédito', 'PIX'...), in any case,
 * with or without accents; the answer is the code. The input type stays the code: the screens
 * send codes.
 */
export const formaPagamentoSchema = (message = 'Forma de pagamento inválida') =>
  z.preprocess(
    (value: FormaPagamento) => formaPagamentoCanonica(value),
    z.enum(FORMA_PAGAMENTO_VALUES, { error: message }),
  );

const forma = formaPagamentoSchema(VENDA_MESSAGES.formaObrigatoria);

/** Money the client computed and the server recomputes: any finite number, ignored. */
const ignorado = z.number().nullish().optional();

export const itemVendaInputSchema = z.strictObject({
  produto_id: recordId(VENDA_MESSAGES.produtoObrigatorio),
  quantidade: z
    .number({ error: VENDA_MESSAGES.quantidadeInvalida })
    .refine((value) => value > 0, { error: VENDA_MESSAGES.quantidadeInvalida, abort: true })
    .pipe(quantity({ min: 0, minMessage: VENDA_MESSAGES.quantidadeInvalida })),
  /** Left out: the product's price. */
  preco_unitario: money({ min: 0, minMessage: 'O preço unitário não pode ser negativo' })
    .nullish()
    .transform((value) => value ?? null),
  desconto_item: money({ min: 0, minMessage: 'O desconto não pode ser negativo' })
    .nullish()
    .transform((value) => value ?? 0),
  produto_nome: trimmedString().max(200).nullish(),
  subtotal: ignorado,
});
export type ItemVendaInput = z.output<typeof itemVendaInputSchema>;

export const pagamentoInputSchema = z.strictObject({
  forma,
  valor: money({ min: 0.01, minMessage: 'O valor do pagamento deve ser maior que zero' }),
});

/** A manager's or admin's e-mail and password, typed at the counter to allow a large discount. */
export const autorizacaoDescontoSchema = z.strictObject({
  email: trimmedString().min(1, { error: VENDA_MESSAGES.autorizacaoInvalida }).max(255),
  senha: z.string().min(1, { error: VENDA_MESSAGES.autorizacaoInvalida }).max(200),
});
export type AutorizacaoDesconto = z.infer<typeof autorizacaoDescontoSchema>;

/** A product or counter sale: POST /api/vendas and PUT /api/vendas/{id}. */
export const vendaProdutoInputSchema = z
  .strictObject({
    tipo: z.enum(['produto', 'balcao'], { error: 'Tipo de venda inválido' }),
    /** A registered customer; optional at the counter ("Cliente Balcão"). */
    cliente_id: recordId(VENDA_MESSAGES.clienteObrigatorio)
      .nullish()
      .transform((value) => value ?? null),
    /** A name typed at the counter for a customer who is not registered. */
    cliente_nome: optionalText(200),
    forma_pagamento: forma.nullish().transform((value) => value ?? null),
    /** Several payments (cash with troco, card plus cash...); left out: one of forma_pagamento. */
    pagamentos: z
      .array(pagamentoInputSchema)
      .max(PAGAMENTOS_VENDA_MAX, {
        error: `Informe no máximo ${PAGAMENTOS_VENDA_MAX} pagamentos`,
      })
      .nullish()
      .transform((value) => value ?? null),
    desconto: money({ min: 0, minMessage: 'O desconto não pode ser negativo' })
      .nullish()
      .transform((value) => value ?? 0),
    /** Delivery charged with a product sale (a converted quote's freight). */
    frete: money({ min: 0, minMessage: 'O frete não pode ser negativo' })
      .nullish()
      .transform((value) => value ?? 0),
    observacoes: optionalText(1000),
    itens: z
      .array(itemVendaInputSchema, { error: VENDA_MESSAGES.itensObrigatorios })
      .min(1, { error: VENDA_MESSAGES.itensObrigatorios })
      .max(ITENS_VENDA_MAX, { error: VENDA_MESSAGES.itensDemais }),
    /** A quick counter sale: the server finalizes it at once (section 4). */
    atendimento_rapido: z
      .boolean()
      .nullish()
      .transform((value) => value ?? false),
    /** When the cashier started this customer's sale (the counter's average service time). */
    inicio_atendimento: z.iso
      .datetime({ offset: true, error: 'Data e hora inválidas' })
      .nullish()
      .transform((value) => value ?? null),
    autorizacao: autorizacaoDescontoSchema.nullish().transform((value) => value ?? null),
    valor_total: ignorado,
    valor_final: ignorado,
  })
  .superRefine((venda, ctx) => {
    if (venda.tipo === 'produto' && venda.cliente_id === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['cliente_id'],
        message: VENDA_MESSAGES.clienteObrigatorio,
      });
    }
    if (venda.forma_pagamento === null && !venda.pagamentos?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['forma_pagamento'],
        message: VENDA_MESSAGES.formaObrigatoria,
      });
    }
    if (venda.tipo === 'balcao') {
      const formas = [venda.forma_pagamento, ...(venda.pagamentos ?? []).map((p) => p.forma)];
      if (formas.includes('boleto')) {
        ctx.addIssue({
          code: 'custom',
          path: ['forma_pagamento'],
          message: VENDA_MESSAGES.formaInvalidaBalcao,
        });
      }
    }
  });
export type VendaProdutoInput = z.output<typeof vendaProdutoInputSchema>;

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * An appointment (a service sale, section 3.12): cliente, serviço, data, hora, duração (the
 * service's when left out) and profissional (an employee). The spec's form also sends status
 * (always Agendado) and valor_total (the server takes the service's price).
 */
export const vendaServicoInputSchema = z.strictObject({
  tipo: z.literal('servico', { error: 'Tipo de venda inválido' }),
  cliente_id: recordId(VENDA_MESSAGES.clienteObrigatorio),
  servico_id: recordId(AGENDAMENTO_MESSAGES.servicoObrigatorio),
  data_agendamento: z
    .string({ error: AGENDAMENTO_MESSAGES.dataObrigatoria })
    .refine(isISODate, { error: AGENDAMENTO_MESSAGES.dataObrigatoria }),
  hora_inicio: z
    .string({ error: AGENDAMENTO_MESSAGES.horarioInvalido })
    .regex(HORA, { error: AGENDAMENTO_MESSAGES.horarioInvalido }),
  duracao_estimada: z
    .number({ error: 'Informe a duração em minutos' })
    .int({ error: 'Informe a duração em minutos' })
    .min(5, { error: 'A duração mínima é de 5 minutos' })
    .max(660, { error: 'A duração máxima é de 11 horas' })
    .nullish()
    .transform((value) => value ?? null),
  profissional_id: recordId(AGENDAMENTO_MESSAGES.profissionalObrigatorio),
  /** The name the spec's form shows; the employee is profissional_id. */
  profissional: trimmedString().max(200).nullish(),
  observacoes: optionalText(1000),
  status: z.literal('Agendado', { error: 'Um agendamento é criado como Agendado' }).nullish(),
  forma_pagamento: forma.nullish().transform((value) => value ?? null),
  desconto: money({ min: 0, minMessage: 'O desconto não pode ser negativo' })
    .nullish()
    .transform((value) => value ?? 0),
  servico_nome: trimmedString().max(200).nullish(),
  /** The spec lists itens on every sale: an appointment sends none (its service is its line). */
  itens: z
    .array(z.unknown(), { error: AGENDAMENTO_MESSAGES.semItens })
    .max(0, { error: AGENDAMENTO_MESSAGES.semItens })
    .nullish(),
  valor_total: ignorado,
  valor_final: ignorado,
});
export type VendaServicoInput = z.output<typeof vendaServicoInputSchema>;

/** POST /api/vendas and PUT /api/vendas/{id}: a product or counter sale, or an appointment. */
export const vendaInputSchema = z.discriminatedUnion(
  'tipo',
  [vendaProdutoInputSchema, vendaServicoInputSchema],
  { error: 'Tipo de venda inválido' },
);
export type VendaInputValues = z.input<typeof vendaInputSchema>;
export type VendaInput = z.output<typeof vendaInputSchema>;

/** PATCH /api/vendas/{id}/status. */
export const vendaStatusInputSchema = z.strictObject({
  status: z.enum(STATUS_TODOS, { error: 'Status inválido' }),
  motivo: optionalText(200),
});
export type VendaStatusInput = z.output<typeof vendaStatusInputSchema>;

/** Sort keys of GET /api/vendas (a whitelist: each names one server-side ORDER BY). */
export const VENDA_SORTS = ['data', 'numero', 'cliente', 'valor'] as const;
export type VendaSort = (typeof VENDA_SORTS)[number];

/** GET /api/vendas?tipo=&status=&q=&de=&ate=&sort=&order=&limit=&offset= (newest first). */
export const vendaListQuerySchema = z
  .strictObject({
    tipo: z.enum(TIPOS_VENDA, { error: 'Tipo de venda inválido' }).optional(),
    status: z.enum(STATUS_TODOS, { error: 'Status inválido' }).optional(),
    q: trimmedString().max(100).optional(),
    de: dayQuery,
    ate: dayQuery,
    ...sortQuery(VENDA_SORTS),
    ...pageQuery(VENDAS_LIMIT_PADRAO, VENDAS_LIMIT_MAX),
  })
  .refine((query) => !query.de || !query.ate || query.de <= query.ate, {
    path: ['ate'],
    error: VENDA_MESSAGES.periodoInvalido,
  });
export type VendaListQueryInput = z.input<typeof vendaListQuerySchema>;
export type VendaListQuery = z.output<typeof vendaListQuerySchema>;

/** GET /api/vendas/{id}/comprovante?formato=80mm|a4 */
export const comprovanteQuerySchema = z.strictObject({
  formato: z.enum(['80mm', 'a4'], { error: 'Formato inválido: use 80mm ou a4' }).default('80mm'),
});
export type ComprovanteQuery = z.output<typeof comprovanteQuerySchema>;

const dinheiro = z.number().min(-MAX_MONEY).max(MAX_MONEY);

/** A sale as lists show it (section 3.12; money as numbers). */
export const vendaResumoSchema = z.object({
  id: z.number(),
  numero: z.number(),
  tipo: z.enum(TIPOS_VENDA),
  status: z.enum(STATUS_TODOS),
  cliente_id: z.number().nullable(),
  /** The registered customer's name, the name typed at the counter, or null. */
  cliente_nome: z.string().nullable(),
  forma_pagamento: z.string().nullable(),
  /** Σ of the lines' subtotals, before the general discount. */
  valor_total: dinheiro,
  desconto: dinheiro,
  frete: dinheiro,
  /** valor_total − desconto + frete. */
  valor_final: dinheiro,
  troco: dinheiro,
  observacoes: z.string().nullable(),
  atendimento_rapido: z.boolean(),
  data_venda: z.string(),
  vendedor_id: z.number().nullable(),
  vendedor_nome: z.string().nullable(),
  caixa_id: z.number().nullable(),
  // An appointment's fields (null on product and counter sales).
  servico_id: z.number().nullable(),
  servico_nome: z.string().nullable(),
  data_agendamento: z.string().nullable(),
  hora_inicio: z.string().nullable(),
  duracao_estimada: z.number().nullable(),
  profissional_id: z.number().nullable(),
  profissional: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VendaResumo = z.infer<typeof vendaResumoSchema>;
export const vendaListSchema = z.array(vendaResumoSchema);

export const itemVendaSchema = z.object({
  id: z.number(),
  produto_id: z.number(),
  /** Name, unit, price and cost as they were when the sale was made. */
  produto_nome: z.string(),
  unidade_medida: z.string(),
  quantidade: z.number(),
  preco_unitario: dinheiro,
  desconto_item: dinheiro,
  subtotal: dinheiro,
  custo_unitario: dinheiro,
});
export type ItemVenda = z.infer<typeof itemVendaSchema>;

export const historicoVendaSchema = z.object({
  status: z.enum(STATUS_TODOS),
  usuario_nome: z.string().nullable(),
  motivo: z.string().nullable(),
  created_at: z.string(),
});

/** GET /api/vendas/{id} and the answer of every write: the sale with its lines and payments. */
export const vendaSchema = vendaResumoSchema.extend({
  itens: z.array(itemVendaSchema),
  pagamentos: z.array(z.object({ forma: z.enum(FORMA_PAGAMENTO_VALUES), valor: dinheiro })),
  historico: z.array(historicoVendaSchema),
  desconto_autorizado_por_nome: z.string().nullable(),
  inicio_atendimento: z.string().nullable(),
  finalizada_em: z.string().nullable(),
  cancelada_em: z.string().nullable(),
  /** When an appointment was started (Iniciar) and concluded. */
  iniciado_em: z.string().nullable(),
  concluido_em: z.string().nullable(),
  /** The quote this sale came from. */
  orcamento_id: z.number().nullable(),
  orcamento_numero: z.number().nullable(),
});
export type Venda = z.infer<typeof vendaSchema>;

/** GET /api/vendas/stats/balcao: today in the company's time zone. */
export const vendaStatsBalcaoSchema = z.object({
  vendasHoje: z.number(),
  faturamentoHoje: dinheiro,
  /** Minutes, one decimal. */
  tempoMedioAtendimento: z.number(),
  vendasPendentes: z.number(),
});
export type VendaStatsBalcao = z.infer<typeof vendaStatsBalcaoSchema>;

/** GET /api/vendas/stats/servicos. */
export const vendaStatsServicosSchema = z.object({
  agendamentosHoje: z.number(),
  servicosAndamento: z.number(),
  faturamentoMes: dinheiro,
  /** Minutes from Iniciar to Concluir, this month, one decimal. */
  tempoMedioServico: z.number(),
});
export type VendaStatsServicos = z.infer<typeof vendaStatsServicosSchema>;

/** GET /api/agendamentos/disponibilidade?data=&profissional=&servico=&ignorar= */
export const disponibilidadeQuerySchema = z.strictObject({
  data: z
    .string({ error: AGENDAMENTO_MESSAGES.dataObrigatoria })
    .refine(isISODate, { error: AGENDAMENTO_MESSAGES.dataObrigatoria }),
  profissional: z.coerce
    .number({ error: AGENDAMENTO_MESSAGES.profissionalNaoEncontrado })
    .int()
    .positive({ error: AGENDAMENTO_MESSAGES.profissionalNaoEncontrado })
    .optional(),
  servico: z.coerce
    .number({ error: AGENDAMENTO_MESSAGES.servicoNaoEncontrado })
    .int()
    .positive({ error: AGENDAMENTO_MESSAGES.servicoNaoEncontrado })
    .optional(),
  /** The appointment being edited: its own slot counts as free. */
  ignorar: z.coerce.number().int().positive().optional(),
});
export type DisponibilidadeQuery = z.output<typeof disponibilidadeQuerySchema>;

export const disponibilidadeSchema = z.object({ horariosDisponiveis: z.array(z.string()) });
export type Disponibilidade = z.infer<typeof disponibilidadeSchema>;
