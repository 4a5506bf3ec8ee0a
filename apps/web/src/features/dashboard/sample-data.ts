// Sample figures of the dashboard (spec 2.5: hard-coded until the finance module exists).

export interface SummaryCard {
  title: string;
  value: number;
  /** Percentage change against the comparison period. */
  change: number;
  comparedTo: string;
}

export const SUMMARY_CARDS: SummaryCard[] = [
  { title: 'A Receber Hoje', value: 12_450, change: 8.2, comparedTo: 'em relação a ontem' },
  { title: 'A Pagar Hoje', value: 3_280.5, change: -2.4, comparedTo: 'em relação a ontem' },
  {
    title: 'Recebimentos do Mês',
    value: 185_320,
    change: 12.5,
    comparedTo: 'em relação ao mês anterior',
  },
  {
    title: 'Pagamentos do Mês',
    value: 97_640.75,
    change: 4.1,
    comparedTo: 'em relação ao mês anterior',
  },
];

export const CASH_FLOW = [
  { mes: 'Jan', Receitas: 42_000, Despesas: 31_000 },
  { mes: 'Fev', Receitas: 45_500, Despesas: 29_800 },
  { mes: 'Mar', Receitas: 39_800, Despesas: 33_200 },
  { mes: 'Abr', Receitas: 51_200, Despesas: 35_400 },
  { mes: 'Mai', Receitas: 48_900, Despesas: 32_100 },
  { mes: 'Jun', Receitas: 56_300, Despesas: 36_700 },
];

export const SALES_BY_CATEGORY = [
  { name: 'Produtos', value: 45, color: 'indigo.6' },
  { name: 'Serviços', value: 35, color: 'teal.6' },
  { name: 'Consultoria', value: 20, color: 'orange.6' },
];

export const BANK_ACCOUNTS = [
  { nome: 'Conta Corrente', banco: 'Banco do Brasil', saldo: 45_230.8 },
  { nome: 'Poupança', banco: 'Caixa Econômica Federal', saldo: 12_500 },
];

/** Days of the month that have events in the sample calendar. */
export const EVENT_DAYS = [6, 13, 19, 26];
export const CALENDAR_CELLS = 30;
export const CHART_HEIGHT = 300;
