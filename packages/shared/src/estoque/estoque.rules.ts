// Stock control (spec part 2, sections 2.11, 3.9, 3.10, 5, 8 and 9), free of zod so that the
// screen's table and the server's messages use exactly the same rules and texts.
import { PRODUTO_SEARCH_MIN_CHARS } from '../produtos/produto.rules';

export const TIPOS_MOVIMENTACAO = [
  { value: 'entrada', label: 'Entrada' },
  { value: 'saida', label: 'Saída' },
] as const;
export type TipoMovimentacao = (typeof TIPOS_MOVIMENTACAO)[number]['value'];
export const TIPO_MOVIMENTACAO_VALUES = TIPOS_MOVIMENTACAO.map((tipo) => tipo.value) as [
  TipoMovimentacao,
  ...TipoMovimentacao[],
];

export function tipoMovimentacaoLabel(tipo: string): string {
  return TIPOS_MOVIMENTACAO.find((option) => option.value === tipo)?.label ?? tipo;
}

/** Section 3.9's defaults for the stock view. */
export const ESTOQUE_UNIDADE_PADRAO = 'UN';
export const ESTOQUE_MINIMO_PADRAO = 0;
export const SEM_CATEGORIA = 'Sem categoria';

/** Section 9: product suggestions from 2 characters, closing 200 ms after blur, 200 px high. */
export const SUGESTOES_MIN_CHARS = PRODUTO_SEARCH_MIN_CHARS;
export const SUGESTOES_BLUR_DELAY_MS = 200;
export const SUGESTOES_MAX_HEIGHT = 200;
/** Section 5: the quantity input has minimum 0 and step 0.01. */
export const QUANTIDADE_MIN = 0;
export const QUANTIDADE_STEP = 0.01;

/** GET /api/estoque/movimentacoes answers at most this many rows per call. */
export const MOVIMENTACOES_LIMIT_PADRAO = 100;
export const MOVIMENTACOES_LIMIT_MAX = 500;

/** Reasons of the movements the product registry records (the ledger explains every change). */
export const MOTIVO_ESTOQUE_INICIAL = 'Estoque inicial';
export const MOTIVO_AJUSTE_CADASTRO = 'Ajuste pelo cadastro do produto';

/** Reasons offered as suggestions in the movement modal; any other text is accepted. */
export const MOTIVOS_SUGERIDOS: Record<TipoMovimentacao, readonly string[]> = {
  entrada: [
    'Compra de mercadoria',
    'Devolução de cliente',
    'Produção própria',
    'Ajuste de inventário',
    'Transferência recebida',
  ],
  saida: [
    'Venda',
    'Perda ou avaria',
    'Uso interno',
    'Devolução ao fornecedor',
    'Ajuste de inventário',
    'Transferência enviada',
  ],
};

export const ESTOQUE_MESSAGES = {
  titulo: 'Controle de Estoque',
  pesquisar: 'Pesquisar produtos...',
  vazioTitulo: 'Nenhum produto encontrado',
  vazioTexto: 'Não há produtos com estoque para exibir.',
  buscandoProdutos: 'Buscando produtos...',
  nenhumProduto: 'Nenhum produto encontrado',
  selecioneProduto: 'Por favor, selecione um produto.',
  quantidadeInvalida: 'Por favor, insira uma quantidade válida.',
  motivoObrigatorio: 'Informe o motivo da movimentação.',
  tipoInvalido: 'Selecione o tipo: entrada ou saída.',
  dataInvalida: 'Informe uma data válida.',
  dataFutura: 'A data da movimentação não pode ser posterior a hoje.',
  periodoInvalido: 'A data inicial deve ser anterior ou igual à data final.',
  criada: 'Movimentação criada com sucesso!',
  atualizada: 'Movimentação atualizada com sucesso!',
  erroCriar: 'Erro ao criar movimentação',
  erroAtualizar: 'Erro ao atualizar movimentação',
  erroDesconhecido: 'Erro desconhecido',
  produtoNaoEncontrado: 'Produto não encontrado.',
  movimentacaoNaoEncontrada: 'Movimentação não encontrada.',
  jaRegistrada:
    'A movimentação enviada antes já foi registrada. Confira o histórico antes de lançar outra.',
} as const;

/** Section 8: "Erro ao salvar movimentação: {server error or Erro desconhecido}". */
export function erroSalvarMovimentacao(detail: string | null | undefined): string {
  return `Erro ao salvar movimentação: ${detail || ESTOQUE_MESSAGES.erroDesconhecido}`;
}

const quantidadeFormatter = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 3,
});

/** A quantity the pt-BR way with only the decimals it has: 10 → "10", 2.5 → "2,5", 1234.125 → "1.234,125". */
export function formatQuantidade(value: number | null | undefined): string {
  return quantidadeFormatter.format(value ?? 0);
}

/** "12 UN", "2,5 KG". */
export function formatQuantidadeUnidade(
  value: number | null | undefined,
  unidade: string | null | undefined,
): string {
  return `${formatQuantidade(value)} ${unidade || ESTOQUE_UNIDADE_PADRAO}`;
}

export function naoMovimentaEstoqueMessage(nome: string): string {
  return (
    `O produto "${nome}" não movimenta estoque. ` +
    'Marque "Movimenta estoque" no cadastro do produto para registrar movimentações.'
  );
}

/** A saída (or an edit) that needs more than the product has. */
export function estoqueInsuficienteMessage(options: {
  disponivel: number;
  solicitado: number;
  unidade: string | null | undefined;
  nome?: string;
}): string {
  const { disponivel, solicitado, unidade, nome } = options;
  const produto = nome ? ` de "${nome}"` : '';
  return (
    `Estoque insuficiente${produto}: disponível ${formatQuantidadeUnidade(disponivel, unidade)}, ` +
    `solicitado ${formatQuantidadeUnidade(solicitado, unidade)}.`
  );
}

/** An edit of a movement that would take more than the product has. */
export function estoqueInsuficienteEdicaoMessage(options: {
  disponivel: number;
  retirada: number;
  unidade: string | null | undefined;
  nome: string;
}): string {
  const { disponivel, retirada, unidade, nome } = options;
  return (
    `Estoque insuficiente de "${nome}" para alterar a movimentação: ` +
    `disponível ${formatQuantidadeUnidade(disponivel, unidade)}, ` +
    `a alteração retira ${formatQuantidadeUnidade(retirada, unidade)}.`
  );
}

/** Section 9's stock-in-red rule: stock at or below the minimum. */
export function isEstoqueBaixo(estoque: number, estoqueMinimo: number | null | undefined): boolean {
  return estoque <= (estoqueMinimo ?? ESTOQUE_MINIMO_PADRAO);
}

/**
 * Quantities are numeric(14,3): as integer thousandths they add and subtract exactly, so the
 * server computes an edit's difference and the tests check the ledger without float drift.
 */
export function toMilesimos(quantidade: number): number {
  return Math.round(quantidade * 1000);
}

export function fromMilesimos(milesimos: number): number {
  return milesimos / 1000;
}

/** The exact decimal text of a number of thousandths, for SQL numeric parameters: -1500 → "-1.500". */
export function milesimosToDecimal(milesimos: number): string {
  const sign = milesimos < 0 ? '-' : '';
  const abs = Math.abs(milesimos);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/** What a movement does to the stock, in thousandths: + for an entrada, − for a saída. */
export function efeitoMilesimos(tipo: TipoMovimentacao, quantidade: number): number {
  const milesimos = toMilesimos(quantidade);
  return tipo === 'entrada' ? milesimos : -milesimos;
}
