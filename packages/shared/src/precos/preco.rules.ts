// Price tables, additional costs and per-table prices (spec part 2, sections 2.4–2.6, 3.2,
// 3.5, 3.6, 5 and 9). Free of zod: the margin modal computes the same price live that the server
// computes and returns.
import { addPercent, fromCentavos, percentOf, toCentavos } from '../money';

export const TIPOS_TABELA_PRECO = [
  { value: 'varejo', label: 'Varejo', color: 'blue' },
  { value: 'atacado', label: 'Atacado', color: 'teal' },
  { value: 'promocional', label: 'Promocional', color: 'orange' },
  { value: 'especial', label: 'Especial', color: 'grape' },
] as const;
export type TipoTabelaPreco = (typeof TIPOS_TABELA_PRECO)[number]['value'];
export const TIPO_TABELA_PRECO_VALUES = TIPOS_TABELA_PRECO.map((tipo) => tipo.value) as [
  TipoTabelaPreco,
  ...TipoTabelaPreco[],
];

export const TIPOS_CUSTO_ADICIONAL = [
  { value: 'percentual', label: 'Percentual' },
  { value: 'fixo', label: 'Fixo' },
] as const;
export type TipoCustoAdicional = (typeof TIPOS_CUSTO_ADICIONAL)[number]['value'];
export const TIPO_CUSTO_ADICIONAL_VALUES = TIPOS_CUSTO_ADICIONAL.map((tipo) => tipo.value) as [
  TipoCustoAdicional,
  ...TipoCustoAdicional[],
];

/** Section 9: a new price table is varejo with margin 0; a new cost is percentual. */
export const TABELA_PRECO_DEFAULTS = { tipo: 'varejo', margem_padrao: 0 } as const;
export const CUSTO_ADICIONAL_DEFAULTS = { tipo: 'percentual' } as const;

/** Margins and percentual costs: two decimals, within numeric(7,2). */
export const MARGEM_MAXIMA = 10_000;
export const CUSTO_PERCENTUAL_MAXIMO = 1_000;
/** How many costs one table may link, and products one bulk margin change may touch. */
export const MAX_CUSTOS_POR_TABELA = 50;
export const MAX_PRODUTOS_POR_LOTE = 50_000;

export const TABELA_PRECO_MESSAGES = {
  nomeObrigatorio: 'Nome é obrigatório',
  tipoInvalido: 'Tipo inválido: use varejo, atacado, promocional ou especial',
  margemMinima: 'A margem padrão deve ser maior ou igual a zero',
  naoEncontrada: 'Tabela de preços não encontrada.',
  nomeDuplicado: 'Já existe uma tabela de preços com este nome.',
  custoInexistente: 'Custo adicional não encontrado.',
} as const;

export const CUSTO_ADICIONAL_MESSAGES = {
  nomeObrigatorio: 'Nome é obrigatório',
  tipoInvalido: 'Tipo inválido: use percentual ou fixo',
  percentualPositivo: 'Valor percentual deve ser maior que zero',
  fixoPositivo: 'Valor fixo deve ser maior que zero',
  naoEncontrado: 'Custo adicional não encontrado.',
  nomeDuplicado: 'Já existe um custo adicional com este nome.',
} as const;

export const PRECO_MESSAGES = {
  margemObrigatoria: 'Por favor, informe a margem',
  margemMinima: 'A margem deve ser maior ou igual a zero',
  precoAcimaLimite: 'O preço final passa do limite permitido',
  tabelaObrigatoria: 'Selecione uma tabela de preços',
  precoNaoDefinido: 'Este produto não tem preço definido nesta tabela.',
  produtosObrigatorios: 'Selecione ao menos um produto',
  produtoInexistente: 'Produto não encontrado.',
} as const;

/** An additional cost as the rule needs it. */
export interface CustoAplicavel {
  id?: number;
  nome?: string;
  tipo: TipoCustoAdicional;
  valor_percentual?: number | null;
  valor_fixo?: number | null;
}

/** One line of the breakdown: what a cost adds to the price. */
export interface ParcelaCusto {
  id?: number;
  nome: string;
  tipo: TipoCustoAdicional;
  /** The percentage (percentual) or the amount (fixo) of the cost. */
  taxa: number;
  /** What it adds, in reais, rounded to the centavo. */
  valor: number;
}

export interface PrecoTabelaCalculado {
  /** The base: the product's final cost (custo + despesas acessórias + outras despesas). */
  custo: number;
  margem: number;
  /** custo × margem / 100. */
  valor_margem: number;
  /** custo × (1 + margem / 100), the spec's price. */
  preco_com_margem: number;
  custos: ParcelaCusto[];
  total_custos: number;
  /** preco_com_margem + every additional cost: what the table charges. */
  preco_final: number;
}

/**
 * The price of a product in a price table, exact to the centavo:
 *
 *   preço com margem = custo × (1 + margem / 100)           (the spec's rule, section 2.4)
 *   + for each percentual cost of the table: custo × percentual / 100
 *   + for each fixo cost of the table: its value
 *   = preço final
 *
 * `custo` is the product's final cost (custo_final = custo + despesas acessórias + outras
 * despesas). Each line is rounded to the centavo (half away from zero) with integer arithmetic
 * and the lines are summed in centavos, so the breakdown the screen shows adds up to the total.
 */
export function calcularPrecoTabela(input: {
  custo: number;
  margem: number;
  custos?: readonly CustoAplicavel[];
}): PrecoTabelaCalculado {
  const precoComMargem = addPercent(input.custo, input.margem);
  const custos: ParcelaCusto[] = (input.custos ?? []).map((custo) => {
    const taxa =
      custo.tipo === 'percentual' ? (custo.valor_percentual ?? 0) : (custo.valor_fixo ?? 0);
    return {
      id: custo.id,
      nome: custo.nome ?? '',
      tipo: custo.tipo,
      taxa,
      valor: custo.tipo === 'percentual' ? percentOf(input.custo, taxa) : taxa,
    };
  });
  const totalCustos = custos.reduce((total, parcela) => total + toCentavos(parcela.valor), 0);
  return {
    custo: input.custo,
    margem: input.margem,
    valor_margem: fromCentavos(toCentavos(precoComMargem) - toCentavos(input.custo)),
    preco_com_margem: precoComMargem,
    custos,
    total_custos: fromCentavos(totalCustos),
    preco_final: fromCentavos(toCentavos(precoComMargem) + totalCustos),
  };
}

/** Shorthand: only the final price. */
export function precoFinalTabela(input: Parameters<typeof calcularPrecoTabela>[0]): number {
  return calcularPrecoTabela(input).preco_final;
}
