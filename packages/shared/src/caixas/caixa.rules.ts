// The cash drawer's session (caixa) of the counter: opening with the fundo de troco, sangrias
// and suprimentos, and the closing count per payment method. Exact to the centavo.
import { fromCentavos, toCentavos } from '../money';
import { FORMAS_PAGAMENTO_BALCAO, type FormaPagamento } from '../vendas/venda.rules';

export const STATUS_CAIXA = ['aberto', 'fechado'] as const;
export type StatusCaixa = (typeof STATUS_CAIXA)[number];

export const TIPOS_MOVIMENTO_CAIXA = [
  { value: 'sangria', label: 'Sangria' },
  { value: 'suprimento', label: 'Suprimento' },
] as const;
export type TipoMovimentoCaixa = (typeof TIPOS_MOVIMENTO_CAIXA)[number]['value'];
export const TIPO_MOVIMENTO_CAIXA_VALUES = TIPOS_MOVIMENTO_CAIXA.map((tipo) => tipo.value) as [
  TipoMovimentoCaixa,
  ...TipoMovimentoCaixa[],
];

/** The methods a counter closing counts, in the order the screens show them. */
export const FORMAS_CAIXA: readonly FormaPagamento[] = FORMAS_PAGAMENTO_BALCAO.map(
  (forma) => forma.value,
);

export const CAIXA_MESSAGES = {
  titulo: 'Caixa',
  abrir: 'Abrir Caixa',
  fechar: 'Fechar Caixa',
  sangria: 'Sangria',
  suprimento: 'Suprimento',
  aberto: 'Caixa aberto',
  fechado: 'Caixa fechado',
  nenhumAberto: 'Nenhum caixa aberto',
  jaAberto: 'Você já tem um caixa aberto. Feche-o antes de abrir outro.',
  naoEncontrado: 'Caixa não encontrado.',
  jaFechado: 'Este caixa já foi fechado e não aceita alterações.',
  deOutroOperador: 'Somente o operador do caixa, um gerente ou um administrador pode alterá-lo.',
  motivoObrigatorio: 'Informe o motivo',
  valorPositivo: 'Informe um valor maior que zero',
  valorNaoNegativo: 'Informe um valor maior ou igual a zero',
  sangriaMaiorQueDinheiro: 'A sangria não pode ser maior que o dinheiro esperado no caixa',
  abertoSucesso: 'Caixa aberto com sucesso!',
  fechadoSucesso: 'Caixa fechado com sucesso!',
  movimentoSucesso: 'Movimento registrado com sucesso!',
} as const;

export interface ResumoCaixaEntrada {
  valor_inicial: number;
  /** Σ of each method's payments in the caixa's finalized sales. */
  recebido: Partial<Record<FormaPagamento, number>>;
  /** Σ troco given in cash. */
  troco: number;
  sangrias: number;
  suprimentos: number;
}

/**
 * What should be in the drawer per payment method. Cash: fundo + cash received − troco −
 * sangrias + suprimentos; every other method: what it received.
 */
export function esperadoDoCaixa(entrada: ResumoCaixaEntrada): Record<FormaPagamento, number> {
  const esperado = {} as Record<FormaPagamento, number>;
  for (const forma of FORMAS_CAIXA) {
    esperado[forma] = fromCentavos(toCentavos(entrada.recebido[forma] ?? 0));
  }
  esperado.dinheiro = fromCentavos(
    toCentavos(entrada.valor_inicial) +
      toCentavos(entrada.recebido.dinheiro ?? 0) -
      toCentavos(entrada.troco) -
      toCentavos(entrada.sangrias) +
      toCentavos(entrada.suprimentos),
  );
  return esperado;
}
