// Sales (spec part 2, sections 2.13, 3.12, 4, 5, 8 and 9): constants, the status transition
// table, the totals in integer centavos and the counter's code reading, free of zod so the
// screens and the server use exactly the same rules and texts.
import { ADMIN_MANAGER, ALL_ROLES, type Role } from '../auth/auth.constants';
import { formatMoney, fromCentavos, toCentavos } from '../money';
import { normalizeSearch } from '../search';
import { transicaoPermitida } from '../transicoes';

export const TIPOS_VENDA = ['produto', 'balcao', 'servico'] as const;
export type TipoVenda = (typeof TIPOS_VENDA)[number];

/** Section 4: product and counter sale status (the values are the labels the screens show). */
export const STATUS_VENDA = ['Pendente', 'Finalizada', 'Cancelada'] as const;
export type StatusVenda = (typeof STATUS_VENDA)[number];

/** Section 4: a service sale (an appointment). */
export const STATUS_SERVICO = ['Agendado', 'Em Andamento', 'Concluído', 'Cancelado'] as const;
export type StatusServico = (typeof STATUS_SERVICO)[number];

/** Every status a sale of any tipo may have. */
export const STATUS_TODOS = [...STATUS_VENDA, ...STATUS_SERVICO] as const;
export type StatusQualquer = (typeof STATUS_TODOS)[number];

/** Section 4's badge colours: success, warning, primary, error. */
export const STATUS_VENDA_COR: Record<StatusQualquer, 'green' | 'yellow' | 'blue' | 'red'> = {
  Pendente: 'yellow',
  Finalizada: 'green',
  Cancelada: 'red',
  Agendado: 'yellow',
  'Em Andamento': 'blue',
  Concluído: 'green',
  Cancelado: 'red',
};

/**
 * The one transition table of a sale: who may move it from one status to another. A Finalizada
 * sale is only cancelled (never edited or deleted), and only by an admin or a manager. An
 * appointment goes Agendado → Em Andamento (Iniciar) → Concluído (Concluir), or Cancelado from
 * the first two.
 */
export const VENDA_TRANSICOES: Record<
  StatusQualquer,
  Partial<Record<StatusQualquer, readonly Role[]>>
> = {
  Pendente: { Finalizada: ALL_ROLES, Cancelada: ALL_ROLES },
  Finalizada: { Cancelada: ADMIN_MANAGER },
  Cancelada: {},
  Agendado: { 'Em Andamento': ALL_ROLES, Cancelado: ALL_ROLES },
  'Em Andamento': { Concluído: ALL_ROLES, Cancelado: ALL_ROLES },
  Concluído: {},
  Cancelado: {},
};

/** Whether `role` may move a sale from `de` to `para`. */
export function podeTransitar(de: StatusQualquer, para: StatusQualquer, role: Role): boolean {
  return transicaoPermitida(VENDA_TRANSICOES, de, para, role);
}

/** Only a Pendente sale or an Agendado appointment is edited or deleted. */
export const vendaEditavel = (status: StatusQualquer) =>
  status === 'Pendente' || status === 'Agendado';

/** Section 9: payment methods; Boleto only in product sales. */
export const FORMAS_PAGAMENTO = [
  { value: 'dinheiro', label: 'Dinheiro', balcao: true },
  { value: 'cartao_credito', label: 'Cartão de Crédito', balcao: true },
  { value: 'cartao_debito', label: 'Cartão de Débito', balcao: true },
  { value: 'pix', label: 'PIX', balcao: true },
  { value: 'boleto', label: 'Boleto', balcao: false },
] as const;
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number]['value'];
export const FORMA_PAGAMENTO_VALUES = FORMAS_PAGAMENTO.map((forma) => forma.value) as [
  FormaPagamento,
  ...FormaPagamento[],
];
export const FORMAS_PAGAMENTO_BALCAO = FORMAS_PAGAMENTO.filter((forma) => forma.balcao);

/** A method's name folded: no case, accents, spaces or underscores ("Cartão de Crédito"). */
const chaveForma = (text: string) => normalizeSearch(text).replace(/[^a-z0-9]/g, '');
const FORMA_POR_NOME = new Map<string, FormaPagamento>(
  FORMAS_PAGAMENTO.flatMap(({ value, label }) => [
    [chaveForma(value), value],
    [chaveForma(label), value],
  ]),
);

/**
 * A payment method as a client sends it, by its code (`cartao_credito`) or by the spec's name
 * ('Cartão de Crédito', 'PIX'), in any case, with or without accents: its code. Anything else
 * comes back as it is, for the schema to refuse.
 */
export function formaPagamentoCanonica(value: unknown): unknown {
  return typeof value === 'string' ? (FORMA_POR_NOME.get(chaveForma(value)) ?? value) : value;
}
/** A sale paid with more than one method shows this as its forma_pagamento. */
export const FORMA_MULTIPLA = 'multiplas';
export const FORMA_MULTIPLA_LABEL = 'Múltiplas formas';

export function formaPagamentoLabel(forma: string | null | undefined): string {
  if (forma === FORMA_MULTIPLA) return FORMA_MULTIPLA_LABEL;
  return FORMAS_PAGAMENTO.find((option) => option.value === forma)?.label ?? forma ?? '';
}

/** The customer a counter sale without one shows (section 2.13). */
export const CLIENTE_BALCAO = 'Cliente Balcão';

/** Section 9: at most 5 counter suggestions, from 2 characters. */
export const SUGESTOES_BALCAO_MAX = 5;
/** A discount above this percentage of the catalogue value needs a manager's or admin's password. */
export const DESCONTO_LIMITE_PADRAO = 10;
/** Most lines a sale may have. */
export const ITENS_VENDA_MAX = 500;
/** Most payments a sale may have. */
export const PAGAMENTOS_VENDA_MAX = 5;
/** GET /api/vendas answers at most this many rows per call. */
export const VENDAS_LIMIT_PADRAO = 100;
export const VENDAS_LIMIT_MAX = 500;

/** Units sold in fractions (up to 3 decimals); every other unit sells whole. */
export const UNIDADES_FRACIONADAS = ['KG', 'G', 'L', 'ML', 'M', 'M2', 'M3'] as const;
export function unidadeFracionada(unidade: string | null | undefined): boolean {
  return (UNIDADES_FRACIONADAS as readonly string[]).includes((unidade ?? '').toUpperCase());
}

export const VENDA_MESSAGES = {
  tituloProdutos: 'Vendas de Produtos',
  tituloBalcao: 'Vendas de Balcão',
  tituloServicos: 'Vendas de Serviços',
  novaVenda: 'Nova Venda',
  novaVendaProduto: 'Nova Venda de Produto',
  editarVenda: 'Editar Venda',
  novaVendaBalcao: 'Nova Venda de Balcão',
  vendaRapida: 'Venda Rápida',
  vazioTitulo: 'Nenhuma venda encontrada',
  vazioTexto: 'Comece criando sua primeira venda de produtos',
  confirmarExclusao: 'Tem certeza que deseja excluir esta venda?',
  sucessoVendaRapida: 'Venda realizada com sucesso!',
  erroVendaRapida: 'Erro ao realizar venda',
  clienteObrigatorio: 'Selecione o cliente',
  clienteNaoEncontrado: 'Cliente não encontrado.',
  formaObrigatoria: 'Selecione a forma de pagamento',
  formaParaFinalizar: 'Informe a forma de pagamento da venda antes de finalizá-la',
  formaInvalidaBalcao: 'Boleto não é aceito em vendas de balcão.',
  itensObrigatorios: 'Adicione pelo menos um item à venda',
  itensDemais: `Uma venda pode ter no máximo ${ITENS_VENDA_MAX} itens`,
  produtoObrigatorio: 'Selecione o produto',
  produtoNaoEncontrado: 'Produto não encontrado.',
  quantidadeInvalida: 'A quantidade deve ser maior que zero',
  vendaNaoEncontrada: 'Venda não encontrada.',
  naoEditavel:
    'Somente vendas pendentes podem ser alteradas. Uma venda finalizada só pode ser cancelada.',
  naoExcluivel:
    'Somente vendas pendentes podem ser excluídas. Uma venda finalizada só pode ser cancelada.',
  totalNegativo: 'O total da venda não pode ser negativo',
  pagamentoSemTroco: 'Somente o pagamento em dinheiro pode ter troco.',
  autorizacaoInvalida: 'E-mail ou senha do gerente inválidos',
  autorizacaoSemPermissao: 'A autorização de desconto precisa de um gerente ou administrador.',
  semCaixaAberto: 'Abra o caixa antes de registrar vendas no balcão.',
  periodoInvalido: 'A data inicial deve ser anterior ou igual à data final.',
} as const;

export function transicaoInvalidaMessage(de: StatusQualquer, para: StatusQualquer): string {
  if (de === para) return `A venda já está ${de.toLowerCase()}.`;
  return `Uma venda ${de.toLowerCase()} não pode passar para ${para.toLowerCase()}.`;
}

export const cancelarSomenteGerenteMessage =
  'Somente um gerente ou administrador pode cancelar uma venda finalizada.';

export function produtoInativoMessage(nome: string): string {
  return `O produto "${nome}" está inativo e não pode ser vendido.`;
}

export function produtoForaDoPdvMessage(nome: string): string {
  return `O produto "${nome}" não é comercializável no PDV (balcão).`;
}

export function quantidadeInteiraMessage(nome: string, unidade: string): string {
  return `A quantidade de "${nome}" deve ser um número inteiro (vendido em ${unidade}).`;
}

export function descontoItemMaiorMessage(bruto: number): string {
  return `O desconto do item não pode ser maior que o valor do item (${formatMoney(bruto)})`;
}

export function descontoGeralMaiorMessage(total: number): string {
  return `O desconto não pode ser maior que o total dos itens (${formatMoney(total)})`;
}

export function pagamentoInsuficienteMessage(pago: number, total: number): string {
  return `Os pagamentos somam ${formatMoney(pago)}, menos que o total de ${formatMoney(total)}.`;
}

export function descontoAcimaLimiteMessage(percentual: number, limite: number): string {
  const texto = percentual.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  return (
    `O desconto de ${texto}% passa do limite de ${limite}%: ` +
    'peça a autorização de um gerente ou administrador.'
  );
}

/** "Venda Nº 000123". */
export function formatNumeroVenda(numero: number): string {
  return String(numero).padStart(6, '0');
}

// --- Totals ---------------------------------------------------------------------------------

export interface LinhaVenda {
  quantidade: number;
  preco_unitario: number;
  desconto_item: number;
}

export interface TotaisVenda {
  /** Per line: quantity × unit price (rounded to the centavo) and that minus its discount. */
  itens: Array<{ bruto: number; subtotal: number }>;
  /** Σ subtotals, before the general discount (the spec's valor_total). */
  valor_total: number;
  desconto: number;
  frete: number;
  /** valor_total − desconto + frete. */
  valor_final: number;
  /** Per field ("itens.0.desconto_item", "desconto"): what is wrong. Empty when valid. */
  erros: Record<string, string>;
}

/** Quantity (up to 3 decimals) × price in centavos, rounded half away from zero, as a bigint. */
export function brutoCentavos(quantidade: number, precoUnitario: number): bigint {
  const milesimos = BigInt(Math.round(Number((quantidade * 1000).toPrecision(15))));
  const product = BigInt(toCentavos(precoUnitario)) * milesimos;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs * 2n + 1000n) / 2000n;
  return negative ? -rounded : rounded;
}

/**
 * Section 5's totals, exact to the centavo: subtotal = quantity × unit price − item discount;
 * valor_total = Σ subtotals; valor_final = valor_total − general discount. A discount larger
 * than what it discounts is an error on its field (the total can then never be negative).
 */
export function calcularTotaisVenda(
  itens: readonly LinhaVenda[],
  desconto: number,
  frete = 0,
): TotaisVenda {
  const erros: Record<string, string> = {};
  let total = 0n;
  const linhas = itens.map((item, index) => {
    const bruto = brutoCentavos(item.quantidade, item.preco_unitario);
    const descontoItem = BigInt(toCentavos(item.desconto_item));
    if (descontoItem > bruto) {
      erros[`itens.${index}.desconto_item`] = descontoItemMaiorMessage(fromCentavos(Number(bruto)));
    }
    const subtotal = bruto - descontoItem;
    total += subtotal;
    return { bruto: fromCentavos(Number(bruto)), subtotal: fromCentavos(Number(subtotal)) };
  });
  const descontoGeral = BigInt(toCentavos(desconto));
  if (descontoGeral > total && !Object.keys(erros).length) {
    erros.desconto = descontoGeralMaiorMessage(fromCentavos(Number(total)));
  }
  return {
    itens: linhas,
    valor_total: fromCentavos(Number(total)),
    desconto: fromCentavos(Number(descontoGeral)),
    frete: fromCentavos(toCentavos(frete)),
    valor_final: fromCentavos(Number(total - descontoGeral + BigInt(toCentavos(frete)))),
    erros,
  };
}

/**
 * The discount a sale gives against the catalogue, as a percentage with two decimals: what the
 * items would cost at catalogue prices minus what the customer pays (lower unit prices count as
 * discount too). Zero when the sale is at or above the catalogue.
 */
export function descontoPercentual(valorCatalogo: number, valorFinal: number): number {
  const catalogo = toCentavos(valorCatalogo);
  const desconto = catalogo - toCentavos(valorFinal);
  if (catalogo <= 0 || desconto <= 0) return 0;
  return Math.round((desconto * 10000) / catalogo) / 100;
}

// --- Payments -------------------------------------------------------------------------------

export interface Pagamento {
  forma: FormaPagamento;
  valor: number;
}

/**
 * The payments of a sale and its troco. Without a list, one payment of `forma` for the whole
 * value. With a list, the payments must cover the value; what goes beyond it is troco, which
 * only cash can give. Answers the error message instead when they do not add up.
 */
export function calcularPagamentos(
  valorFinal: number,
  forma: FormaPagamento | null,
  pagamentos: readonly Pagamento[] | null | undefined,
): { pagamentos: Pagamento[]; troco: number } | { erro: string } {
  if (!pagamentos || pagamentos.length === 0) {
    if (!forma) return { erro: VENDA_MESSAGES.formaObrigatoria };
    return { pagamentos: valorFinal > 0 ? [{ forma, valor: valorFinal }] : [], troco: 0 };
  }
  const pago = pagamentos.reduce((soma, pagamento) => soma + toCentavos(pagamento.valor), 0);
  const final = toCentavos(valorFinal);
  if (pago < final) return { erro: pagamentoInsuficienteMessage(fromCentavos(pago), valorFinal) };
  const dinheiro = pagamentos
    .filter((pagamento) => pagamento.forma === 'dinheiro')
    .reduce((soma, pagamento) => soma + toCentavos(pagamento.valor), 0);
  const troco = pago - final;
  if (troco > dinheiro) return { erro: VENDA_MESSAGES.pagamentoSemTroco };
  return { pagamentos: pagamentos.map((p) => ({ ...p })), troco: fromCentavos(troco) };
}

/** What is paid by PIX (its QR code's amount): the PIX payments, or all of `valorFinal`. */
export function valorEmPix(
  valorFinal: number,
  forma: string | null,
  pagamentos: readonly Pagamento[] | null | undefined,
): number {
  if (!pagamentos || pagamentos.length === 0) return forma === 'pix' ? valorFinal : 0;
  const pix = pagamentos.filter((pagamento) => pagamento.forma === 'pix');
  return fromCentavos(pix.reduce((soma, pagamento) => soma + toCentavos(pagamento.valor), 0));
}

/** The sale's forma_pagamento: its one method, or "multiplas". */
export function formaDaVenda(pagamentos: readonly Pagamento[], forma: FormaPagamento | null) {
  const formas = [...new Set(pagamentos.map((pagamento) => pagamento.forma))];
  if (formas.length > 1) return FORMA_MULTIPLA;
  return formas[0] ?? forma;
}

// --- Counter (PDV) code reading --------------------------------------------------------------

/**
 * What the cashier typed or scanned into the counter search:
 * - `3*7891234567895` or `3*arroz`: that many units of the code or name;
 * - an EAN-13 starting with 2 (the label a shop scale prints): `2` + a 6-digit product code +
 *   5 digits of total price in centavos (or weight in grams, by the scale's setting) + a check
 *   digit, as Brazilian shop scales print by default;
 * - anything else: a code or a name, one unit.
 */
export type LeituraPdv =
  | { tipo: 'codigo'; termo: string; quantidade: number | null }
  | { tipo: 'balanca'; codigo: string; valor: number; termo: string };

export type ModoBalanca = 'preco' | 'peso';

/** EAN-13 check digit over the first 12 digits. */
export function ean13DigitoVerificador(doze: string): number {
  let soma = 0;
  for (let i = 0; i < 12; i++) soma += Number(doze[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (soma % 10)) % 10;
}

export function lerCodigoPdv(texto: string): LeituraPdv {
  const limpo = texto.trim();
  const multiplicado = /^(\d{1,4}(?:[.,]\d{1,3})?)\s*[*xX]\s*(.+)$/.exec(limpo);
  if (multiplicado) {
    const quantidade = Number(multiplicado[1]!.replace(',', '.'));
    if (quantidade > 0) return { tipo: 'codigo', termo: multiplicado[2]!.trim(), quantidade };
  }
  if (/^2\d{12}$/.test(limpo) && ean13DigitoVerificador(limpo) === Number(limpo[12])) {
    return {
      tipo: 'balanca',
      codigo: limpo.slice(1, 7).replace(/^0+(?=\d)/, ''),
      valor: Number(limpo.slice(7, 12)),
      termo: limpo,
    };
  }
  return { tipo: 'codigo', termo: limpo, quantidade: null };
}

/**
 * The line a scale label makes for a product: by weight, the grams as kilograms; by price, the
 * quantity that price buys (rounded up to the gram) with the few centavos of rounding as the
 * line's discount, so the line's subtotal is exactly the label's price.
 */
export function linhaDaBalanca(
  leitura: { valor: number },
  preco: number,
  modo: ModoBalanca,
): LinhaVenda {
  if (modo === 'peso') {
    return { quantidade: leitura.valor / 1000, preco_unitario: preco, desconto_item: 0 };
  }
  const precoCentavos = BigInt(toCentavos(preco));
  if (precoCentavos <= 0n) return { quantidade: 1, preco_unitario: 0, desconto_item: 0 };
  const valor = BigInt(leitura.valor);
  // milésimos = ceil(valor × 1000 / preço)
  const milesimos = (valor * 1000n + precoCentavos - 1n) / precoCentavos;
  const quantidade = Number(milesimos) / 1000;
  const bruto = brutoCentavos(quantidade, preco);
  return {
    quantidade,
    preco_unitario: preco,
    desconto_item: fromCentavos(Number(bruto - valor)),
  };
}

// --- Appointments (service sales) --------------------------------------------------------------

/** Section 9: slots every 30 minutes from 08:00 to 18:30; an appointment ends by 19:00. */
export const INTERVALO_AGENDA_MIN = 30;
export const ABERTURA_AGENDA = '08:00';
export const ULTIMO_HORARIO_AGENDA = '18:30';
export const FECHAMENTO_AGENDA = '19:00';
/** Section 9: default service duration. */
export const DURACAO_PADRAO_MIN = 60;
/** Section 9: the month grid has 42 cells and shows 3 appointments per day. */
export const AGENDA_CELULAS = 42;
export const AGENDA_POR_DIA = 3;

export const AGENDAMENTO_MESSAGES = {
  novo: 'Novo Agendamento',
  editar: 'Editar Agendamento',
  vazio: 'Nenhum agendamento encontrado',
  horarioIndisponivel: 'Horário indisponível',
  dataPassada: 'A data do agendamento não pode ser anterior a hoje',
  horarioPassado: 'Este horário já passou',
  foraDoExpediente: `O serviço deve caber entre ${ABERTURA_AGENDA} e ${FECHAMENTO_AGENDA}`,
  horarioInvalido: 'Escolha um horário da lista (HH:MM)',
  servicoObrigatorio: 'Selecione o serviço',
  servicoNaoEncontrado: 'Serviço não encontrado.',
  servicoInativo: 'Este serviço está inativo.',
  profissionalObrigatorio: 'Selecione o profissional',
  profissionalNaoEncontrado: 'Profissional não encontrado.',
  dataObrigatoria: 'Informe a data',
  semItens: 'Um agendamento não tem itens de produto: o serviço é o seu item',
} as const;

/** "08:30" → 510. */
export function minutosDoHorario(hora: string): number {
  const [h, m] = hora.split(':').map(Number);
  return h! * 60 + m!;
}

/** 510 → "08:30". */
export function horarioDosMinutos(minutos: number): string {
  return `${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`;
}

/** Section 9's default slots: 08:00, 08:30, …, 18:30 (what the screen shows if the lookup fails). */
export const HORARIOS_PADRAO: readonly string[] = Array.from(
  {
    length:
      (minutosDoHorario(ULTIMO_HORARIO_AGENDA) - minutosDoHorario(ABERTURA_AGENDA)) /
        INTERVALO_AGENDA_MIN +
      1,
  },
  (_, i) => horarioDosMinutos(minutosDoHorario(ABERTURA_AGENDA) + i * INTERVALO_AGENDA_MIN),
);

/**
 * The free slots of a professional's day: each default slot where the whole duration fits by
 * closing time without overlapping an appointment already taken (minutes since midnight, end
 * exclusive), and, for today, only slots after `agora` (minutes since midnight) .
 */
export function horariosDisponiveis(options: {
  duracao: number;
  ocupados: ReadonlyArray<{ inicio: number; fim: number }>;
  agora?: number | null;
}): string[] {
  const fechamento = minutosDoHorario(FECHAMENTO_AGENDA);
  return HORARIOS_PADRAO.filter((horario) => {
    const inicio = minutosDoHorario(horario);
    const fim = inicio + options.duracao;
    if (fim > fechamento) return false;
    if (options.agora != null && inicio <= options.agora) return false;
    return options.ocupados.every((o) => fim <= o.inicio || inicio >= o.fim);
  });
}
