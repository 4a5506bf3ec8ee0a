// Subscriptions (issue 31, Assinaturas): the plans' cycles, the situação flow, the renewal
// calendar, the proration of a change of plan, dunning and the metrics' monthly normalisation.
// Free of zod and of the clock, so the server's renewal job, its previews and the screens agree.
import type { Role } from '../auth/auth.constants';
import { addDaysISO, formatDate } from '../dates';
import { formatMoney } from '../money';
import type { Transicoes } from '../transicoes';
import {
  MESES_DA_PERIODICIDADE,
  periodo,
  type AgendaContrato,
  type Periodicidade,
  type PeriodoContrato,
} from './agenda';
import { diasEntre } from './locacao.rules';

export const CICLOS_PLANO = [
  { value: 'mensal', label: 'Mensal' },
  { value: 'trimestral', label: 'Trimestral' },
  { value: 'semestral', label: 'Semestral' },
  { value: 'anual', label: 'Anual' },
] as const satisfies ReadonlyArray<{ value: Periodicidade; label: string }>;
export type CicloPlano = (typeof CICLOS_PLANO)[number]['value'];
export const CICLO_PLANO_VALUES = CICLOS_PLANO.map((c) => c.value) as [CicloPlano, ...CicloPlano[]];

export const SITUACOES_ASSINATURA = [
  { value: 'Em teste', cor: 'blue' },
  { value: 'Ativa', cor: 'green' },
  { value: 'Inadimplente', cor: 'orange' },
  { value: 'Suspensa', cor: 'yellow' },
  { value: 'Cancelada', cor: 'red' },
] as const;
export type SituacaoAssinatura = (typeof SITUACOES_ASSINATURA)[number]['value'];
export const SITUACAO_ASSINATURA_VALUES = SITUACOES_ASSINATURA.map((s) => s.value) as [
  SituacaoAssinatura,
  ...SituacaoAssinatura[],
];

const GESTAO: readonly Role[] = ['admin', 'manager'];

/**
 * The one transition table of a subscription. The renewal job makes every move but Cancelada
 * (the trial ends, a bill goes unpaid past the grace, a payment brings it back); people cancel.
 */
export const ASSINATURA_TRANSICOES: Transicoes<SituacaoAssinatura> = {
  'Em teste': { Ativa: GESTAO, Cancelada: GESTAO },
  Ativa: { Inadimplente: GESTAO, Suspensa: GESTAO, Cancelada: GESTAO },
  Inadimplente: { Ativa: GESTAO, Suspensa: GESTAO, Cancelada: GESTAO },
  Suspensa: { Ativa: GESTAO, Cancelada: GESTAO },
  Cancelada: {},
};

/** The situações the table lets move to `para` (the job's bulk moves start only from these). */
export function origensDe(para: SituacaoAssinatura): SituacaoAssinatura[] {
  return SITUACAO_ASSINATURA_VALUES.filter((de) => {
    const moves = ASSINATURA_TRANSICOES[de] as Partial<Record<SituacaoAssinatura, unknown>>;
    return moves[para] != null;
  });
}

/** The situações that renew (bill their periods): not suspended, not cancelled. */
export const SITUACOES_QUE_RENOVAM: readonly SituacaoAssinatura[] = [
  'Em teste',
  'Ativa',
  'Inadimplente',
];
/** The situações that count as paying subscribers (MRR, "ativos"): trials do not pay yet. */
export const SITUACOES_PAGANTES: readonly SituacaoAssinatura[] = ['Ativa', 'Inadimplente'];

export const formatNumeroAssinatura = (numero: number) => String(numero).padStart(6, '0');

// ---------------------------------------------------------------------------------------------
// The renewal calendar.

/** The first day billed: the day after the trial (the start itself without one). */
export const inicioDaCobranca = (inicio: string, diasTeste: number) =>
  addDaysISO(inicio, diasTeste);

/**
 * A subscription bills in advance, each period from the same day of the month as its first
 * billed day (agenda.ts: day 31 bills on a shorter month's last day and is 31 again after it).
 */
export function agendaDaAssinatura(a: { inicio_cobranca: string; ciclo: CicloPlano }) {
  return {
    inicio: a.inicio_cobranca,
    fim: null,
    periodicidade: a.ciclo,
    dia_faturamento: Number(a.inicio_cobranca.slice(8, 10)),
  } satisfies AgendaContrato;
}

/** The k-th period of a subscription (never null: a subscription has no end date). */
export const periodoDaAssinatura = (
  a: { inicio_cobranca: string; ciclo: CicloPlano },
  k: number,
): PeriodoContrato => periodo(agendaDaAssinatura(a), k)!;

/** Days from `de` to `ate`, both counted (01/03 to 31/03: 31). */
const diasContados = (de: string, ate: string) => diasEntre(de, ate) + 1;

// ---------------------------------------------------------------------------------------------
// Money, exact: integer centavos; a ratio rounds half up once (prices and days are positive).

/** round(numerador / denominador), half up, for non-negative integers (exact below 2^53). */
function dividirArredondando(numerador: number, denominador: number): number {
  const q = Math.floor(numerador / denominador);
  const r = numerador - q * denominador;
  return 2 * r >= denominador ? q + 1 : q;
}

export interface Prorrateio {
  dias_periodo: number;
  dias_restantes: number;
  /** The unused days at the old price (centavos). */
  credito: number;
  /** The same days at the new price (centavos). */
  cobranca: number;
  /** cobranca − credito: > 0 a receivable, < 0 a refund (a payable to the customer). */
  total: number;
}

/**
 * A change of plan on `data`, within the billed period [inicio, fim]: the days from `data` to
 * the period's end are credited at the old price and charged at the new one, each
 * (centavos × days remaining / days of the period) rounded half up to the centavo, and the
 * total is their difference, so the lines shown add up. The period's dates stay.
 */
export function prorrateio(entrada: {
  periodo: { inicio: string; fim: string };
  data: string;
  valorAtualCentavos: number;
  valorNovoCentavos: number;
}): Prorrateio {
  const diasPeriodo = diasContados(entrada.periodo.inicio, entrada.periodo.fim);
  const diasRestantes = Math.min(
    diasPeriodo,
    Math.max(0, diasContados(entrada.data, entrada.periodo.fim)),
  );
  const credito = dividirArredondando(entrada.valorAtualCentavos * diasRestantes, diasPeriodo);
  const cobranca = dividirArredondando(entrada.valorNovoCentavos * diasRestantes, diasPeriodo);
  return {
    dias_periodo: diasPeriodo,
    dias_restantes: diasRestantes,
    credito,
    cobranca,
    total: cobranca - credito,
  };
}

/** A cycle's price as a month's (the metrics): centavos ÷ months of the cycle, half up. */
export const mensalCentavos = (valorCentavos: number, ciclo: CicloPlano) =>
  dividirArredondando(valorCentavos, MESES_DA_PERIODICIDADE[ciclo]);

/**
 * MRR: the sum of the paying subscriptions' prices, each normalised to a month first (a
 * quarterly R$ 100,00 is R$ 33,33), so the total is exactly the sum of the lines shown.
 */
export const mrrCentavos = (
  assinaturas: ReadonlyArray<{ valorCentavos: number; ciclo: CicloPlano }>,
) => assinaturas.reduce((soma, a) => soma + mensalCentavos(a.valorCentavos, a.ciclo), 0);

/** parte / base as a percentage with 2 decimals, half up (null without a base). */
export function percentual(parte: number, base: number): number | null {
  if (base <= 0) return null;
  // BigInt: a company's MRR in centavos × 10⁴ may pass 2^53.
  const n = BigInt(parte) * 10_000n;
  const d = BigInt(base);
  const q = n / d;
  return Number(2n * (n - q * d) >= d ? q + 1n : q) / 100;
}

// ---------------------------------------------------------------------------------------------
// Dunning.

export interface RegrasDeCobranca {
  /** Days after a bill's due date before the subscription turns Inadimplente. */
  dias_carencia: number;
  /** Days an Inadimplente subscription waits before it is Suspensa (no more renewals). */
  dias_suspensao: number;
}
export const COBRANCA_PADRAO: RegrasDeCobranca = { dias_carencia: 5, dias_suspensao: 15 };

/** What the oldest unpaid bill, `diasEmAtraso` past its due date, makes of a subscription. */
export function situacaoPelaCobranca(
  diasEmAtraso: number,
  regras: RegrasDeCobranca,
): 'Ativa' | 'Inadimplente' | 'Suspensa' {
  if (diasEmAtraso > regras.dias_carencia + regras.dias_suspensao) return 'Suspensa';
  if (diasEmAtraso > regras.dias_carencia) return 'Inadimplente';
  return 'Ativa';
}

/** The reminders of an unpaid bill, each sent once: overdue, then Inadimplente, then Suspensa. */
export const ETAPAS_LEMBRETE = ['vencida', 'inadimplente', 'suspensa'] as const;
export type EtapaLembrete = (typeof ETAPAS_LEMBRETE)[number];

/** The reminder's e-mail to the customer. */
export function textoDoLembrete(
  etapa: EtapaLembrete,
  dados: {
    cliente: string | null;
    numero: number;
    plano: string;
    valor: number;
    vencimento: string;
    empresa: { nome: string; telefone: string | null; email: string | null };
  },
): { assunto: string; corpo: string } {
  const assinatura = `assinatura Nº ${formatNumeroAssinatura(dados.numero)} (${dados.plano})`;
  const fatura = `a fatura de ${formatMoney(dados.valor)} com vencimento em ${formatDate(dados.vencimento)}`;
  const aviso = {
    vencida: `Não identificamos o pagamento d${fatura} da sua ${assinatura}.`,
    inadimplente: `A sua ${assinatura} está inadimplente: ${fatura} continua em aberto.`,
    suspensa: `A sua ${assinatura} foi suspensa porque ${fatura} continua em aberto.`,
  }[etapa];
  const assunto = {
    vencida: 'Fatura em aberto',
    inadimplente: 'Assinatura inadimplente',
    suspensa: 'Assinatura suspensa',
  }[etapa];
  const contato = [dados.empresa.telefone, dados.empresa.email].filter(Boolean).join(' · ');
  return {
    assunto: `${assunto} — ${dados.empresa.nome}`.slice(0, 200),
    corpo: [
      dados.cliente ? `Olá, ${dados.cliente}!` : 'Olá!',
      `${aviso} Se já pagou, desconsidere este aviso.`,
      ['Atenciosamente,', dados.empresa.nome, contato].filter(Boolean).join('\n'),
    ].join('\n\n'),
  };
}

// ---------------------------------------------------------------------------------------------
// Texts.

export const ASSINATURA_LIMIT_PADRAO = 50;
export const ASSINATURA_LIMIT_MAX = 200;
/** The most a plan costs per cycle (keeps the proration's integers exact). */
export const PRECO_PLANO_MAX = 1_000_000;

export const ASSINATURA_MESSAGES = {
  nomePlano: 'Informe o nome do plano (até 120 caracteres)',
  precoPlano: 'O preço deve ser maior que zero',
  precoPlanoMax: `O preço vai até ${formatMoney(PRECO_PLANO_MAX)} por ciclo`,
  ciclo: 'Escolha o ciclo (mensal, trimestral, semestral ou anual)',
  diasTeste: 'Os dias de teste vão de 0 a 365',
  planoDuplicado: 'Já existe um plano com esse nome',
  planoNaoEncontrado: 'Plano não encontrado',
  planoInativo: 'O plano está inativo: escolha um plano ativo',
  planoObrigatorio: 'Escolha o plano',
  clienteObrigatorio: 'Selecione o cliente',
  clienteNaoEncontrado: 'Cliente não encontrado',
  inicioObrigatorio: 'Informe a data de início',
  formaPagamento: 'Escolha a forma de pagamento',
  diasVencimento: 'O vencimento vai de 0 a 90 dias depois da renovação',
  naoEncontrada: 'Assinatura não encontrada',
  cancelada: 'Uma assinatura cancelada não muda',
  mesmoPlano: 'A assinatura já está nesse plano',
  outroCiclo: (ciclo: string) =>
    `Escolha um plano do mesmo ciclo (${ciclo}); para mudar o ciclo, cancele e faça uma nova assinatura`,
  semMudarPlano: 'Só uma assinatura em teste ou ativa muda de plano',
  jaCancelaAoFim: 'A assinatura já será cancelada ao fim do período',
  quandoCancelar: 'Escolha quando cancelar: ao fim do período ou agora',
  motivoCancelamento: 'Informe o motivo do cancelamento (até 500 caracteres)',
  diasCarencia: 'A carência vai de 0 a 90 dias',
  diasSuspensao: 'Os dias até suspender vão de 0 a 180',
} as const;
