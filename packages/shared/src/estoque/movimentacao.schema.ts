import { isISODate } from '../dates';
import {
  dayQuery,
  optionalText,
  pageQuery,
  quantity,
  requiredText,
  sortQuery,
  z,
} from '../validation';
import {
  ESTOQUE_MESSAGES,
  MOVIMENTACOES_LIMIT_MAX,
  MOVIMENTACOES_LIMIT_PADRAO,
  TIPO_MOVIMENTACAO_VALUES,
} from './estoque.rules';

/*
 * Stock movements (spec part 2, sections 3.10, 5 and 7). The modal's form and the API share one
 * schema: the form's fields (tipo, produto, produto_id, quantidade, motivo, observacoes, data)
 * with produto_id and a numeric quantidade, exactly what POST and PUT
 * /api/estoque/movimentacoes receive. `produto` (the name typed in the search box) is accepted
 * and ignored: the product is produto_id. Unknown fields are rejected.
 */

const produtoId = z
  .number({ error: ESTOQUE_MESSAGES.selecioneProduto })
  .int({ error: ESTOQUE_MESSAGES.selecioneProduto })
  .positive({ error: ESTOQUE_MESSAGES.selecioneProduto })
  .nullish()
  .refine((value) => value != null, { error: ESTOQUE_MESSAGES.selecioneProduto })
  .transform((value) => value as number);

/** Section 5: a number above 0 (the input has min 0 and step 0.01; the ledger keeps 3 decimals). */
const quantidade = z
  .number({ error: ESTOQUE_MESSAGES.quantidadeInvalida })
  .nullish()
  .refine((value) => value != null && value > 0, {
    error: ESTOQUE_MESSAGES.quantidadeInvalida,
    abort: true,
  })
  .transform((value) => value as number)
  // The ledger is numeric(14,3): three decimals and its upper bound.
  .pipe(quantity({ min: 0, minMessage: ESTOQUE_MESSAGES.quantidadeInvalida }));

const tipo = z.enum(TIPO_MOVIMENTACAO_VALUES, { error: ESTOQUE_MESSAGES.tipoInvalido });

/** "aaaa-mm-dd"; left out or null on the API means today in the company's time zone. */
const data = z
  .string({ error: ESTOQUE_MESSAGES.dataInvalida })
  .refine(isISODate, { error: ESTOQUE_MESSAGES.dataInvalida })
  .nullish()
  .transform((value) => value ?? null);

/** POST /api/estoque/movimentacoes and PUT /api/estoque/movimentacoes/{id}. */
export const movimentacaoInputSchema = z.strictObject({
  tipo,
  produto_id: produtoId,
  /** The product's name as typed or chosen in the search box; not stored. */
  produto: optionalText(200),
  quantidade,
  data,
  motivo: requiredText(ESTOQUE_MESSAGES.motivoObrigatorio, 200),
  observacoes: optionalText(1000),
});
export type MovimentacaoInputValues = z.input<typeof movimentacaoInputSchema>;
export type MovimentacaoInput = z.output<typeof movimentacaoInputSchema>;

const positiveIntQuery = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

/** GET /api/estoque/movimentacoes?produto_id=&tipo=&de=&ate=&limit=&offset= */
/** Sort keys of GET /api/estoque/movimentacoes (a whitelist: each names one ORDER BY). */
export const MOVIMENTACAO_SORTS = ['data', 'quantidade'] as const;
export type MovimentacaoSort = (typeof MOVIMENTACAO_SORTS)[number];

export const movimentacaoListQuerySchema = z
  .strictObject({
    produto_id: positiveIntQuery('Produto inválido').optional(),
    tipo: tipo.optional(),
    de: dayQuery,
    ate: dayQuery,
    ...sortQuery(MOVIMENTACAO_SORTS),
    ...pageQuery(MOVIMENTACOES_LIMIT_PADRAO, MOVIMENTACOES_LIMIT_MAX),
  })
  .refine((query) => !query.de || !query.ate || query.de <= query.ate, {
    path: ['ate'],
    error: ESTOQUE_MESSAGES.periodoInvalido,
  });
export type MovimentacaoListQueryInput = z.input<typeof movimentacaoListQuerySchema>;
export type MovimentacaoListQuery = z.output<typeof movimentacaoListQuerySchema>;

/** One movement of the ledger, with the product's and the users' names. */
export const movimentacaoSchema = z.object({
  id: z.number(),
  produto_id: z.number(),
  produto_nome: z.string(),
  unidade_medida: z.string(),
  tipo: tipo,
  quantidade: z.number(),
  data: z.string(),
  motivo: z.string(),
  observacoes: z.string().nullable(),
  /** Who recorded it; null only for movements the system seeded. */
  usuario_id: z.number().nullable(),
  usuario_nome: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who last edited it; null while never edited. */
  updated_by: z.number().nullable(),
  updated_by_nome: z.string().nullable(),
});
export type Movimentacao = z.infer<typeof movimentacaoSchema>;
export const movimentacaoListSchema = z.array(movimentacaoSchema);

/** POST/PUT answer: the movement and its product's stock right after it. */
export const movimentacaoSavedSchema = movimentacaoSchema.extend({
  estoque_produto: z.number(),
});
export type MovimentacaoSaved = z.infer<typeof movimentacaoSavedSchema>;
