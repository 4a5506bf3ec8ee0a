import { arquivoInfoSchema, cepField, ufField } from '../cadastros/cadastro.schema';
import { isISODate } from '../dates';
import {
  dayQuery,
  MAX_MONEY,
  money,
  optionalRecordId,
  optionalText,
  pageQuery,
  sortQuery,
  quantity,
  recordId,
  trimmedString,
  z,
} from '../validation';
import {
  CANAL_VENDA_OS_VALUES,
  OS_LIMIT_MAX,
  OS_LIMIT_PADRAO,
  OS_LINHAS_MAX,
  OS_MESSAGES,
  PRAZO_OS_VALUES,
  PRIORIDADE_OS_VALUES,
  SITUACAO_OS_VALUES,
} from './ordem-servico.rules';

/*
 * Service orders (spec part 2, section 3.8, and issue 12): every field of the form, in the house
 * style (cliente_id, vendedor_id, tecnico_id, prazo aaaa-mm-dd, prioridade, situacao). Product
 * lines travel in `produtos` and service lines in `servicos`, each {produto_id | servico_id,
 * quantidade, valor, desconto}; the server computes the subtotals and totals.
 */

const quantidade = z
  .number({ error: OS_MESSAGES.quantidadeInvalida })
  .refine((value) => value > 0, { error: OS_MESSAGES.quantidadeInvalida, abort: true })
  .pipe(quantity({ min: 0, minMessage: OS_MESSAGES.quantidadeInvalida }));

const valorLinha = money({ min: 0, minMessage: 'O valor não pode ser negativo' });
const descontoLinha = money({ min: 0, minMessage: 'O desconto não pode ser negativo' })
  .nullish()
  .transform((value) => value ?? 0);
const dinheiroOpcional = (minMessage: string) =>
  money({ min: 0, minMessage })
    .nullish()
    .transform((value) => value ?? 0);

export const linhaProdutoOsSchema = z.strictObject({
  produto_id: recordId(OS_MESSAGES.produtoNaoEncontrado),
  detalhes: optionalText(500),
  quantidade: quantidade.default(1),
  /** Left out: the product's price. */
  valor: valorLinha.nullish().transform((value) => value ?? null),
  desconto: descontoLinha,
  subtotal: z.number().nullish().optional(),
});

export const linhaServicoOsSchema = z.strictObject({
  servico_id: recordId(OS_MESSAGES.servicoNaoEncontrado),
  detalhes: optionalText(500),
  quantidade: quantidade.default(1),
  /** Left out: the service's price. */
  valor: valorLinha.nullish().transform((value) => value ?? null),
  desconto: descontoLinha,
  subtotal: z.number().nullish().optional(),
});

const dataHora = z.iso
  .datetime({ offset: true, error: 'Data e hora inválidas' })
  .nullish()
  .transform((value) => value ?? null);

/** POST /api/ordens-servico and PUT /api/ordens-servico/{id}. */
export const ordemServicoInputSchema = z
  .strictObject({
    cliente_id: recordId(OS_MESSAGES.clienteObrigatorio),
    /** Left out on create: now. */
    data_entrada: dataHora,
    data_saida: dataHora,
    prazo: z
      .string({ error: 'Prazo inválido' })
      .refine(isISODate, { error: 'Prazo inválido' })
      .nullish()
      .transform((value) => value ?? null),
    canal_venda: z
      .enum(CANAL_VENDA_OS_VALUES, { error: 'Canal de venda inválido' })
      .nullish()
      .transform((value) => value ?? 'presencial'),
    centro_custo: optionalText(100),
    prioridade: z
      .enum(PRIORIDADE_OS_VALUES, { error: 'Prioridade inválida' })
      .nullish()
      .transform((value) => value ?? 'media'),
    vendedor_id: optionalRecordId(OS_MESSAGES.funcionarioNaoEncontrado),
    tecnico_id: optionalRecordId(OS_MESSAGES.funcionarioNaoEncontrado),
    // Equipment
    equipamento: optionalText(200),
    marca: optionalText(100),
    modelo: optionalText(100),
    numero_serie: optionalText(100),
    condicoes: optionalText(2000),
    defeitos: optionalText(2000),
    acessorios: optionalText(2000),
    solucao: optionalText(4000),
    laudo: optionalText(4000),
    termos: optionalText(4000),
    // Lines
    produtos: z
      .array(linhaProdutoOsSchema)
      .max(OS_LINHAS_MAX, { error: `No máximo ${OS_LINHAS_MAX} linhas` })
      .nullish()
      .transform((value) => value ?? []),
    servicos: z
      .array(linhaServicoOsSchema)
      .max(OS_LINHAS_MAX, { error: `No máximo ${OS_LINHAS_MAX} linhas` })
      .nullish()
      .transform((value) => value ?? []),
    // Delivery address
    cep: cepField(),
    logradouro: optionalText(200),
    numero_endereco: optionalText(20),
    complemento: optionalText(100),
    bairro: optionalText(100),
    cidade: optionalText(100),
    uf: ufField(),
    // Totals
    frete: dinheiroOpcional('O frete não pode ser negativo'),
    outros: dinheiroOpcional('O valor de outros não pode ser negativo'),
    desconto: dinheiroOpcional('O desconto não pode ser negativo'),
    exibir_total: z
      .boolean({ error: 'Informe verdadeiro ou falso' })
      .nullish()
      .transform((value) => value ?? true),
    observacoes: optionalText(4000),
    observacoes_internas: optionalText(4000),
    valor_total: z.number().nullish().optional(),
  })
  .refine((os) => !os.data_entrada || !os.data_saida || os.data_saida >= os.data_entrada, {
    path: ['data_saida'],
    error: OS_MESSAGES.dataSaidaAntes,
  });
export type OrdemServicoInputValues = z.input<typeof ordemServicoInputSchema>;
export type OrdemServicoInput = z.output<typeof ordemServicoInputSchema>;

/** PATCH /api/ordens-servico/{id}/status. */
export const ordemServicoStatusSchema = z.strictObject({
  situacao: z.enum(SITUACAO_OS_VALUES, { error: 'Situação inválida' }),
  /** Who approved the budget (aguardando-aprovacao → em-andamento). */
  aprovado_por: optionalText(200),
  /** Who took the equipment back (concluida → entregue). */
  entregue_a: optionalText(200),
  observacao: optionalText(500),
});
export type OrdemServicoStatusInput = z.output<typeof ordemServicoStatusSchema>;

const positiveIntQuery = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

/** Sort keys of GET /api/ordens-servico (a whitelist: each names one server-side ORDER BY). */
export const OS_SORTS = ['data', 'numero', 'prazo', 'valor'] as const;
export type OrdemServicoSort = (typeof OS_SORTS)[number];

/**
 * GET /api/ordens-servico?situacao=&prioridade=&tecnico_id=&cliente_id=&prazo=&de=&ate=&q=
 * &sort=&order=&limit=&offset= (newest first).
 */
export const ordemServicoListQuerySchema = z
  .strictObject({
    situacao: z.enum([...SITUACAO_OS_VALUES, 'abertas'], { error: 'Situação inválida' }).optional(),
    prioridade: z.enum(PRIORIDADE_OS_VALUES, { error: 'Prioridade inválida' }).optional(),
    prazo: z.enum(PRAZO_OS_VALUES, { error: 'Prazo inválido' }).optional(),
    tecnico_id: positiveIntQuery('Técnico inválido').optional(),
    cliente_id: positiveIntQuery('Cliente inválido').optional(),
    q: trimmedString().max(100).optional(),
    de: dayQuery,
    ate: dayQuery,
    ...sortQuery(OS_SORTS),
    ...pageQuery(OS_LIMIT_PADRAO, OS_LIMIT_MAX),
  })
  .refine((query) => !query.de || !query.ate || query.de <= query.ate, {
    path: ['ate'],
    error: OS_MESSAGES.periodoInvalido,
  });
export type OrdemServicoListQueryInput = z.input<typeof ordemServicoListQuerySchema>;
export type OrdemServicoListQuery = z.output<typeof ordemServicoListQuerySchema>;

const dinheiro = z.number().min(-MAX_MONEY).max(MAX_MONEY);
const situacao = z.enum(SITUACAO_OS_VALUES);
const prioridade = z.enum(PRIORIDADE_OS_VALUES);

/** A row of the list. */
export const ordemServicoResumoSchema = z.object({
  id: z.number(),
  numero: z.number(),
  cliente_id: z.number(),
  cliente_nome: z.string().nullable(),
  equipamento: z.string().nullable(),
  tecnico_id: z.number().nullable(),
  tecnico_nome: z.string().nullable(),
  prioridade,
  situacao,
  prazo: z.string().nullable(),
  data_entrada: z.string(),
  valor_total: dinheiro,
});
export type OrdemServicoResumo = z.infer<typeof ordemServicoResumoSchema>;
export const ordemServicoListSchema = z.array(ordemServicoResumoSchema);

const linhaResposta = {
  id: z.number(),
  nome: z.string(),
  detalhes: z.string().nullable(),
  quantidade: z.number(),
  valor: dinheiro,
  desconto: dinheiro,
  subtotal: dinheiro,
};

/** GET /api/ordens-servico/{id} and the answer of every write. */
export const ordemServicoSchema = ordemServicoResumoSchema.extend({
  data_saida: z.string().nullable(),
  canal_venda: z.enum(CANAL_VENDA_OS_VALUES),
  centro_custo: z.string().nullable(),
  vendedor_id: z.number().nullable(),
  vendedor_nome: z.string().nullable(),
  marca: z.string().nullable(),
  modelo: z.string().nullable(),
  numero_serie: z.string().nullable(),
  condicoes: z.string().nullable(),
  defeitos: z.string().nullable(),
  acessorios: z.string().nullable(),
  solucao: z.string().nullable(),
  laudo: z.string().nullable(),
  termos: z.string().nullable(),
  produtos: z.array(
    z.object({ ...linhaResposta, produto_id: z.number(), unidade_medida: z.string() }),
  ),
  servicos: z.array(z.object({ ...linhaResposta, servico_id: z.number() })),
  cep: z.string().nullable(),
  logradouro: z.string().nullable(),
  numero_endereco: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  mao_de_obra: dinheiro,
  pecas: dinheiro,
  frete: dinheiro,
  outros: dinheiro,
  desconto: dinheiro,
  exibir_total: z.boolean(),
  observacoes: z.string().nullable(),
  observacoes_internas: z.string().nullable(),
  aprovado_por: z.string().nullable(),
  aprovado_em: z.string().nullable(),
  entregue_a: z.string().nullable(),
  entregue_em: z.string().nullable(),
  concluida_em: z.string().nullable(),
  /** Attached files (never their bytes): GET /api/ordens-servico/{id}/anexos/{arquivoId}. */
  anexos: z.array(arquivoInfoSchema),
  historico: z.array(
    z.object({
      situacao,
      usuario_nome: z.string().nullable(),
      observacao: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /** The quote this order came from. */
  orcamento_id: z.number().nullable(),
  orcamento_numero: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrdemServico = z.infer<typeof ordemServicoSchema>;

/** GET /api/ordens-servico/painel: the open queue by deadline and priority, revenue by technician. */
export const painelOsSchema = z.object({
  prazos: z.record(z.enum(PRAZO_OS_VALUES), z.number()),
  prioridades: z.record(prioridade, z.number()),
  situacoes: z.record(situacao, z.number()),
  faturamento_por_tecnico: z.array(
    z.object({
      tecnico_id: z.number().nullable(),
      tecnico_nome: z.string(),
      total: dinheiro,
      ordens: z.number(),
    }),
  ),
});
export type PainelOS = z.infer<typeof painelOsSchema>;
