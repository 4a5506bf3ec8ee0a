import { listQuerySchema, money, optionalText, requiredText, z } from '../validation';
import {
  CUSTO_ADICIONAL_DEFAULTS,
  CUSTO_ADICIONAL_MESSAGES,
  CUSTO_PERCENTUAL_MAXIMO,
  MARGEM_MAXIMA,
  MAX_CUSTOS_POR_TABELA,
  MAX_PRODUTOS_POR_LOTE,
  PRECO_MESSAGES,
  TABELA_PRECO_DEFAULTS,
  TABELA_PRECO_MESSAGES,
  TIPO_CUSTO_ADICIONAL_VALUES,
  TIPO_TABELA_PRECO_VALUES,
} from './preco.rules';

/*
 * Price tables (section 3.5), additional costs (3.6) and per-table prices (3.2), in snake case
 * as the spec's calls send them (section 7). Unknown fields are rejected.
 */

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Number((value * 100).toPrecision(15)) % 1) === 0;
}

/** A percentage with two decimals between 0 and max; `minMessage` when it is negative. */
const percentage = (max: number, minMessage: string) =>
  z
    .number({ error: 'Informe um percentual numérico' })
    .refine(Number.isFinite, { error: 'Informe um percentual numérico' })
    .refine((value) => value >= 0, { error: minMessage })
    .refine((value) => value <= max, { error: `O percentual deve ser no máximo ${max}` })
    .refine(hasAtMostTwoDecimals, { error: 'Use no máximo duas casas decimais' });

const positiveId = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message });

// ---------------------------------------------------------------------------------------------
// Additional costs

/** POST /api/custos-adicionais and PUT /api/custos-adicionais/{id}. */
export const custoAdicionalInputSchema = z
  .strictObject({
    nome: requiredText(CUSTO_ADICIONAL_MESSAGES.nomeObrigatorio, 120),
    descricao: optionalText(500),
    tipo: z
      .enum(TIPO_CUSTO_ADICIONAL_VALUES, { error: CUSTO_ADICIONAL_MESSAGES.tipoInvalido })
      .nullish()
      .transform((value) => value ?? CUSTO_ADICIONAL_DEFAULTS.tipo),
    valor_percentual: z
      .number({ error: CUSTO_ADICIONAL_MESSAGES.percentualPositivo })
      .refine(Number.isFinite, { error: CUSTO_ADICIONAL_MESSAGES.percentualPositivo })
      .refine((value) => value <= CUSTO_PERCENTUAL_MAXIMO, {
        error: `O percentual deve ser no máximo ${CUSTO_PERCENTUAL_MAXIMO}`,
      })
      .refine(hasAtMostTwoDecimals, { error: 'Use no máximo duas casas decimais' })
      .nullish(),
    valor_fixo: money().nullish(),
  })
  .superRefine((custo, context) => {
    // Section 5: the value of the chosen type must be above zero.
    if (custo.tipo === 'percentual' && !((custo.valor_percentual ?? 0) > 0)) {
      context.addIssue({
        code: 'custom',
        path: ['valor_percentual'],
        message: CUSTO_ADICIONAL_MESSAGES.percentualPositivo,
      });
    }
    if (custo.tipo === 'fixo' && !((custo.valor_fixo ?? 0) > 0)) {
      context.addIssue({
        code: 'custom',
        path: ['valor_fixo'],
        message: CUSTO_ADICIONAL_MESSAGES.fixoPositivo,
      });
    }
  })
  // Only the value of the chosen type is kept; the other is null.
  .transform((custo) => ({
    ...custo,
    valor_percentual: custo.tipo === 'percentual' ? (custo.valor_percentual as number) : null,
    valor_fixo: custo.tipo === 'fixo' ? (custo.valor_fixo as number) : null,
  }));
export type CustoAdicionalInput = z.input<typeof custoAdicionalInputSchema>;
export type CustoAdicionalData = z.output<typeof custoAdicionalInputSchema>;

/** GET /api/custos-adicionais: section 3.6, with how many tables use each cost. */
export const custoAdicionalSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descricao: z.string().nullable(),
  tipo: z.enum(TIPO_CUSTO_ADICIONAL_VALUES),
  valor_percentual: z.number().nullable(),
  valor_fixo: z.number().nullable(),
  total_tabelas: z.number(),
  created_at: z.string(),
});
export type CustoAdicional = z.infer<typeof custoAdicionalSchema>;
export const custoAdicionalListSchema = z.array(custoAdicionalSchema);

/** Sort keys of GET /api/custos-adicionais. */
export const CUSTO_ADICIONAL_SORTS = ['nome'] as const;

/** GET /api/custos-adicionais?q=&sort=&order=&limit=&offset=: `q` searches the name. */
export const custoAdicionalListQuerySchema = listQuerySchema(CUSTO_ADICIONAL_SORTS);
export type CustoAdicionalListQuery = z.output<typeof custoAdicionalListQuerySchema>;

/** GET /api/tabelas-precos/{id}/custos: every cost, with `associado` when the table uses it. */
export const custoAssociadoSchema = custoAdicionalSchema.extend({ associado: z.boolean() });
export type CustoAssociado = z.infer<typeof custoAssociadoSchema>;
export const custoAssociadoListSchema = z.array(custoAssociadoSchema);

/** A cost as a price row carries it, for the breakdown of the margin modal. */
export const custoAplicavelSchema = z.object({
  id: z.number(),
  nome: z.string(),
  tipo: z.enum(TIPO_CUSTO_ADICIONAL_VALUES),
  valor_percentual: z.number().nullable(),
  valor_fixo: z.number().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Price tables

/** POST /api/tabelas-precos and PUT /api/tabelas-precos/{id}. */
export const tabelaPrecoInputSchema = z.strictObject({
  nome: requiredText(TABELA_PRECO_MESSAGES.nomeObrigatorio, 120),
  descricao: optionalText(500),
  tipo: z
    .enum(TIPO_TABELA_PRECO_VALUES, { error: TABELA_PRECO_MESSAGES.tipoInvalido })
    .nullish()
    .transform((value) => value ?? TABELA_PRECO_DEFAULTS.tipo),
  margem_padrao: percentage(MARGEM_MAXIMA, TABELA_PRECO_MESSAGES.margemMinima)
    .nullish()
    .transform((value) => value ?? TABELA_PRECO_DEFAULTS.margem_padrao),
  /** Ids of the additional costs the table adds to its prices. */
  custos_adicionais: z
    .array(positiveId(TABELA_PRECO_MESSAGES.custoInexistente), {
      error: 'Informe a lista de custos adicionais',
    })
    .max(MAX_CUSTOS_POR_TABELA, {
      error: `Selecione no máximo ${MAX_CUSTOS_POR_TABELA} custos adicionais`,
    })
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
});
export type TabelaPrecoInput = z.input<typeof tabelaPrecoInputSchema>;
export type TabelaPrecoData = z.output<typeof tabelaPrecoInputSchema>;

/** GET /api/tabelas-precos: section 3.5. */
export const tabelaPrecoSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descricao: z.string().nullable(),
  tipo: z.enum(TIPO_TABELA_PRECO_VALUES),
  margem_padrao: z.number(),
  custos_adicionais: z.array(z.number()),
  /** Products with a price (a margin) in this table. */
  total_produtos: z.number(),
  created_at: z.string(),
});
export type TabelaPreco = z.infer<typeof tabelaPrecoSchema>;
export const tabelaPrecoListSchema = z.array(tabelaPrecoSchema);

/** Sort keys of GET /api/tabelas-precos. */
export const TABELA_PRECO_SORTS = ['nome'] as const;

/** GET /api/tabelas-precos?q=&sort=&order=&limit=&offset=: `q` searches the name. */
export const tabelaPrecoListQuerySchema = listQuerySchema(TABELA_PRECO_SORTS);
export type TabelaPrecoListQuery = z.output<typeof tabelaPrecoListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Per-table prices

/** The margin of the modal: required with the spec's message, two decimals, not negative. */
const margem = z
  .number({ error: PRECO_MESSAGES.margemObrigatoria })
  .nullish()
  .refine((value) => value != null && Number.isFinite(value), {
    error: PRECO_MESSAGES.margemObrigatoria,
  })
  .transform((value) => value as number)
  .pipe(percentage(MARGEM_MAXIMA, PRECO_MESSAGES.margemMinima));

/** POST /api/produtos/{id}/precos: defines or updates the product's margin in a table. */
export const precoProdutoInputSchema = z.strictObject({
  tabela_preco_id: positiveId(PRECO_MESSAGES.tabelaObrigatoria),
  margem,
  /** Ativo/Inativo of the row (section 4); a new price is active. */
  ativo: z.boolean().nullish(),
});
export type PrecoProdutoInput = z.input<typeof precoProdutoInputSchema>;
export type PrecoProdutoData = z.output<typeof precoProdutoInputSchema>;

export const precoProdutoParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: 'Identificador inválido' })
    .int()
    .positive({ error: 'Identificador inválido' }),
  tabelaId: z.coerce
    .number({ error: 'Identificador inválido' })
    .int()
    .positive({ error: 'Identificador inválido' }),
});

/**
 * GET /api/produtos/{id}/precos: one row per price table (section 3.2). margem and preco_final
 * are null where the product has no price in the table (the tab offers Definir). The base cost
 * and the table's costs come along so that the modal shows the same breakdown live.
 */
export const precoProdutoSchema = z.object({
  tabela_id: z.number(),
  tabela_nome: z.string(),
  tabela_tipo: z.enum(TIPO_TABELA_PRECO_VALUES),
  margem: z.number().nullable(),
  preco_final: z.number().nullable(),
  preco_ativo: z.boolean(),
  margem_padrao: z.number(),
  /** The product's final cost, the base of the rule. */
  custo: z.number(),
  custos_adicionais: z.array(custoAplicavelSchema),
});
export type PrecoProduto = z.infer<typeof precoProdutoSchema>;
export const precoProdutoListSchema = z.array(precoProdutoSchema);

/** GET /api/tabelas-precos/{id}/produtos: every product with its price in the table. */
export const tabelaProdutoSchema = z.object({
  produto_id: z.number(),
  nome: z.string(),
  codigo_interno: z.string().nullable(),
  codigo_barras: z.string().nullable(),
  categoria_id: z.number(),
  categoria_nome: z.string(),
  produto_ativo: z.boolean(),
  /** The product's final cost. */
  custo: z.number(),
  /** The product's own sale price. */
  preco: z.number(),
  margem: z.number().nullable(),
  preco_final: z.number().nullable(),
  preco_ativo: z.boolean(),
});
export type TabelaProduto = z.infer<typeof tabelaProdutoSchema>;
export const tabelaProdutoListSchema = z.array(tabelaProdutoSchema);

/**
 * POST /api/tabelas-precos/{id}/produtos: sets one margin for many products at once (the
 * products screen's bulk action); margem null removes their prices from the table.
 */
export const margemEmLoteSchema = z.strictObject({
  produto_ids: z
    .array(positiveId(PRECO_MESSAGES.produtoInexistente), {
      error: PRECO_MESSAGES.produtosObrigatorios,
    })
    .min(1, { error: PRECO_MESSAGES.produtosObrigatorios })
    .max(MAX_PRODUTOS_POR_LOTE, {
      error: `Selecione no máximo ${MAX_PRODUTOS_POR_LOTE} produtos por vez`,
    })
    .transform((ids) => [...new Set(ids)]),
  margem: z.union([margem, z.null()], { error: PRECO_MESSAGES.margemObrigatoria }),
  ativo: z.boolean().nullish(),
});
export type MargemEmLoteInput = z.input<typeof margemEmLoteSchema>;
export type MargemEmLote = z.output<typeof margemEmLoteSchema>;

export const margemEmLoteResultSchema = z.object({ atualizados: z.number() });
