import { arquivoInfoSchema, cepField, ufField } from '../cadastros/cadastro.schema';
import { isISODate } from '../dates';
import { CANAL_VENDA_OS_VALUES } from '../ordens-servico/ordem-servico.rules';
import {
  dayQuery,
  MAX_MONEY,
  money,
  optionalRecordId,
  optionalText,
  pageQuery,
  sortQuery,
  quantity,
  trimmedString,
  z,
} from '../validation';
import { autorizacaoDescontoSchema, formaPagamentoSchema } from '../vendas/venda.schema';
import { FORMA_PAGAMENTO_VALUES } from '../vendas/venda.rules';
import {
  ABAS_ORCAMENTO,
  CONDICAO_PAGAMENTO_VALUES,
  ORCAMENTO_LINHAS_MAX,
  ORCAMENTO_MESSAGES,
  ORCAMENTOS_LIMIT_MAX,
  ORCAMENTOS_LIMIT_PADRAO,
  PARCELAS_MAX,
  PARCELAS_MIN,
  STATUS_ORCAMENTO_ESCOLHIVEIS,
  STATUS_ORCAMENTO_VALUES,
  TIPO_ORCAMENTO_VALUES,
  VALIDADE_MAX_DIAS,
} from './orcamento.rules';

/*
 * Quotes (spec part 2, sections 3.11 and 7, and issue 14). The spec's save fields (cliente_nome,
 * tipo, valor_subtotal, valor_total, data_vencimento, validade_dias, observacoes,
 * condicoes_pagamento, prazo_entrega, responsavel, usuario_id) are accepted; the server computes
 * the totals, the type and the due date itself and takes the author from the session. Lines
 * travel in `produtos` and `servicos`, each {produto_id | servico_id, quantidade, valor,
 * desconto}; a line typed by hand carries `nome` instead of an id.
 */

/** Money or a count the client computed and the server recomputes: any finite number, ignored. */
const ignorado = z.number().nullish().optional();

const dia = (message: string) => z.string({ error: message }).refine(isISODate, { error: message });

const quantidade = z
  .number({ error: ORCAMENTO_MESSAGES.quantidadeInvalida })
  .refine((value) => value > 0, { error: ORCAMENTO_MESSAGES.quantidadeInvalida, abort: true })
  .pipe(quantity({ min: 0, minMessage: ORCAMENTO_MESSAGES.quantidadeInvalida }));

const linhaComum = {
  /** A line typed by hand (not from the catalogue) is named here. */
  nome: optionalText(200),
  detalhes: optionalText(500),
  quantidade: quantidade.default(1),
  /** Left out on a catalogue line: the catalogue's price. */
  valor: money({ min: 0, minMessage: 'O valor não pode ser negativo' })
    .nullish()
    .transform((value) => value ?? null),
  desconto: money({ min: 0, minMessage: 'O desconto não pode ser negativo' })
    .nullish()
    .transform((value) => value ?? 0),
  subtotal: ignorado,
};

type LinhaLivre = { nome: string | null; valor: number | null };
/** A hand-typed line needs its name and its value. */
function exigirNomeEValor(idDaLinha: number | null, linha: LinhaLivre, ctx: z.RefinementCtx) {
  if (idDaLinha !== null) return;
  if (!linha.nome) {
    ctx.addIssue({ code: 'custom', path: ['nome'], message: ORCAMENTO_MESSAGES.linhaSemNome });
  }
  if (linha.valor === null) {
    ctx.addIssue({ code: 'custom', path: ['valor'], message: ORCAMENTO_MESSAGES.valorObrigatorio });
  }
}

export const linhaProdutoOrcamentoSchema = z
  .strictObject({
    produto_id: optionalRecordId(ORCAMENTO_MESSAGES.produtoNaoEncontrado),
    ...linhaComum,
  })
  .superRefine((linha, ctx) => exigirNomeEValor(linha.produto_id, linha, ctx));
export const linhaServicoOrcamentoSchema = z
  .strictObject({
    servico_id: optionalRecordId(ORCAMENTO_MESSAGES.servicoNaoEncontrado),
    ...linhaComum,
  })
  .superRefine((linha, ctx) => exigirNomeEValor(linha.servico_id, linha, ctx));

export const parcelaOrcamentoInputSchema = z.strictObject({
  numero: ignorado,
  vencimento: dia('Vencimento inválido'),
  valor: money({ min: 0.01, minMessage: 'O valor da parcela deve ser maior que zero' }),
});

const linhas = <T extends z.ZodType>(schema: T) =>
  z
    .array(schema)
    .max(ORCAMENTO_LINHAS_MAX, { error: `No máximo ${ORCAMENTO_LINHAS_MAX} linhas` })
    .nullish()
    .transform((value) => (value ?? []) as z.output<T>[]);

/** POST /api/orcamentos and PUT /api/orcamentos/{id}. */
export const orcamentoInputSchema = z
  .strictObject({
    /** A registered customer, or… */
    cliente_id: optionalRecordId(ORCAMENTO_MESSAGES.clienteNaoEncontrado),
    /** …the name of a prospect (the spec's only customer field). */
    cliente_nome: optionalText(200),
    /** The salesperson, from the employees' registry. */
    vendedor_id: optionalRecordId(ORCAMENTO_MESSAGES.funcionarioNaoEncontrado),
    /** The spec's free-text responsible; left out: the salesperson's name or the author's. */
    responsavel: optionalText(200),
    /** Left out: today (company calendar). */
    data: dia('Data inválida')
      .nullish()
      .transform((value) => value ?? null),
    validade_dias: z
      .number({ error: ORCAMENTO_MESSAGES.validadeInvalida })
      .int({ error: ORCAMENTO_MESSAGES.validadeInvalida })
      .min(1, { error: ORCAMENTO_MESSAGES.validadeInvalida })
      .max(VALIDADE_MAX_DIAS, { error: ORCAMENTO_MESSAGES.validadeInvalida })
      .nullish()
      .transform((value) => value ?? null),
    /** Derived from data + validade_dias; a sent value is ignored. */
    data_vencimento: z.string().max(40).nullish().optional(),
    prazo_entrega: optionalText(200),
    aos_cuidados: optionalText(200),
    canal_venda: z
      .enum(CANAL_VENDA_OS_VALUES, { error: 'Canal de venda inválido' })
      .nullish()
      .transform((value) => value ?? 'presencial'),
    centro_custo: optionalText(100),
    /** Left out on create: the default template; null or empty: none. */
    introducao: optionalText(4000).optional(),
    // Lines
    produtos: linhas(linhaProdutoOrcamentoSchema),
    servicos: linhas(linhaServicoOrcamentoSchema),
    // Transport
    frete: money({ min: 0, minMessage: 'O frete não pode ser negativo' })
      .nullish()
      .transform((value) => value ?? 0),
    transportadora_id: optionalRecordId(ORCAMENTO_MESSAGES.transportadoraNaoEncontrada),
    // Delivery address
    cep: cepField(),
    logradouro: optionalText(200),
    numero_endereco: optionalText(20),
    complemento: optionalText(100),
    bairro: optionalText(100),
    cidade: optionalText(100),
    uf: ufField(),
    // Total
    exibir_valor_total: z
      .boolean({ error: 'Informe verdadeiro ou falso' })
      .nullish()
      .transform((value) => value ?? true),
    // Payment
    forma_pagamento: formaPagamentoSchema()
      .nullish()
      .transform((value) => value ?? null),
    /** Null: the quote states no conditions ("gerar condições de pagamento" off). */
    condicao_pagamento: z
      .enum(CONDICAO_PAGAMENTO_VALUES, { error: 'Condição de pagamento inválida' })
      .nullish()
      .transform((value) => value ?? null),
    /** Parcelado: each installment's due date and value; they must add up to the total. */
    parcelas: z
      .array(parcelaOrcamentoInputSchema)
      .max(PARCELAS_MAX, { error: ORCAMENTO_MESSAGES.parcelasObrigatorias })
      .nullish()
      .transform((value) => value ?? []),
    /** The spec's text; derived from condicao_pagamento when there is one. */
    condicoes_pagamento: optionalText(500),
    observacoes: optionalText(4000),
    observacoes_internas: optionalText(4000),
    // Sent by the spec's client, recomputed or taken from the session
    tipo: z.enum(TIPO_ORCAMENTO_VALUES, { error: 'Tipo inválido' }).nullish().optional(),
    valor_subtotal: ignorado,
    valor_total: ignorado,
    usuario_id: ignorado,
    status: z.string().max(40).nullish().optional(),
  })
  .superRefine((orcamento, ctx) => {
    if (orcamento.cliente_id === null && !orcamento.cliente_nome) {
      ctx.addIssue({
        code: 'custom',
        path: ['cliente_nome'],
        message: ORCAMENTO_MESSAGES.clienteObrigatorio,
      });
    }
    if (
      orcamento.condicao_pagamento === 'parcelado' &&
      (orcamento.parcelas.length < PARCELAS_MIN || orcamento.parcelas.length > PARCELAS_MAX)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['parcelas'],
        message: ORCAMENTO_MESSAGES.parcelasObrigatorias,
      });
    }
  });
export type OrcamentoInputValues = z.input<typeof orcamentoInputSchema>;
export type OrcamentoInput = z.output<typeof orcamentoInputSchema>;

/** PATCH /api/orcamentos/{id}/status: send, approve or reject (with the customer's reason). */
export const orcamentoStatusSchema = z.strictObject({
  status: z.enum(STATUS_ORCAMENTO_ESCOLHIVEIS, { error: 'Status inválido' }),
  observacao: optionalText(500),
});
export type OrcamentoStatusInput = z.output<typeof orcamentoStatusSchema>;

/**
 * POST /api/orcamentos/{id}/converter: an approved quote becomes a Pendente product sale and/or
 * an em aberto service order. A prospect's quote names the registered customer here; the
 * payment method is optional (without one, nor the quote's, the Pendente sale gets it before it
 * is finalized); a user's large discount needs a manager's authorization, as at the counter.
 * An empty body (or none) converts the quote as it is.
 */
export const orcamentoConverterSchema = z
  .strictObject({
    cliente_id: optionalRecordId(ORCAMENTO_MESSAGES.clienteNaoEncontrado),
    forma_pagamento: formaPagamentoSchema()
      .nullish()
      .transform((value) => value ?? null),
    autorizacao: autorizacaoDescontoSchema.nullish().transform((value) => value ?? null),
  })
  .nullish()
  .transform((value) => value ?? { cliente_id: null, forma_pagamento: null, autorizacao: null });
export type OrcamentoConverterInput = z.output<typeof orcamentoConverterSchema>;

export const orcamentoConversaoSchema = z.object({
  venda_id: z.number().nullable(),
  ordem_servico_id: z.number().nullable(),
});
export type OrcamentoConversao = z.infer<typeof orcamentoConversaoSchema>;

/** Sort keys of GET /api/orcamentos (a whitelist: each names one server-side ORDER BY). */
export const ORCAMENTO_SORTS = ['data', 'numero', 'cliente', 'valor', 'validade'] as const;
export type OrcamentoSort = (typeof ORCAMENTO_SORTS)[number];

/** GET /api/orcamentos?status=&aba=&tipo=&q=&de=&ate=&sort=&order=&limit=&offset= (newest first). */
export const orcamentoListQuerySchema = z
  .strictObject({
    status: z.enum(STATUS_ORCAMENTO_VALUES, { error: 'Status inválido' }).optional(),
    tipo: z.enum(TIPO_ORCAMENTO_VALUES, { error: 'Tipo inválido' }).optional(),
    /** produtos: quotes with product lines (produto, misto); servicos: with service lines. */
    aba: z.enum(ABAS_ORCAMENTO, { error: 'Aba inválida' }).optional(),
    /** número, cliente_nome or responsavel. */
    q: trimmedString().max(100).optional(),
    de: dayQuery,
    ate: dayQuery,
    ...sortQuery(ORCAMENTO_SORTS),
    ...pageQuery(ORCAMENTOS_LIMIT_PADRAO, ORCAMENTOS_LIMIT_MAX),
  })
  .refine((query) => !query.de || !query.ate || query.de <= query.ate, {
    path: ['ate'],
    error: ORCAMENTO_MESSAGES.periodoInvalido,
  });
export type OrcamentoListQueryInput = z.input<typeof orcamentoListQuerySchema>;
export type OrcamentoListQuery = z.output<typeof orcamentoListQuerySchema>;

const dinheiro = z.number().min(-MAX_MONEY).max(MAX_MONEY);
const status = z.enum(STATUS_ORCAMENTO_VALUES);

/** A row of the list (section 3.11), with the links of a converted quote. */
export const orcamentoResumoSchema = z.object({
  id: z.number(),
  numero: z.number(),
  cliente_id: z.number().nullable(),
  cliente_nome: z.string(),
  tipo: z.enum(TIPO_ORCAMENTO_VALUES),
  valor_total: dinheiro,
  /** The effective status: a pending quote past its validity reads expirado. */
  status,
  /** The quote's date (aaaa-mm-dd). */
  data: z.string(),
  /** When it was written (ISO instant). */
  data_criacao: z.string(),
  /** Its last valid day (aaaa-mm-dd). */
  data_vencimento: z.string(),
  responsavel: z.string().nullable(),
  venda_id: z.number().nullable(),
  ordem_servico_id: z.number().nullable(),
});
export type OrcamentoResumo = z.infer<typeof orcamentoResumoSchema>;
export const orcamentoListSchema = z.array(orcamentoResumoSchema);

const linhaResposta = {
  id: z.number(),
  nome: z.string(),
  detalhes: z.string().nullable(),
  quantidade: z.number(),
  valor: dinheiro,
  desconto: dinheiro,
  subtotal: dinheiro,
};

/** GET /api/orcamentos/{id} and the answer of every write. */
export const orcamentoSchema = orcamentoResumoSchema.extend({
  vendedor_id: z.number().nullable(),
  vendedor_nome: z.string().nullable(),
  validade_dias: z.number(),
  prazo_entrega: z.string().nullable(),
  aos_cuidados: z.string().nullable(),
  canal_venda: z.enum(CANAL_VENDA_OS_VALUES),
  centro_custo: z.string().nullable(),
  introducao: z.string().nullable(),
  produtos: z.array(
    z.object({
      ...linhaResposta,
      produto_id: z.number().nullable(),
      unidade_medida: z.string().nullable(),
    }),
  ),
  servicos: z.array(z.object({ ...linhaResposta, servico_id: z.number().nullable() })),
  frete: dinheiro,
  transportadora_id: z.number().nullable(),
  transportadora_nome: z.string().nullable(),
  cep: z.string().nullable(),
  logradouro: z.string().nullable(),
  numero_endereco: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  total_produtos: dinheiro,
  total_servicos: dinheiro,
  valor_subtotal: dinheiro,
  exibir_valor_total: z.boolean(),
  forma_pagamento: z.enum(FORMA_PAGAMENTO_VALUES).nullable(),
  condicao_pagamento: z.enum(CONDICAO_PAGAMENTO_VALUES).nullable(),
  condicoes_pagamento: z.string().nullable(),
  parcelas: z.array(z.object({ numero: z.number(), vencimento: z.string(), valor: dinheiro })),
  observacoes: z.string().nullable(),
  observacoes_internas: z.string().nullable(),
  venda_numero: z.number().nullable(),
  ordem_servico_numero: z.number().nullable(),
  convertido_em: z.string().nullable(),
  /** Attached files (never their bytes): GET /api/orcamentos/{id}/anexos/{arquivoId}. */
  anexos: z.array(arquivoInfoSchema),
  historico: z.array(
    z.object({
      status,
      usuario_nome: z.string().nullable(),
      observacao: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  updated_at: z.string(),
});
export type Orcamento = z.infer<typeof orcamentoSchema>;
