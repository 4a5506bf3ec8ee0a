import { parseDecimalBR } from '../money';
import { listQuerySchema, requiredText, z } from '../validation';
import {
  COLUNAS_MAX,
  COLUNAS_MIN,
  ETIQUETA_DEFAULTS,
  ETIQUETA_MESSAGES,
  FONTES_ETIQUETA,
  LIMITE_CARACTERES_MAX,
  LINHAS_MAX,
  MAX_ETIQUETAS_POR_ARQUIVO,
  MAX_QUANTIDADE_POR_PRODUTO,
  MEDIDA_MAXIMA_MM,
  PADROES_ETIQUETA,
  POSICOES_CODIGO_BARRAS,
  PRESET_ETIQUETA_IDS,
  SIM_NAO,
  SINONIMOS_TAMANHO_PAGINA,
  TAMANHO_FONTE_MAX,
  TAMANHO_FONTE_MIN,
  TAMANHOS_FONTE_VALOR,
  TAMANHOS_PAGINA,
  type EtiquetaModelo,
} from './etiqueta.options';

/*
 * Label templates (section 3.4): the payload is in camel case, the answer in snake case. Both
 * forms and the API share this schema. A field left out takes the create default of section 9;
 * a blank number (null or "") becomes 0, as section 5 says; numbers may come as text with a
 * decimal comma. Unknown fields are rejected.
 */

type Values<T extends ReadonlyArray<{ value: string }>> = [
  T[number]['value'],
  ...T[number]['value'][],
];
const values = <T extends ReadonlyArray<{ value: string }>>(options: T) =>
  options.map((option) => option.value) as Values<T>;

export const PADRAO_ETIQUETA_VALUES = values(PADROES_ETIQUETA);
export const FONTE_ETIQUETA_VALUES = values(FONTES_ETIQUETA);
export const TAMANHO_PAGINA_VALUES = values(TAMANHOS_PAGINA);
export const SIM_NAO_VALUES = values(SIM_NAO);
export const TAMANHO_FONTE_VALOR_VALUES = values(TAMANHOS_FONTE_VALOR);
export const POSICAO_CODIGO_BARRAS_VALUES = values(POSICOES_CODIGO_BARRAS);

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Number((value * 100).toPrecision(15)) % 1) === 0;
}

/** A number field: left out → default, blank → 0, "12,5" → 12.5. */
function numero(fallback: number) {
  return z
    .union([z.number(), z.string(), z.null()], { error: ETIQUETA_MESSAGES.numeroInvalido })
    .optional()
    .transform((value, context) => {
      if (value === undefined) return fallback;
      if (value === null || (typeof value === 'string' && value.trim() === '')) return 0;
      const parsed = parseDecimalBR(value);
      if (parsed === null) {
        context.addIssue({ code: 'custom', message: ETIQUETA_MESSAGES.numeroInvalido });
        return z.NEVER;
      }
      return parsed;
    });
}

/** Millimetres: 0 to 500 with two decimals. */
const medida = (fallback: number) =>
  numero(fallback).pipe(
    z
      .number()
      .refine((value) => value >= 0, { error: 'Informe um valor maior ou igual a zero' })
      .refine((value) => value <= MEDIDA_MAXIMA_MM, {
        error: `Informe no máximo ${MEDIDA_MAXIMA_MM} mm`,
      })
      .refine(hasAtMostTwoDecimals, { error: 'Use no máximo duas casas decimais' }),
  );

const inteiro = (fallback: number, min: number, max: number, message: string) =>
  numero(fallback).pipe(
    z
      .number()
      .refine((value) => Number.isInteger(value), { error: 'Informe um número inteiro' })
      .refine((value) => value >= min && value <= max, { error: message }),
  );

/** An option: left out or null → default; case and spaces ignored; synonyms mapped. */
function opcao<const T extends readonly [string, ...string[]]>(
  options: T,
  fallback: T[number],
  message: string,
  sinonimos: Readonly<Record<string, T[number]>> = {},
) {
  return z
    .string({ error: message })
    .nullish()
    .transform((value) => {
      if (value == null || value.trim() === '') return fallback;
      const key = value.trim().toLowerCase();
      return sinonimos[key] ?? key;
    })
    .pipe(z.enum(options, { error: message }));
}

/** sim/nao; true/false and "não" are accepted too. */
const simNao = (fallback: 'sim' | 'nao') =>
  z
    .union([z.boolean(), z.string(), z.null()], { error: 'Use sim ou nao' })
    .optional()
    .transform((value) => {
      if (value == null || value === '') return fallback;
      if (typeof value === 'boolean') return value ? 'sim' : 'nao';
      const key = value.trim().toLowerCase();
      return key === 'não' ? 'nao' : key;
    })
    .pipe(z.enum(SIM_NAO_VALUES, { error: 'Use sim ou nao' }));

/** A boolean; "sim"/"nao" are accepted too. */
const booleano = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['sim', 'nao', 'não']), z.null()], { error: 'Use sim ou nao' })
    .optional()
    .transform((value) => (value == null ? fallback : value === true || value === 'sim'));

const D = ETIQUETA_DEFAULTS;

/** POST /api/etiquetas and PUT /api/etiquetas/{id} (camel case, section 3.4). */
export const etiquetaInputSchema = z.strictObject({
  nome: requiredText(ETIQUETA_MESSAGES.nomeObrigatorio, 120),
  padrao: opcao(PADRAO_ETIQUETA_VALUES, D.padrao, 'Padrão inválido'),
  margemSuperior: medida(D.margemSuperior),
  margemLateral: medida(D.margemLateral),
  densidadeVertical: medida(D.densidadeVertical),
  densidadeHorizontal: medida(D.densidadeHorizontal),
  alturaEtiqueta: medida(D.alturaEtiqueta),
  larguraEtiqueta: medida(D.larguraEtiqueta),
  fonteEtiqueta: opcao(FONTE_ETIQUETA_VALUES, D.fonteEtiqueta, 'Fonte inválida'),
  tamanhoFonte: inteiro(
    D.tamanhoFonte,
    TAMANHO_FONTE_MIN,
    TAMANHO_FONTE_MAX,
    `O tamanho da fonte deve estar entre ${TAMANHO_FONTE_MIN} e ${TAMANHO_FONTE_MAX} pt`,
  ),
  limiteCaracteres: inteiro(
    D.limiteCaracteres,
    0,
    LIMITE_CARACTERES_MAX,
    `O limite de caracteres deve estar entre 0 e ${LIMITE_CARACTERES_MAX}`,
  ),
  colunasPagina: inteiro(
    D.colunasPagina,
    COLUNAS_MIN,
    COLUNAS_MAX,
    ETIQUETA_MESSAGES.colunasMinimo,
  ),
  linhasPagina: inteiro(D.linhasPagina, 0, LINHAS_MAX, ETIQUETA_MESSAGES.linhasMinimo),
  tamanhoPagina: opcao(
    TAMANHO_PAGINA_VALUES,
    D.tamanhoPagina,
    'Tamanho de página inválido',
    SINONIMOS_TAMANHO_PAGINA,
  ),
  descricaoTopo: booleano(D.descricaoTopo),
  exibirCodigoInterno: simNao(D.exibirCodigoInterno),
  exibirCodigoBarras: simNao(D.exibirCodigoBarras),
  exibirNumeroCodigoBarras: simNao(D.exibirNumeroCodigoBarras),
  exibirValorProduto: simNao(D.exibirValorProduto),
  tamanhoFonteValor: opcao(
    TAMANHO_FONTE_VALOR_VALUES,
    D.tamanhoFonteValor,
    'Tamanho da fonte do valor inválido',
  ),
  posicaoCodigoBarras: opcao(
    POSICAO_CODIGO_BARRAS_VALUES,
    D.posicaoCodigoBarras,
    'Posição do código de barras inválida',
  ),
});
export type EtiquetaInput = z.input<typeof etiquetaInputSchema>;
export type EtiquetaData = z.output<typeof etiquetaInputSchema>;
// The parsed payload is exactly a template.
const _sameShape: EtiquetaModelo = {} as EtiquetaData;
void _sameShape;

/** Payload field → answer field. */
export const ETIQUETA_CAMPOS = {
  nome: 'nome',
  padrao: 'padrao',
  margemSuperior: 'margem_superior',
  margemLateral: 'margem_lateral',
  densidadeVertical: 'densidade_vertical',
  densidadeHorizontal: 'densidade_horizontal',
  alturaEtiqueta: 'altura_etiqueta',
  larguraEtiqueta: 'largura_etiqueta',
  fonteEtiqueta: 'fonte_etiqueta',
  tamanhoFonte: 'tamanho_fonte',
  limiteCaracteres: 'limite_caracteres',
  colunasPagina: 'colunas_pagina',
  linhasPagina: 'linhas_pagina',
  tamanhoPagina: 'tamanho_pagina',
  descricaoTopo: 'descricao_topo',
  exibirCodigoInterno: 'exibir_codigo_interno',
  exibirCodigoBarras: 'exibir_codigo_barras',
  exibirNumeroCodigoBarras: 'exibir_numero_codigo_barras',
  exibirValorProduto: 'exibir_valor_produto',
  tamanhoFonteValor: 'tamanho_fonte_valor',
  posicaoCodigoBarras: 'posicao_codigo_barras',
} as const satisfies Record<keyof EtiquetaModelo, string>;

/** GET /api/etiquetas: section 3.4 in snake case. */
export const etiquetaSchema = z.object({
  id: z.number(),
  nome: z.string(),
  padrao: z.enum(PADRAO_ETIQUETA_VALUES),
  margem_superior: z.number(),
  margem_lateral: z.number(),
  densidade_vertical: z.number(),
  densidade_horizontal: z.number(),
  altura_etiqueta: z.number(),
  largura_etiqueta: z.number(),
  fonte_etiqueta: z.enum(FONTE_ETIQUETA_VALUES),
  tamanho_fonte: z.number(),
  limite_caracteres: z.number(),
  colunas_pagina: z.number(),
  linhas_pagina: z.number(),
  tamanho_pagina: z.enum(TAMANHO_PAGINA_VALUES),
  descricao_topo: z.boolean(),
  exibir_codigo_interno: z.enum(SIM_NAO_VALUES),
  exibir_codigo_barras: z.enum(SIM_NAO_VALUES),
  exibir_numero_codigo_barras: z.enum(SIM_NAO_VALUES),
  exibir_valor_produto: z.enum(SIM_NAO_VALUES),
  tamanho_fonte_valor: z.enum(TAMANHO_FONTE_VALOR_VALUES),
  posicao_codigo_barras: z.enum(POSICAO_CODIGO_BARRAS_VALUES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Etiqueta = z.infer<typeof etiquetaSchema>;
export const etiquetaListSchema = z.array(etiquetaSchema);

/** Sort keys of GET /api/etiquetas. */
export const ETIQUETA_SORTS = ['nome'] as const;

/** GET /api/etiquetas?q=&sort=&order=&limit=&offset=: `q` searches the name. */
export const etiquetaListQuerySchema = listQuerySchema(ETIQUETA_SORTS);
export type EtiquetaListQuery = z.output<typeof etiquetaListQuerySchema>;

/** A template (camel case) as the API answers it (snake case). */
export function etiquetaParaResposta(
  modelo: EtiquetaModelo,
  extra: { id: number; created_at: string; updated_at: string },
): Etiqueta {
  const answer: Record<string, unknown> = { id: extra.id };
  for (const [campo, resposta] of Object.entries(ETIQUETA_CAMPOS)) {
    answer[resposta] = modelo[campo as keyof EtiquetaModelo];
  }
  return { ...answer, created_at: extra.created_at, updated_at: extra.updated_at } as Etiqueta;
}

/** An answer (snake case) as the form's values and the payload (camel case). */
export function etiquetaParaModelo(etiqueta: Etiqueta): EtiquetaModelo {
  const modelo: Record<string, unknown> = {};
  for (const [campo, resposta] of Object.entries(ETIQUETA_CAMPOS)) {
    modelo[campo] = etiqueta[resposta as keyof Etiqueta];
  }
  return modelo as unknown as EtiquetaModelo;
}

// ---------------------------------------------------------------------------------------------
// Printing

const positiveInt = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message });

const quantidade = z
  .number({ error: 'Informe a quantidade de etiquetas' })
  .int({ error: 'A quantidade deve ser um número inteiro' })
  .min(1, { error: 'A quantidade deve ser no mínimo 1' })
  .max(MAX_QUANTIDADE_POR_PRODUTO, {
    error: `A quantidade deve ser no máximo ${MAX_QUANTIDADE_POR_PRODUTO}`,
  });

/**
 * POST /api/etiquetas/imprimir: a template (etiqueta_id) or a Pimaco sheet (modelo); products
 * with quantities (itens) or every product of a group (categoria_id, quantidade_por_produto
 * each); the price of a price table (tabela_preco_id) instead of the product's price; and the
 * first free label of a part-used sheet (posicao_inicial, 1 = top-left).
 */
export const imprimirEtiquetasSchema = z
  .strictObject({
    etiqueta_id: positiveInt('Modelo de etiqueta inválido').nullish(),
    modelo: z.enum(PRESET_ETIQUETA_IDS, { error: 'Folha Pimaco inválida' }).nullish(),
    itens: z
      .array(
        z.strictObject({
          produto_id: positiveInt('Produto inválido'),
          quantidade,
        }),
      )
      .max(MAX_ETIQUETAS_POR_ARQUIVO, { error: ETIQUETA_MESSAGES.excessoEtiquetas })
      .nullish(),
    categoria_id: positiveInt('Grupo de produtos inválido').nullish(),
    quantidade_por_produto: quantidade.nullish().transform((value) => value ?? 1),
    tabela_preco_id: positiveInt('Tabela de preços inválida').nullish(),
    posicao_inicial: z
      .number({ error: 'Informe a posição da primeira etiqueta' })
      .int({ error: 'Informe a posição da primeira etiqueta' })
      .min(1, { error: 'A primeira etiqueta deve ser a de número 1 ou mais' })
      .nullish()
      .transform((value) => value ?? 1),
  })
  .superRefine((pedido, context) => {
    if ((pedido.etiqueta_id == null) === (pedido.modelo == null)) {
      context.addIssue({
        code: 'custom',
        path: ['etiqueta_id'],
        message: ETIQUETA_MESSAGES.modeloObrigatorio,
      });
    }
    const temItens = (pedido.itens?.length ?? 0) > 0;
    if (temItens === (pedido.categoria_id != null)) {
      context.addIssue({
        code: 'custom',
        path: ['itens'],
        message: ETIQUETA_MESSAGES.produtosObrigatorios,
      });
    }
    const total = (pedido.itens ?? []).reduce((sum, item) => sum + item.quantidade, 0);
    if (total > MAX_ETIQUETAS_POR_ARQUIVO) {
      context.addIssue({
        code: 'custom',
        path: ['itens'],
        message: ETIQUETA_MESSAGES.excessoEtiquetas,
      });
    }
  });
export type ImprimirEtiquetasInput = z.input<typeof imprimirEtiquetasSchema>;
export type ImprimirEtiquetas = z.output<typeof imprimirEtiquetasSchema>;
