// Quotes (spec part 2, sections 2.12, 3.11, 4, 5, 8 and 9, and issue 14): the status flow, the
// derived type, totals and installments in integer centavos, and every text the screens show,
// free of zod so the screens and the server share them.
import { addDaysISO } from '../dates';
import { dividirValor, formatMoney, fromCentavos, toCentavos } from '../money';
import { calcularTotaisOS, type LinhaOS } from '../ordens-servico/ordem-servico.rules';
import { transicaoExiste } from '../transicoes';

/** Section 4's five statuses, with the colour of their badge. */
export const STATUS_ORCAMENTO = [
  { value: 'rascunho', label: 'Rascunho', cor: 'gray' },
  { value: 'pendente', label: 'Pendente', cor: 'yellow' },
  { value: 'aprovado', label: 'Aprovado', cor: 'green' },
  { value: 'rejeitado', label: 'Rejeitado', cor: 'red' },
  { value: 'expirado', label: 'Expirado', cor: 'orange' },
] as const;
export type StatusOrcamento = (typeof STATUS_ORCAMENTO)[number]['value'];
export const STATUS_ORCAMENTO_VALUES = STATUS_ORCAMENTO.map((s) => s.value) as [
  StatusOrcamento,
  ...StatusOrcamento[],
];

/** "Any other value is shown as it is" (section 4). */
export function statusOrcamentoLabel(value: string): string {
  return STATUS_ORCAMENTO.find((s) => s.value === value)?.label ?? value;
}

/**
 * The one transition table of a quote: a draft is sent (pendente), the customer's answer is
 * recorded (aprovado or rejeitado). Expirado is never chosen: the server derives it for a
 * pending quote past its validity (statusEfetivo), and it ends there like the answers.
 */
export const ORCAMENTO_TRANSICOES: Record<StatusOrcamento, readonly StatusOrcamento[]> = {
  rascunho: ['pendente'],
  pendente: ['aprovado', 'rejeitado'],
  aprovado: [],
  rejeitado: [],
  expirado: [],
};

/** The statuses a PATCH may ask for. */
export const STATUS_ORCAMENTO_ESCOLHIVEIS = ['pendente', 'aprovado', 'rejeitado'] as const;

export function podeMudarStatusOrcamento(de: StatusOrcamento, para: StatusOrcamento): boolean {
  return transicaoExiste(ORCAMENTO_TRANSICOES, de, para);
}

/** Drafts and sent quotes can still be changed; answered and expired ones are read-only. */
export function orcamentoEditavel(status: StatusOrcamento): boolean {
  return status === 'rascunho' || status === 'pendente';
}

/** The button of each move, for the screens. */
export const ACAO_STATUS_ORCAMENTO: Record<(typeof STATUS_ORCAMENTO_ESCOLHIVEIS)[number], string> =
  {
    pendente: 'Enviar ao cliente',
    aprovado: 'Aprovar',
    rejeitado: 'Rejeitar',
  };

/**
 * What a stored status means today: a pending quote whose last valid day (data_vencimento) is
 * before today, in the company's calendar, has expired.
 */
export function statusEfetivo(
  status: StatusOrcamento,
  dataVencimento: string,
  hoje: string,
): StatusOrcamento {
  return status === 'pendente' && dataVencimento < hoje ? 'expirado' : status;
}

/** Section 9: validity 30 days; the last valid day is the quote's date plus the validity. */
export const VALIDADE_PADRAO_DIAS = 30;
export const VALIDADE_MAX_DIAS = 365;
export function vencimentoDoOrcamento(data: string, validadeDias: number): string {
  return addDaysISO(data, validadeDias);
}

/** Section 4: "produto" by default, "misto" with both kinds of line, "servico" with services only. */
export const TIPOS_ORCAMENTO = [
  { value: 'produto', label: 'Produtos' },
  { value: 'servico', label: 'Serviços' },
  { value: 'misto', label: 'Misto' },
] as const;
export type TipoOrcamento = (typeof TIPOS_ORCAMENTO)[number]['value'];
export const TIPO_ORCAMENTO_VALUES = TIPOS_ORCAMENTO.map((t) => t.value) as [
  TipoOrcamento,
  ...TipoOrcamento[],
];
export function tipoDoOrcamento(produtos: number, servicos: number): TipoOrcamento {
  if (produtos > 0 && servicos > 0) return 'misto';
  return servicos > 0 ? 'servico' : 'produto';
}
export function tipoOrcamentoLabel(value: string): string {
  return TIPOS_ORCAMENTO.find((t) => t.value === value)?.label ?? value;
}

/** The list's tabs: a mixed quote shows in both. */
export const ABAS_ORCAMENTO = ['produtos', 'servicos'] as const;
export type AbaOrcamento = (typeof ABAS_ORCAMENTO)[number];

/** Payment conditions of the Pagamento tab. */
export const CONDICOES_PAGAMENTO = [
  { value: 'a-vista', label: 'À vista' },
  { value: 'parcelado', label: 'Parcelado' },
] as const;
export type CondicaoPagamento = (typeof CONDICOES_PAGAMENTO)[number]['value'];
export const CONDICAO_PAGAMENTO_VALUES = CONDICOES_PAGAMENTO.map((c) => c.value) as [
  CondicaoPagamento,
  ...CondicaoPagamento[],
];
export const PARCELAS_MIN = 2;
export const PARCELAS_MAX = 48;
/** Days between installments when the screen generates them. */
export const INTERVALO_PARCELAS_PADRAO = 30;

/** The text the quote keeps and prints for its conditions ("Parcelado em 3x"). */
export function condicoesPagamentoTexto(condicao: CondicaoPagamento, parcelas: number): string {
  return condicao === 'a-vista' ? 'À vista' : `Parcelado em ${parcelas}x`;
}

export interface Parcela {
  numero: number;
  vencimento: string;
  valor: number;
}

/**
 * `n` installments of `total`, the first due on `primeiroVencimento` and each next one
 * `intervaloDias` later. Every installment gets the total divided evenly down to the centavo;
 * the centavos left by the rounding go to the first, so they always add up to the total.
 */
export function dividirEmParcelas(
  total: number,
  n: number,
  primeiroVencimento: string,
  intervaloDias = INTERVALO_PARCELAS_PADRAO,
): Parcela[] {
  return dividirValor(total, n).map((valor, index) => ({
    numero: index + 1,
    vencimento: addDaysISO(primeiroVencimento, index * intervaloDias),
    valor,
  }));
}

/** Σ of the installments in centavos, exact. */
export function somaParcelas(parcelas: readonly { valor: number }[]): number {
  return fromCentavos(parcelas.reduce((soma, p) => soma + toCentavos(p.valor), 0));
}

export function parcelasNaoConferemMessage(soma: number, total: number): string {
  return (
    `A soma das parcelas (${formatMoney(soma)}) deve ser igual ao total do orçamento ` +
    `(${formatMoney(total)}).`
  );
}

export interface TotaisOrcamento {
  produtos: number[];
  servicos: number[];
  total_produtos: number;
  total_servicos: number;
  /** Σ of every line. */
  valor_subtotal: number;
  /** Subtotal plus freight. */
  valor_total: number;
  /** Per field ("produtos.0.desconto"): what is wrong. Empty when valid. */
  erros: Record<string, string>;
}

/** Each line is quantidade × valor − desconto (section 5); the quote adds the freight. */
export function calcularTotaisOrcamento(
  produtos: readonly LinhaOS[],
  servicos: readonly LinhaOS[],
  frete: number,
): TotaisOrcamento {
  const os = calcularTotaisOS(produtos, servicos, { frete, outros: 0, desconto: 0 });
  return {
    produtos: os.produtos,
    servicos: os.servicos,
    total_produtos: os.pecas,
    total_servicos: os.mao_de_obra,
    valor_subtotal: fromCentavos(toCentavos(os.pecas) + toCentavos(os.mao_de_obra)),
    valor_total: os.valor_total,
    erros: os.erros,
  };
}

/** Section 2.12's default introduction ("introdução, default template text"). */
export const INTRODUCAO_PADRAO =
  'Prezado(a) cliente,\n\nConforme solicitado, apresentamos nossa proposta para os produtos e ' +
  'serviços descritos abaixo. Os valores são válidos até a data indicada. Ficamos à disposição ' +
  'para qualquer esclarecimento.';

/** "Orçamento Nº 000042". */
export function formatNumeroOrcamento(numero: number): string {
  return String(numero).padStart(6, '0');
}

/** GET /api/orcamentos answers at most this many rows per call. */
export const ORCAMENTOS_LIMIT_PADRAO = 100;
export const ORCAMENTOS_LIMIT_MAX = 500;
export const ORCAMENTO_LINHAS_MAX = 200;
/** Attachments a quote keeps at most (5 MB each, section 9). */
export const ORCAMENTO_ANEXOS_MAX = 10;

export const ORCAMENTO_MESSAGES = {
  titulo: 'Orçamentos',
  novo: 'Novo Orçamento',
  adicionar: 'Adicionar Orçamento',
  editar: 'Editar Orçamento',
  visualizar: 'Orçamento',
  salvar: 'Salvar Orçamento',
  voltar: 'Voltar',
  cancelar: 'Cancelar',
  filtros: 'Filtros',
  busca: 'Pesquisar orçamentos...',
  // Section 8
  confirmarExclusao: 'Tem certeza que deseja excluir este orçamento?',
  erroExcluir: 'Erro ao excluir orçamento',
  criado: 'Orçamento criado com sucesso!',
  erroSalvar: 'Erro ao salvar orçamento. Tente novamente.',
  // Ours
  atualizado: 'Orçamento atualizado com sucesso!',
  excluido: 'Orçamento excluído com sucesso!',
  duplicado: 'Orçamento duplicado como rascunho.',
  statusAlterado: 'Status do orçamento atualizado!',
  convertido: 'Orçamento convertido com sucesso!',
  vazioProdutos: 'Nenhum orçamento de produtos encontrado',
  vazioServicos: 'Nenhum orçamento de serviços encontrado',
  vazioTodos: 'Nenhum orçamento encontrado',
  criarProdutos: 'Criar orçamento de produtos',
  criarServicos: 'Criar orçamento de serviços',
  criarPrimeiro: 'Criar primeiro orçamento',
  naoEncontrado: 'Orçamento não encontrado.',
  clienteObrigatorio: 'Informe o cliente',
  clienteNaoEncontrado: 'Cliente não encontrado.',
  funcionarioNaoEncontrado: 'Vendedor não encontrado.',
  transportadoraNaoEncontrada: 'Transportadora não encontrada.',
  produtoNaoEncontrado: 'Produto não encontrado.',
  servicoNaoEncontrado: 'Serviço não encontrado.',
  linhaSemNome: 'Selecione do catálogo ou descreva o item',
  valorObrigatorio: 'Informe o valor do item',
  quantidadeInvalida: 'A quantidade deve ser maior que zero',
  validadeInvalida: `A validade deve ser um número inteiro de 1 a ${VALIDADE_MAX_DIAS} dias`,
  parcelasObrigatorias: `Informe de ${PARCELAS_MIN} a ${PARCELAS_MAX} parcelas`,
  parcelaAntesDaData: 'O vencimento da parcela não pode ser anterior à data do orçamento',
  naoEditavel: 'Um orçamento aprovado, rejeitado ou expirado não pode ser alterado.',
  naoExcluivel: 'Um orçamento aprovado e convertido não pode ser excluído.',
  semLinhas: 'Adicione ao menos um produto ou serviço antes de enviar o orçamento.',
  expirado: 'Este orçamento expirou. Duplique-o para enviar uma nova proposta.',
  converterSoAprovado: 'Somente orçamentos aprovados podem ser convertidos.',
  jaConvertido: 'Este orçamento já foi convertido.',
  linhaForaDoCatalogo: 'Substitua pelos itens do catálogo antes de converter:',
  clienteParaConverter: 'Selecione um cliente cadastrado para converter o orçamento.',
  formaDepois: 'Opcional: a venda pendente pode recebê-la antes de ser finalizada.',
  anexoNaoEncontrado: 'Anexo não encontrado.',
  anexosDemais: `Um orçamento pode ter no máximo ${ORCAMENTO_ANEXOS_MAX} anexos.`,
  periodoInvalido: 'A data inicial deve ser anterior ou igual à data final.',
} as const;

export function transicaoOrcamentoInvalidaMessage(
  de: StatusOrcamento,
  para: StatusOrcamento,
): string {
  if (de === 'expirado') return ORCAMENTO_MESSAGES.expirado;
  if (de === para) return `O orçamento já está ${statusOrcamentoLabel(de).toLowerCase()}.`;
  return (
    `Um orçamento ${statusOrcamentoLabel(de).toLowerCase()} não pode passar para ` +
    `${statusOrcamentoLabel(para).toLowerCase()}.`
  );
}

export function linhasForaDoCatalogoMessage(nomes: readonly string[]): string {
  return `${ORCAMENTO_MESSAGES.linhaForaDoCatalogo} ${nomes.join(', ')}.`;
}
