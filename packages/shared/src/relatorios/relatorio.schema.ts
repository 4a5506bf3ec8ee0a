import { isISODate } from '../dates';
import { z } from '../validation';
import { dayQuery, SORT_ORDERS } from '../validation';
import { FORMA_PAGAMENTO_VALUES } from '../vendas';

/**
 * The reports of /relatorios (issue 32): each one a table whose columns say what they hold, so
 * the screen, the CSV, the XLSX and the PDF format a cell the same way.
 */
export const TIPOS_COLUNA = [
  'texto',
  'dinheiro',
  'numero',
  'inteiro',
  'percentual',
  'data',
] as const;
export type TipoColuna = (typeof TIPOS_COLUNA)[number];

export interface ColunaRelatorio {
  chave: string;
  titulo: string;
  /** percentual: 12.5 means 12,5 %; data: "aaaa-mm-dd"; dinheiro: reais with centavos. */
  tipo: TipoColuna;
  /** Summed into the report's totals row. */
  somar?: boolean;
}

export const GRUPOS_RELATORIO = ['Vendas', 'Estoque', 'Financeiro', 'Serviços'] as const;
export type GrupoRelatorio = (typeof GRUPOS_RELATORIO)[number];

/** How a period report groups its days. */
export const AGRUPAMENTOS = ['dia', 'semana', 'mes'] as const;
export type Agrupamento = (typeof AGRUPAMENTOS)[number];

/** The filters a report may take; each report lists the ones it reads. */
export const FILTROS_RELATORIO = [
  'periodo',
  'agrupar',
  'vendedor_id',
  'cliente_id',
  'categoria_id',
  'forma_pagamento',
  'limites_abc',
  /** One day (the `ate` parameter): a position or an aging at that date. */
  'data',
  'dias',
  'natureza',
  'base',
  'faixas',
] as const;
export type FiltroRelatorio = (typeof FILTROS_RELATORIO)[number];

/** Which date a finance report reads an installment by (as Conta Azul lets the user choose). */
export const BASES_FINANCEIRAS = [
  { value: 'vencimento', label: 'Vencimento' },
  { value: 'competencia', label: 'Competência' },
  { value: 'baixa', label: 'Data da baixa' },
] as const;
export type BaseFinanceira = (typeof BASES_FINANCEIRAS)[number]['value'];
const BASE_VALUES = BASES_FINANCEIRAS.map((b) => b.value) as [BaseFinanceira, ...BaseFinanceira[]];

export const RELATORIO_MESSAGES = {
  periodoInvalido: 'A data final deve ser igual ou posterior à inicial',
  periodoLongo: 'Escolha um período de até 5 anos',
  limitesAbc: 'O limite da classe A deve ser menor que o da classe B, e ambos entre 1 e 99',
  relatorioNaoEncontrado: 'Relatório não encontrado',
  faixas: 'As faixas de atraso devem crescer: por exemplo 30, 60 e 90 dias',
  dias: 'Informe um número de dias entre 1 e 3650',
  pdfGrande: (maximo: string) =>
    `O PDF tem no máximo ${maximo} linhas; exporte em XLSX ou CSV, que não têm limite, ou filtre o período`,
} as const;

const idFiltro = (nome: string) =>
  z.coerce
    .number({ error: `${nome} inválido` })
    .int({ error: `${nome} inválido` })
    .positive({ error: `${nome} inválido` })
    .max(2_147_483_647, { error: `${nome} inválido` })
    .optional();

const percentualAbc = z.coerce
  .number({ error: RELATORIO_MESSAGES.limitesAbc })
  .int({ error: RELATORIO_MESSAGES.limitesAbc })
  .min(1, { error: RELATORIO_MESSAGES.limitesAbc })
  .max(99, { error: RELATORIO_MESSAGES.limitesAbc });

const faixa = z.coerce
  .number({ error: RELATORIO_MESSAGES.faixas })
  .int({ error: RELATORIO_MESSAGES.faixas })
  .min(1, { error: RELATORIO_MESSAGES.faixas })
  .max(3650, { error: RELATORIO_MESSAGES.faixas });

/** The most rows of one page of a report on screen. */
export const RELATORIO_LIMIT_MAX = 500;

/**
 * GET /api/relatorios/{id}?de=&ate=&agrupar=&vendedor_id=&cliente_id=&categoria_id=
 * &forma_pagamento=&abc_a=&abc_b=&sort=&order=&limit=&offset=. A filter a report does not read
 * is accepted and ignored (the screen keeps one set of filters across reports). `de`/`ate`
 * default to the current month in the company's time zone.
 */
export const relatorioQuerySchema = z
  .strictObject({
    de: dayQuery,
    ate: dayQuery,
    agrupar: z
      .enum(AGRUPAMENTOS, { error: 'Agrupamento inválido: use dia, semana ou mes' })
      .default('dia'),
    vendedor_id: idFiltro('Vendedor'),
    cliente_id: idFiltro('Cliente'),
    categoria_id: idFiltro('Grupo de produtos'),
    forma_pagamento: z
      .enum(FORMA_PAGAMENTO_VALUES, { error: 'Forma de pagamento inválida' })
      .optional(),
    /** Curva ABC: class A up to abc_a % of the revenue, B up to abc_b %, C the rest. */
    abc_a: percentualAbc.default(80),
    abc_b: percentualAbc.default(95),
    /** Produtos sem giro: days without a saída. */
    dias: z.coerce
      .number({ error: RELATORIO_MESSAGES.dias })
      .int({ error: RELATORIO_MESSAGES.dias })
      .min(1, { error: RELATORIO_MESSAGES.dias })
      .max(3650, { error: RELATORIO_MESSAGES.dias })
      .default(90),
    natureza: z
      .enum(['pagar', 'receber'], { error: 'Natureza inválida: use pagar ou receber' })
      .optional(),
    base: z
      .enum(BASE_VALUES, { error: 'Base inválida: use vencimento, competencia ou baixa' })
      .default('vencimento'),
    /** Inadimplência: the upper limits, in days overdue, of the first three age buckets. */
    faixa1: faixa.default(30),
    faixa2: faixa.default(60),
    faixa3: faixa.default(90),
    /** A column's key of the report (checked against its columns). */
    sort: z.string().max(40).optional(),
    order: z.enum(SORT_ORDERS, { error: 'Direção inválida: use asc ou desc' }).optional(),
    limit: z.coerce
      .number({ error: 'Limite inválido' })
      .int({ error: 'Limite inválido' })
      .min(1, { error: 'Limite inválido' })
      .max(RELATORIO_LIMIT_MAX, { error: `O limite máximo é ${RELATORIO_LIMIT_MAX}` })
      .default(100),
    offset: z.coerce
      .number({ error: 'Deslocamento inválido' })
      .int({ error: 'Deslocamento inválido' })
      .min(0, { error: 'Deslocamento inválido' })
      .max(1_000_000_000, { error: 'Deslocamento inválido' })
      .default(0),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, {
    path: ['ate'],
    error: RELATORIO_MESSAGES.periodoInvalido,
  })
  .refine((q) => q.abc_a < q.abc_b, { path: ['abc_b'], error: RELATORIO_MESSAGES.limitesAbc })
  .refine((q) => q.faixa1 < q.faixa2 && q.faixa2 < q.faixa3, {
    path: ['faixa3'],
    error: RELATORIO_MESSAGES.faixas,
  });
export type RelatorioQueryInput = z.input<typeof relatorioQuerySchema>;
export type RelatorioQuery = z.output<typeof relatorioQuerySchema>;

export const FORMATOS_EXPORTACAO = ['csv', 'xlsx', 'pdf'] as const;
export type FormatoExportacao = (typeof FORMATOS_EXPORTACAO)[number];

/** GET /api/relatorios/{id}/exportar: the report's filters and sort, and the file's format. */
export const exportacaoQuerySchema = relatorioQuerySchema.and(
  z.object({
    formato: z.enum(FORMATOS_EXPORTACAO, { error: 'Formato inválido: use csv, xlsx ou pdf' }),
  }),
);
export type ExportacaoQuery = z.output<typeof exportacaoQuerySchema>;

const colunaSchema = z.object({
  chave: z.string(),
  titulo: z.string(),
  tipo: z.enum(TIPOS_COLUNA),
  somar: z.boolean().optional(),
});

const celula = z.union([z.string(), z.number(), z.null()]);
export type Celula = z.infer<typeof celula>;
export type LinhaRelatorio = Record<string, Celula>;

/** A report's entry in the catalogue (GET /api/relatorios): what the screen lists and asks. */
export const relatorioResumoSchema = z.object({
  id: z.string(),
  grupo: z.enum(GRUPOS_RELATORIO),
  titulo: z.string(),
  /** The figures' definition, in one line. */
  definicao: z.string(),
  filtros: z.array(z.enum(FILTROS_RELATORIO)),
  colunas: z.array(colunaSchema),
});
export type RelatorioResumo = z.infer<typeof relatorioResumoSchema>;

/** GET /api/relatorios/{id}: one page of rows (the total in `total`) and the whole filter's totals. */
export const relatorioRespostaSchema = relatorioResumoSchema.extend({
  /** The period read, after the defaults. */
  de: z.string().refine(isISODate),
  ate: z.string().refine(isISODate),
  linhas: z.array(z.record(z.string(), celula)),
  total: z.number(),
  totais: z.record(z.string(), z.number()),
});
export type RelatorioResposta = z.infer<typeof relatorioRespostaSchema>;
