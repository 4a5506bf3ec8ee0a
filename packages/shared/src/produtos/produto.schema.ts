import {
  MAX_MONEY,
  money,
  optionalText,
  percent,
  quantity,
  requiredText,
  trimmedString,
  z,
} from '../validation';
import { formatMoney } from '../money';
import {
  calcularValoresProduto,
  CATEGORIA_PADRAO_ID,
  isBarcodeAcceptable,
  LUCRO_SUGERIDO_PADRAO,
  PRECO_PADRAO,
  PRODUTO_MESSAGES,
  PRODUTO_SEARCH_MIN_CHARS,
  PRODUTOS_ESPECIFICOS,
  UNIDADE_PADRAO,
  type ValoresProdutoInput,
} from './produto.rules';

/*
 * Products as the API reads and writes them (spec part 2, section 3.1), in snake case.
 *
 * Create accepts the spec's short payload (nome, descricao, preco, custo, estoque, estoque_minimo,
 * categoria_id, codigo_barras, unidade_medida) and the full one of the add form; everything left
 * out takes the defaults of section 9. Update accepts the spec's update payload or the full one;
 * a field left out keeps its stored value. custo_final and valor_venda_sugerido may be sent but
 * are always recomputed (calcularValoresProduto). Unknown fields are rejected.
 */

type Mode = 'create' | 'update';

const createDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  schema.nullish().transform((value) => (value ?? fallback) as z.output<T>);
const updateDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  schema
    .nullable()
    .transform((value) => (value ?? fallback) as z.output<T>)
    .optional();
type WithDefault<M extends Mode, T extends z.ZodType> = M extends 'create'
  ? ReturnType<typeof createDefault<T>>
  : ReturnType<typeof updateDefault<T>>;

/**
 * A field with a default: on create, absent or null takes the default; on update, null takes the
 * default and absent keeps the stored value.
 */
function withDefault<M extends Mode, T extends z.ZodType>(
  schema: T,
  fallback: z.output<T>,
  mode: M,
): WithDefault<M, T> {
  return (
    mode === 'create' ? createDefault(schema, fallback) : updateDefault(schema, fallback)
  ) as WithDefault<M, T>;
}

/** On update, a field left out keeps the stored value. */
function optionalOnUpdate<M extends Mode, T extends z.ZodType>(
  schema: T,
  mode: M,
): M extends 'create' ? T : z.ZodOptional<T> {
  return (mode === 'create' ? schema : schema.optional()) as M extends 'create'
    ? T
    : z.ZodOptional<T>;
}

/** Optional text: blank becomes null. */
const text = <M extends Mode>(max: number, mode: M) => optionalOnUpdate(optionalText(max), mode);

const nonNegativeQuantity = (message = 'Informe um valor maior ou igual a zero') =>
  quantity({ min: 0, minMessage: message });
const positiveQuantity = () =>
  quantity({ min: 0, minMessage: 'Informe uma quantidade maior que zero' }).refine(
    (value) => value > 0,
    { error: 'Informe uma quantidade maior que zero', abort: true },
  );
const nonNegativeMoney = () =>
  money({ min: 0, minMessage: 'Informe um valor maior ou igual a zero' });

const unidade = trimmedString()
  .max(10, { error: 'Use no máximo 10 caracteres' })
  .transform((value) => value.toUpperCase());

const categoriaId = z
  .number({ error: 'Selecione um grupo válido' })
  .int({ error: 'Selecione um grupo válido' })
  .positive({ error: 'Selecione um grupo válido' });

const barcodeText = () =>
  optionalText(50).refine((value) => value == null || isBarcodeAcceptable(value), {
    error: PRODUTO_MESSAGES.gtinInvalido,
  });
const barcode = <M extends Mode>(mode: M) => optionalOnUpdate(barcodeText(), mode);

/**
 * A fiscal code of `digitos` digits, typed with or without its dots ("0901.21.00", "01.001.00")
 * and stored as digits only; blank is null.
 */
const codigoFiscal = <M extends Mode>(digitos: number, message: string, mode: M) =>
  optionalOnUpdate(
    optionalText(20)
      .transform((value) => (value ? value.replace(/[\s.\-/]/g, '') : null))
      .refine((value) => value === null || new RegExp(`^\\d{${digitos}}$`).test(value), {
        error: message,
      }),
    mode,
  );

const origem = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'Origem inválida',
});
const produtoEspecifico = z.enum(
  PRODUTOS_ESPECIFICOS.map((option) => option.value) as [
    (typeof PRODUTOS_ESPECIFICOS)[number]['value'],
    ...(typeof PRODUTOS_ESPECIFICOS)[number]['value'][],
  ],
  { error: 'Opção inválida' },
);

function produtoFields<M extends Mode>(mode: M) {
  const precoMessage =
    mode === 'create' ? PRODUTO_MESSAGES.precoCreate : PRODUTO_MESSAGES.precoUpdate;
  const unit = (fallback = UNIDADE_PADRAO) =>
    withDefault(
      unidade.transform((value) => value || fallback),
      fallback,
      mode,
    );
  return {
    // Identity
    nome: requiredText(PRODUTO_MESSAGES.nomeObrigatorio, 200),
    codigo_interno: text(50, mode),
    codigo_barras: barcode(mode),
    categoria_id: withDefault(categoriaId, CATEGORIA_PADRAO_ID, mode),
    // Flags
    movimenta_estoque: withDefault(z.boolean(), true, mode),
    habilitar_nota_fiscal: withDefault(z.boolean(), true, mode),
    possui_variacoes: withDefault(z.boolean(), false, mode),
    possui_composicao: withDefault(z.boolean(), false, mode),
    ativo: withDefault(z.boolean(), true, mode),
    vendido_separadamente: withDefault(z.boolean(), true, mode),
    comercializavel_pdv: withDefault(z.boolean(), true, mode),
    // Units: entrada_quantidade entrada_unidade = saida_quantidade saida_unidade
    unidade_medida: unit(),
    entrada_unidade: unit(),
    entrada_quantidade: withDefault(positiveQuantity(), 1, mode),
    saida_unidade: unit(),
    saida_quantidade: withDefault(positiveQuantity(), 1, mode),
    // Measures: kg and m
    peso: withDefault(nonNegativeQuantity(), 0, mode),
    largura: withDefault(nonNegativeQuantity(), 0, mode),
    altura: withDefault(nonNegativeQuantity(), 0, mode),
    comprimento: withDefault(nonNegativeQuantity(), 0, mode),
    comissao: withDefault(percent(0, 100), 0, mode),
    descricao: text(2000, mode),
    // Values (custo is valorCusto, preco is valorVendaUtilizado)
    custo: withDefault(nonNegativeMoney(), 0, mode),
    despesas_acessorias: withDefault(nonNegativeMoney(), 0, mode),
    outras_despesas: withDefault(nonNegativeMoney(), 0, mode),
    lucro_sugerido: withDefault(percent(0, 10_000), LUCRO_SUGERIDO_PADRAO, mode),
    lucro_utilizado: withDefault(percent(0, 10_000), 0, mode),
    preco: withDefault(money({ positiveMessage: precoMessage }), PRECO_PADRAO, mode),
    /** Read-only in the form; accepted and ignored, the server recomputes it. */
    custo_final: money().nullish(),
    /** Read-only in the form; accepted and ignored, the server recomputes it. */
    valor_venda_sugerido: money().nullish(),
    // Stock (quantidadeAtual is estoque)
    estoque: withDefault(nonNegativeQuantity('Estoque não pode ser negativo'), 0, mode),
    estoque_minimo: withDefault(nonNegativeQuantity(), 0, mode),
    estoque_maximo: withDefault(nonNegativeQuantity(), 0, mode),
    // Fiscal
    cod_beneficio: text(10, mode),
    ncm: codigoFiscal(8, PRODUTO_MESSAGES.ncmInvalido, mode),
    cest: codigoFiscal(7, PRODUTO_MESSAGES.cestInvalido, mode),
    origem: withDefault(origem, 0, mode),
    peso_liquido: withDefault(nonNegativeQuantity(), 0, mode),
    peso_bruto: withDefault(nonNegativeQuantity(), 0, mode),
    numero_fci: text(36, mode),
    produto_especifico: withDefault(produtoEspecifico, 'nao_usar', mode),
  };
}

/** The values the consistency rules look at; on update, the merged record. */
export interface ProdutoConsistencyInput extends ValoresProdutoInput {
  estoque_minimo?: number | null;
  estoque_maximo?: number | null;
}

/**
 * Rules across fields, on create, on update after merging with the stored record, and in the
 * forms: a maximum stock (0 = none) not below the minimum, and computed values that fit the
 * database. Returns { campo: mensagem }, empty when all is well.
 */
export function produtoConsistencyErrors(values: ProdutoConsistencyInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const maximo = values.estoque_maximo ?? 0;
  if (maximo > 0 && maximo < (values.estoque_minimo ?? 0)) {
    errors.estoque_maximo = PRODUTO_MESSAGES.estoqueMaximo;
  }
  const calculados = calcularValoresProduto(values);
  if (calculados.custo_final > MAX_MONEY) {
    errors.custo = `O custo final deve ser no máximo ${formatMoney(MAX_MONEY)}`;
  } else if (calculados.valor_venda_sugerido > MAX_MONEY) {
    errors.lucro_sugerido = `O valor de venda sugerido deve ser no máximo ${formatMoney(MAX_MONEY)}`;
  }
  return errors;
}

function addConsistencyIssues(values: ProdutoConsistencyInput, context: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(produtoConsistencyErrors(values))) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
}

/** POST /api/produtos */
export const produtoCreateSchema = z
  .strictObject(produtoFields('create'))
  .superRefine(addConsistencyIssues);
export type ProdutoCreateInput = z.input<typeof produtoCreateSchema>;
export type ProdutoCreate = z.output<typeof produtoCreateSchema>;

/** PUT /api/produtos/{id}: nome is required; any other field left out keeps its value. */
export const produtoUpdateSchema = z
  .strictObject(produtoFields('update'))
  .superRefine((values, context) => {
    // Cross-field rules only when the fields involved came along; the server checks the merge.
    if (values.custo !== undefined || values.estoque_maximo !== undefined) {
      addConsistencyIssues(values, context);
    }
  });
export type ProdutoUpdateInput = z.input<typeof produtoUpdateSchema>;
export type ProdutoUpdate = z.output<typeof produtoUpdateSchema>;

/** Section 3.1's server record, as GET /api/produtos lists it, plus the photo to show. */
export const produtoListItemSchema = z.object({
  id: z.number(),
  nome: z.string(),
  codigo_interno: z.string().nullable(),
  codigo_barras: z.string().nullable(),
  /** The group's id: the spec's other name for categoria_id. */
  grupo_produto: z.number(),
  movimenta_estoque: z.boolean(),
  habilitar_nota_fiscal: z.boolean(),
  possui_variacoes: z.boolean(),
  possui_composicao: z.boolean(),
  entrada_unidade: z.string(),
  saida_unidade: z.string(),
  entrada_quantidade: z.number(),
  saida_quantidade: z.number(),
  peso: z.number(),
  largura: z.number(),
  altura: z.number(),
  comprimento: z.number(),
  ativo: z.boolean(),
  descricao: z.string().nullable(),
  preco: z.number(),
  custo: z.number(),
  despesas_acessorias: z.number(),
  outras_despesas: z.number(),
  custo_final: z.number(),
  lucro_sugerido: z.number(),
  lucro_utilizado: z.number(),
  valor_venda_sugerido: z.number(),
  estoque: z.number(),
  estoque_minimo: z.number(),
  estoque_maximo: z.number(),
  unidade_medida: z.string(),
  categoria_id: z.number(),
  categoria_nome: z.string(),
  /** The first photo (GET /api/produtos/{id}/fotos/{foto_id}), or null. */
  foto_id: z.number().nullable(),
});
export type ProdutoListItem = z.infer<typeof produtoListItemSchema>;
export const produtoListSchema = z.array(produtoListItemSchema);

export const produtoFotoSchema = z.object({
  id: z.number(),
  nome: z.string(),
  tipo_mime: z.string(),
  tamanho: z.number(),
});
export type ProdutoFoto = z.infer<typeof produtoFotoSchema>;

/** GET /api/produtos/{id}: every field the add form collects, and the photos (no bytes). */
export const produtoSchema = produtoListItemSchema.extend({
  vendido_separadamente: z.boolean(),
  comercializavel_pdv: z.boolean(),
  comissao: z.number(),
  cod_beneficio: z.string().nullable(),
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
  origem: z.number(),
  peso_liquido: z.number(),
  peso_bruto: z.number(),
  numero_fci: z.string().nullable(),
  produto_especifico: z.string(),
  fotos: z.array(produtoFotoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Produto = z.infer<typeof produtoSchema>;

/** GET /api/produtos/search?q= */
export const produtoSearchQuerySchema = z.strictObject({
  q: z
    .string({ error: PRODUTO_MESSAGES.pesquisaCurta })
    .trim()
    .min(PRODUTO_SEARCH_MIN_CHARS, { error: PRODUTO_MESSAGES.pesquisaCurta })
    .max(100, { error: 'Use no máximo 100 caracteres' }),
});

export const produtoSearchItemSchema = z.object({
  id: z.number(),
  nome: z.string(),
  categoria_nome: z.string(),
  estoque: z.number(),
  unidade_medida: z.string(),
  preco: z.number(),
  codigo_barras: z.string().nullable(),
  codigo_interno: z.string().nullable(),
  ativo: z.boolean(),
});
export type ProdutoSearchItem = z.infer<typeof produtoSearchItemSchema>;

/** Sort keys of GET /api/produtos (a whitelist: each names one server-side ORDER BY). */
export const PRODUTO_SORTS = [
  'nome',
  'codigo',
  'preco',
  'estoque',
  'estoque_minimo',
  'categoria',
] as const;
export type ProdutoSort = (typeof PRODUTO_SORTS)[number];

/** Largest page of GET /api/produtos?limit=. */
export const PRODUTOS_LIMIT_MAX = 500;

const flagQuery = z
  .enum(['true', 'false'], { error: 'Use true ou false' })
  .transform((value) => value === 'true');

const intQuery = (message: string, min: number, max: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/**
 * GET /api/produtos?q=&categoria_id=&ativo=&movimenta_estoque=&abaixo_minimo=&sem_estoque=
 * &sort=&order=&limit=&offset=. `q` finds nome, codigo_interno or codigo_barras containing the
 * text (accents and case ignored); abaixo_minimo keeps the stock at or below the minimum,
 * sem_estoque the stock at zero. Sorted by nome (pt-BR) unless `sort` says otherwise. Without
 * `limit`, every matching product (with no parameter at all, the spec's whole array); with it, one
 * page from `offset` and the total in X-Total-Count.
 */
export const produtoListQuerySchema = z.strictObject({
  q: trimmedString().max(100, { error: 'Use no máximo 100 caracteres' }).optional(),
  categoria_id: intQuery('Grupo inválido', 1, 2_147_483_647).optional(),
  ativo: flagQuery.optional(),
  movimenta_estoque: flagQuery.optional(),
  abaixo_minimo: flagQuery.optional(),
  sem_estoque: flagQuery.optional(),
  sort: z
    .enum(PRODUTO_SORTS, {
      error: `Ordenação inválida: use ${PRODUTO_SORTS.join(', ')}`,
    })
    .optional(),
  order: z.enum(['asc', 'desc'], { error: 'Use asc ou desc' }).optional(),
  limit: intQuery(
    `O limite deve estar entre 1 e ${PRODUTOS_LIMIT_MAX}`,
    1,
    PRODUTOS_LIMIT_MAX,
  ).optional(),
  offset: intQuery('Deslocamento inválido', 0, 1_000_000_000).optional(),
});
export type ProdutoListQueryInput = z.input<typeof produtoListQuerySchema>;
export type ProdutoListQuery = z.output<typeof produtoListQuerySchema>;

/** Route parameters of a product photo. */
export const produtoFotoParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'Identificador inválido' })
    .int()
    .positive({ error: 'Identificador inválido' }),
  fotoId: z.coerce
    .number({ error: 'Identificador inválido' })
    .int()
    .positive({ error: 'Identificador inválido' }),
});
