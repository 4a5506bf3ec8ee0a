// Finance (issue 15): accounts, payables and receivables in installments, settlements (baixas)
// with interest, fine and discount, the chart of accounts, and how sales turn into receivables,
// all in integer centavos and free of zod so the screens and the server share the rules.
import { addMonthsISO } from '../dates';
import { dividirValor, formatMoney, fromCentavos, toCentavos } from '../money';
import type { FormaPagamento } from '../vendas/venda.rules';

export const NATUREZAS = [
  { value: 'pagar', label: 'Contas a Pagar', pessoa: 'Fornecedor' },
  { value: 'receber', label: 'Contas a Receber', pessoa: 'Cliente' },
] as const;
export type Natureza = (typeof NATUREZAS)[number]['value'];
export const NATUREZA_VALUES = ['pagar', 'receber'] as const;

export const TIPOS_CONTA = [
  { value: 'caixa', label: 'Caixa' },
  { value: 'corrente', label: 'Conta Corrente' },
  { value: 'poupanca', label: 'Poupança' },
  { value: 'investimento', label: 'Investimento' },
  { value: 'outra', label: 'Outra' },
] as const;
export type TipoConta = (typeof TIPOS_CONTA)[number]['value'];
export const TIPO_CONTA_VALUES = TIPOS_CONTA.map((t) => t.value) as [TipoConta, ...TipoConta[]];
export function tipoContaLabel(value: string): string {
  return TIPOS_CONTA.find((t) => t.value === value)?.label ?? value;
}

/**
 * An installment's status. aberto, parcial, pago and cancelado are stored; vencido is derived
 * when read: an installment still owed (aberto or parcial) whose due day is before today in the
 * company's calendar.
 */
export const STATUS_PARCELA = [
  { value: 'aberto', label: 'Em aberto', cor: 'blue' },
  { value: 'parcial', label: 'Pago parcialmente', cor: 'yellow' },
  { value: 'pago', label: 'Pago', cor: 'green' },
  { value: 'vencido', label: 'Vencido', cor: 'red' },
  { value: 'cancelado', label: 'Cancelado', cor: 'gray' },
] as const;
export type StatusParcela = (typeof STATUS_PARCELA)[number]['value'];
export const STATUS_PARCELA_VALUES = STATUS_PARCELA.map((s) => s.value) as [
  StatusParcela,
  ...StatusParcela[],
];
export type StatusParcelaGravado = Exclude<StatusParcela, 'vencido'>;
export function statusParcelaLabel(value: string): string {
  return STATUS_PARCELA.find((s) => s.value === value)?.label ?? value;
}

/** The stored status of an installment from what is left of it. */
export function statusGravado(valor: number, valorPago: number): StatusParcelaGravado {
  if (toCentavos(valorPago) <= 0) return 'aberto';
  return toCentavos(valorPago) >= toCentavos(valor) ? 'pago' : 'parcial';
}

/** What the screens show: a stored status, or vencido for one still owed past its due day. */
export function statusEfetivoParcela(
  gravado: StatusParcelaGravado,
  vencimento: string,
  hoje: string,
): StatusParcela {
  return (gravado === 'aberto' || gravado === 'parcial') && vencimento < hoje ? 'vencido' : gravado;
}

/**
 * A title's status from its installments' (as statusEfetivoParcela reads them): cancelado;
 * vencido while any installment still owed is past due; pago when nothing is owed; parcial when
 * something was paid; aberto otherwise. The server's list filter computes the same in SQL.
 */
export function statusTitulo(
  cancelado: boolean,
  parcelas: ReadonlyArray<{ status: StatusParcela; valor_pago: number }>,
): StatusParcela {
  if (cancelado) return 'cancelado';
  if (parcelas.some((p) => p.status === 'vencido')) return 'vencido';
  if (parcelas.every((p) => p.status === 'pago' || p.status === 'cancelado')) return 'pago';
  return parcelas.some((p) => toCentavos(p.valor_pago) > 0) ? 'parcial' : 'aberto';
}

/** Whole days an installment is overdue on `hoje` (0 when not yet due). */
export function diasEmAtraso(vencimento: string, hoje: string): number {
  const dias =
    (Date.parse(`${hoje}T00:00:00Z`) - Date.parse(`${vencimento}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, Math.round(dias));
}

export const PARCELAS_TITULO_MAX = 120;
export const RECORRENCIA_MESES_MAX = 60;

export interface ParcelaPlano {
  numero: number;
  vencimento: string;
  valor: number;
}

/**
 * `n` monthly installments of `total` from `primeiroVencimento`; they add up to the total to the
 * centavo, the rounding difference on the first.
 */
export function parcelasMensais(
  total: number,
  n: number,
  primeiroVencimento: string,
): ParcelaPlano[] {
  return dividirValor(total, n).map((valor, index) => ({
    numero: index + 1,
    vencimento: addMonthsISO(primeiroVencimento, index),
    valor,
  }));
}

export interface Baixa {
  /** Cash that moved (received or paid). */
  valor: number;
  juros: number;
  multa: number;
  desconto: number;
}

/**
 * How much of the installment a settlement pays off: the cash minus interest and fine, plus
 * the discount given. Refused (erro) when it pays off nothing or more than is owed.
 */
export function amortizacaoDaBaixa(
  saldo: number,
  baixa: Baixa,
): { amortizado: number } | { erro: string; campo: keyof Baixa } {
  const amortizado =
    toCentavos(baixa.valor) -
    toCentavos(baixa.juros) -
    toCentavos(baixa.multa) +
    toCentavos(baixa.desconto);
  if (amortizado <= 0) {
    return { erro: FINANCEIRO_MESSAGES.baixaSemValor, campo: 'valor' };
  }
  if (amortizado > toCentavos(saldo)) {
    return { erro: baixaAcimaDoSaldoMessage(saldo), campo: 'valor' };
  }
  return { amortizado: fromCentavos(amortizado) };
}

export function baixaAcimaDoSaldoMessage(saldo: number): string {
  return `O valor da baixa passa do saldo da parcela (${formatMoney(saldo)}).`;
}

export function parcelasNaoSomamMessage(soma: number, total: number): string {
  return `A soma das parcelas (${formatMoney(soma)}) deve ser igual ao valor do título (${formatMoney(total)}).`;
}

/**
 * How each payment method of a sale becomes a receivable (issue 15): cash, PIX and debit are
 * received at once into the method's account; credit card and boleto fall due after a number of
 * days. The account and the days are settings (GET/PUT /api/financeiro/formas).
 */
export const FORMAS_FINANCEIRO_PADRAO: Record<
  FormaPagamento,
  { baixaAutomatica: boolean; prazoDias: number; tipoConta: TipoConta }
> = {
  dinheiro: { baixaAutomatica: true, prazoDias: 0, tipoConta: 'caixa' },
  pix: { baixaAutomatica: true, prazoDias: 0, tipoConta: 'corrente' },
  cartao_debito: { baixaAutomatica: true, prazoDias: 1, tipoConta: 'corrente' },
  cartao_credito: { baixaAutomatica: false, prazoDias: 30, tipoConta: 'corrente' },
  boleto: { baixaAutomatica: false, prazoDias: 30, tipoConta: 'corrente' },
};

/**
 * The chart of accounts a new company starts with (editable). Those with a slug are the system's:
 * the sales book into the first two, and purchases of goods are stock, not an expense, in the DRE
 * (their cost enters it as CMV when the goods are sold).
 */
export const CATEGORIAS_PADRAO = [
  { slug: 'venda-produtos', nome: 'Venda de produtos', tipo: 'receita' },
  { slug: 'prestacao-servicos', nome: 'Prestação de serviços', tipo: 'receita' },
  { slug: null, nome: 'Receitas financeiras', tipo: 'receita' },
  { slug: null, nome: 'Outras receitas', tipo: 'receita' },
  { slug: 'compra-mercadorias', nome: 'Compra de mercadorias', tipo: 'despesa' },
  { slug: null, nome: 'Aluguel', tipo: 'despesa' },
  { slug: null, nome: 'Energia elétrica', tipo: 'despesa' },
  { slug: null, nome: 'Água e esgoto', tipo: 'despesa' },
  { slug: null, nome: 'Telefone e internet', tipo: 'despesa' },
  { slug: null, nome: 'Salários e encargos', tipo: 'despesa' },
  { slug: null, nome: 'Pró-labore', tipo: 'despesa' },
  { slug: null, nome: 'Impostos (Simples Nacional)', tipo: 'despesa' },
  { slug: null, nome: 'Tarifas bancárias', tipo: 'despesa' },
  { slug: null, nome: 'Marketing e publicidade', tipo: 'despesa' },
  { slug: null, nome: 'Manutenção', tipo: 'despesa' },
  { slug: null, nome: 'Material de escritório e limpeza', tipo: 'despesa' },
  { slug: null, nome: 'Combustível e transporte', tipo: 'despesa' },
  { slug: null, nome: 'Outras despesas', tipo: 'despesa' },
] as const;
export const TIPOS_CATEGORIA = ['receita', 'despesa'] as const;
export type TipoCategoria = (typeof TIPOS_CATEGORIA)[number];

/** The DRE's rows (issue 15), in order. Despesas come one row per category after these. */
export const LINHAS_DRE = [
  { chave: 'receita_produtos', rotulo: 'Receita bruta de produtos' },
  { chave: 'receita_servicos', rotulo: 'Receita bruta de serviços' },
  { chave: 'receita_bruta', rotulo: '(=) Receita bruta' },
  { chave: 'descontos', rotulo: '(−) Descontos concedidos' },
  { chave: 'cancelamentos', rotulo: '(−) Cancelamentos' },
  { chave: 'receita_liquida', rotulo: '(=) Receita líquida' },
  { chave: 'cmv', rotulo: '(−) Custo das mercadorias vendidas (CMV)' },
  { chave: 'lucro_bruto', rotulo: '(=) Lucro bruto' },
  { chave: 'outras_receitas', rotulo: '(+) Outras receitas' },
  { chave: 'despesas', rotulo: '(−) Despesas operacionais' },
  { chave: 'resultado', rotulo: '(=) Resultado do período' },
] as const;

export const FINANCEIRO_LIMIT_PADRAO = 100;
export const FINANCEIRO_LIMIT_MAX = 500;

export const FINANCEIRO_MESSAGES = {
  titulo: 'Financeiro',
  abas: {
    pagar: 'Contas a Pagar',
    receber: 'Contas a Receber',
    dre: 'DRE Gerencial',
    fluxo: 'Fluxo de Caixa',
    boletos: 'Boletos Bancários',
    contas: 'Contas Bancárias',
  },
  novaConta: 'Nova conta',
  novoPagar: 'Nova conta a pagar',
  novoReceber: 'Nova conta a receber',
  baixar: 'Registrar baixa',
  estornar: 'Estornar',
  transferir: 'Transferir entre contas',
  cobrancas: 'Cobranças',
  boletosEmBreve:
    'A emissão de boletos registrados pelo banco virá depois; aqui ficam os recebíveis em boleto e a situação de cada um.',
  tituloCriado: 'Lançamento salvo com sucesso!',
  tituloAtualizado: 'Lançamento atualizado com sucesso!',
  tituloCancelado: 'Lançamento cancelado.',
  baixaRegistrada: 'Baixa registrada com sucesso!',
  baixaEstornada: 'Baixa estornada.',
  contaSalva: 'Conta salva com sucesso!',
  transferenciaFeita: 'Transferência registrada!',
  erroSalvar: 'Erro ao salvar. Tente novamente.',
  naoEncontrado: 'Lançamento não encontrado.',
  parcelaNaoEncontrada: 'Parcela não encontrada.',
  baixaNaoEncontrada: 'Baixa não encontrada.',
  contaNaoEncontrada: 'Conta não encontrada.',
  categoriaNaoEncontrada: 'Categoria não encontrada.',
  categoriaDoTipoErrado:
    'Escolha uma categoria de despesa para contas a pagar e de receita para contas a receber.',
  pessoaNaoEncontrada: 'Cliente ou fornecedor não encontrado.',
  descricaoObrigatoria: 'Informe a descrição',
  valorInvalido: 'O valor deve ser maior que zero',
  parcelasInvalidas: `Informe de 1 a ${PARCELAS_TITULO_MAX} parcelas`,
  baixaSemValor: 'A baixa deve quitar algum valor da parcela.',
  parcelaQuitada: 'Esta parcela já está paga.',
  parcelaCancelada: 'Esta parcela está cancelada.',
  baixaJaEstornada: 'Esta baixa já foi estornada.',
  baixaDeOrigem: 'Esta baixa veio de uma venda; cancele a venda para estorná-la.',
  cancelarComBaixas: 'Estorne as baixas antes de cancelar o lançamento.',
  tituloDeOrigem:
    'Este lançamento veio de uma venda, ordem de serviço ou devolução; cancele a origem.',
  tituloCanceladoNaoEdita: 'Um lançamento cancelado não pode ser alterado.',
  parcelasComBaixa: 'As parcelas não podem ser refeitas depois de uma baixa.',
  contaEmUso: 'Esta conta tem movimentos; desative-a em vez de excluir.',
  categoriaEmUso: 'Esta categoria tem lançamentos; desative-a em vez de excluir.',
  categoriaDoSistema: 'Esta categoria é usada pelas vendas e não pode ser excluída.',
  categoriaDoSistemaAtiva: 'Esta categoria é usada pelo sistema e não pode ser desativada.',
  ultimaContaAtiva:
    'Mantenha ao menos uma conta ativa: as vendas em dinheiro, PIX e débito entram nela.',
  categoriaDuplicada: 'Já existe uma categoria com este nome.',
  categoriaTipoFixo:
    'O tipo desta categoria não pode mudar: ela é do sistema ou já tem lançamentos.',
  categoriaInativa: 'Esta categoria está desativada.',
  tituloJaCancelado: 'Este lançamento já está cancelado.',
  formaRepetida: 'Forma de pagamento repetida.',
  semContaAtiva: 'Cadastre ou ative uma conta no Financeiro para receber as vendas.',
  naturezaComBaixa: 'Um lançamento com baixas não pode trocar entre pagar e receber.',
  transferenciaJaEstornada: 'Esta transferência já foi estornada.',
  transferenciaNaoEncontrada: 'Transferência não encontrada.',
  contaInativa: 'Esta conta está desativada.',
  transferenciaMesmaConta: 'Escolha contas diferentes para a transferência.',
  periodoInvalido: 'A data inicial deve ser anterior ou igual à data final.',
} as const;
