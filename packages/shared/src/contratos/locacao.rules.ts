// Equipment rentals (issue 31, Locações): the price of a period, the late fee, the situação flow
// and the texts the server and the screens share. Money here is integer centavos.
import type { Transicoes } from '../transicoes';

/** The days a month and a week of rent cover. */
export const DIAS_DO_MES = 30;
export const DIAS_DA_SEMANA = 7;

/** A rentable item's prices in centavos; week and month are optional. */
export interface PrecosDeLocacao {
  diaria: number;
  semanal: number | null;
  mensal: number | null;
}

/** The cheapest way to rent for a number of days: how many months, weeks and days, and the price. */
export interface PrecoDoPeriodo {
  meses: number;
  semanas: number;
  dias: number;
  centavos: number;
}

/** Whole days from `inicio` to `fim` (aaaa-mm-dd); negative when `fim` comes first. */
export function diasEntre(inicio: string, fim: string): number {
  return Math.round(
    (Date.parse(`${fim}T12:00:00Z`) - Date.parse(`${inicio}T12:00:00Z`)) / 86_400_000,
  );
}

/**
 * The cheapest combination of months (30 days), weeks (7) and days covering `dias` days: it may
 * cover more than asked when that costs less (a week for 6 days when the week costs less than 6
 * diárias). Ties keep the combination of fewer pieces (months first).
 */
export function precoDoPeriodo(dias: number, precos: PrecosDeLocacao): PrecoDoPeriodo {
  let melhor: PrecoDoPeriodo | null = null;
  const maxMeses = precos.mensal === null ? 0 : Math.ceil(dias / DIAS_DO_MES);
  for (let meses = maxMeses; meses >= 0; meses--) {
    const resto = Math.max(0, dias - meses * DIAS_DO_MES);
    const maxSemanas = precos.semanal === null ? 0 : Math.ceil(resto / DIAS_DA_SEMANA);
    for (let semanas = maxSemanas; semanas >= 0; semanas--) {
      const avulsos = Math.max(0, resto - semanas * DIAS_DA_SEMANA);
      const centavos =
        meses * (precos.mensal ?? 0) + semanas * (precos.semanal ?? 0) + avulsos * precos.diaria;
      if (melhor === null || centavos < melhor.centavos) {
        melhor = { meses, semanas, dias: avulsos, centavos };
      }
    }
  }
  return melhor!;
}

/** "1 semana + 1 dia", "2 meses", "8 dias": how a period was priced. */
export function descreverComposicao(p: Pick<PrecoDoPeriodo, 'meses' | 'semanas' | 'dias'>): string {
  const partes: string[] = [];
  if (p.meses) partes.push(p.meses === 1 ? '1 mês' : `${p.meses} meses`);
  if (p.semanas) partes.push(p.semanas === 1 ? '1 semana' : `${p.semanas} semanas`);
  if (p.dias || partes.length === 0) partes.push(p.dias === 1 ? '1 dia' : `${p.dias} dias`);
  return partes.join(' + ');
}

/** The late fee of a line: each day past the planned return at the day rate, per unit. */
export const multaDeAtraso = (diasAtraso: number, diariaCentavos: number, quantidade: number) =>
  Math.max(0, diasAtraso) * diariaCentavos * quantidade;

export const SITUACOES_LOCACAO = [
  { value: 'Reservada', cor: 'blue' },
  { value: 'Retirada', cor: 'orange' },
  { value: 'Devolvida', cor: 'green' },
  { value: 'Cancelada', cor: 'red' },
] as const;
export type SituacaoLocacao = (typeof SITUACOES_LOCACAO)[number]['value'];
export const SITUACAO_LOCACAO_VALUES = SITUACOES_LOCACAO.map((s) => s.value) as [
  SituacaoLocacao,
  ...SituacaoLocacao[],
];

/**
 * The one transition table of a rental: booked, taken out (check-out) and returned (check-in);
 * only a booking not yet taken out is cancelled.
 */
export const LOCACAO_TRANSICOES: Transicoes<SituacaoLocacao> = {
  Reservada: { Retirada: ['admin', 'manager'], Cancelada: ['admin', 'manager'] },
  Retirada: { Devolvida: ['admin', 'manager'] },
  Devolvida: {},
  Cancelada: {},
};

/** The bills a rental writes in Financeiro, each once (locacao_titulos' unique key). */
export const TITULOS_DE_LOCACAO = [
  { value: 'locacao', label: 'Aluguel do período' },
  { value: 'caucao', label: 'Caução' },
  { value: 'atraso', label: 'Dias de atraso' },
  { value: 'danos', label: 'Danos além da caução' },
  { value: 'devolucao_caucao', label: 'Devolução da caução' },
] as const;
export type TituloDeLocacao = (typeof TITULOS_DE_LOCACAO)[number]['value'];
export const TITULO_DE_LOCACAO_VALUES = TITULOS_DE_LOCACAO.map((t) => t.value) as [
  TituloDeLocacao,
  ...TituloDeLocacao[],
];

/** "000012": a rental's number as printed. */
export const formatNumeroLocacao = (numero: number) => String(numero).padStart(6, '0');

/** The longest rental (about 3 years) and the largest prices keep every total exact in a double. */
export const LOCACAO_DIAS_MAX = 1100;
export const LOCACAO_PRECO_MAX = 1_000_000;
export const LOCACAO_QUANTIDADE_MAX = 1000;
export const LOCACAO_ITENS_MAX = 50;
export const LOCACAO_UNIDADES_MAX = 500;
export const LOCACAO_LIMIT_PADRAO = 50;
export const LOCACAO_LIMIT_MAX = 200;

export const LOCACAO_MESSAGES = {
  naoEncontrada: 'Locação não encontrada',
  itemNaoEncontrado: 'Item para locação não encontrado',
  produtoNaoEncontrado: 'Produto não encontrado',
  produtoJaLocavel: 'Este produto já é um item para locação',
  unidadeNaoEncontrada: 'Unidade não encontrada neste item',
  clienteObrigatorio: 'Selecione o cliente',
  clienteNaoEncontrado: 'Cliente não encontrado',
  itensObrigatorios: 'Inclua ao menos um item',
  itensMaximo: `No máximo ${LOCACAO_ITENS_MAX} itens por locação`,
  quantidadeInvalida: `A quantidade vai de 1 a ${LOCACAO_QUANTIDADE_MAX}`,
  unidadeComQuantidade: 'Com uma unidade escolhida, a quantidade é 1',
  retiradaObrigatoria: 'Informe a data de retirada',
  devolucaoObrigatoria: 'Informe a data prevista de devolução',
  devolucaoAntesDaRetirada: 'A devolução prevista deve ser depois da retirada',
  periodoMaximo: `A locação vai até ${LOCACAO_DIAS_MAX} dias`,
  diariaObrigatoria: 'Informe o preço da diária',
  precoMaximo: `O preço vai até R$ ${LOCACAO_PRECO_MAX.toLocaleString('pt-BR')},00`,
  precoPositivo: 'O preço deve ser maior que zero',
  caucao: 'A caução não pode ser negativa',
  danos: 'Os danos não podem ser negativos',
  formaPagamento: 'Escolha a forma de pagamento',
  unidadesObrigatorias: 'Cadastre ao menos uma unidade',
  unidadesMaximo: `No máximo ${LOCACAO_UNIDADES_MAX} unidades por item`,
  itemInativo: (nome: string) => `${nome} não está disponível para locação`,
  semUnidadesLivres: (nome: string, pedidas: number, livres: number) =>
    livres === 0
      ? `Nenhuma unidade de ${nome} está livre no período`
      : `Só ${livres === 1 ? 'uma unidade' : `${livres} unidades`} de ${nome} ${livres === 1 ? 'está livre' : 'estão livres'} no período (pedidas: ${pedidas})`,
  unidadeIndisponivel: (unidade: string) => `A unidade ${unidade} já está reservada no período`,
  unidadeAindaFora: (unidade: string, numero: number) =>
    `A unidade ${unidade} ainda não voltou da locação Nº ${formatNumeroLocacao(numero)}`,
  somenteReservada: 'Só uma locação reservada muda (depois da retirada, registre a devolução)',
  dataFutura: 'A data não pode ser depois de hoje',
  retiradaAntes: (dia: string) => `A retirada não pode ser antes de ${dia}`,
  devolucaoAntes: (dia: string) => `A devolução não pode ser antes da retirada (${dia})`,
  motivoCancelamento: 'Informe o motivo do cancelamento (até 500 caracteres)',
  mesCalendario: 'Informe o mês no formato aaaa-mm',
} as const;
