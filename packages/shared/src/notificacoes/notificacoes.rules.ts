// The notification bell of the top bar (issue 16, item 5): what each group is called, its text
// and the screen that lists it. Free of zod: the server writes the texts, the screen shows them.
import { formatDate } from '../dates';
import { formatMoney } from '../money';

export const TIPOS_NOTIFICACAO = [
  'receber_vencida',
  'pagar_vencida',
  'receber_hoje',
  'pagar_hoje',
  'estoque_minimo',
] as const;
export type TipoNotificacao = (typeof TIPOS_NOTIFICACAO)[number];

export const NOTIFICACOES_MESSAGES = {
  titulo: 'Notificações',
  vazio: 'Nenhuma notificação',
  erro: 'Não foi possível carregar as notificações.',
} as const;

/** How many products a stock notification names before "e mais N". */
export const NOTIFICACAO_PRODUTOS_NOMEADOS = 3;

const plural = (n: number, um: string, varios: string) => (n === 1 ? um : varios);

/** "3 contas a receber vencidas", "1 conta a pagar vence hoje". */
export function tituloVencimento(tipo: Exclude<TipoNotificacao, 'estoque_minimo'>, n: number) {
  const natureza = tipo.startsWith('receber') ? 'a receber' : 'a pagar';
  const conta = `${n} ${plural(n, 'conta', 'contas')} ${natureza}`;
  return tipo.endsWith('vencida')
    ? `${conta} ${plural(n, 'vencida', 'vencidas')}`
    : `${conta} ${plural(n, 'vence', 'vencem')} hoje`;
}

/** "R$ 1.234,56 em aberto desde 02/11/2026" (since the oldest due day: for overdue ones). */
export function descricaoVencimento(saldo: number, maisAntiga?: string | null) {
  const total = `${formatMoney(saldo)} em aberto`;
  return maisAntiga ? `${total} desde ${formatDate(maisAntiga)}` : total;
}

/** "2 produtos abaixo do estoque mínimo". */
export const tituloEstoqueMinimo = (n: number) =>
  `${n} ${plural(n, 'produto abaixo', 'produtos abaixo')} do estoque mínimo`;

/** "Arroz 5kg, Suco de Uva 1L e mais 3". */
export function descricaoEstoqueMinimo(nomes: readonly string[], total: number) {
  const resto = total - nomes.length;
  return resto > 0 ? `${nomes.join(', ')} e mais ${resto}` : nomes.join(', ');
}

/** The screen that lists a group: the finance tab with its filter, or the stock screen. */
export function linkNotificacao(tipo: TipoNotificacao, hoje: string): string {
  if (tipo === 'estoque_minimo') return '/estoque?situacao=baixo';
  const aba = tipo.startsWith('receber') ? 'receber' : 'pagar';
  const filtro = tipo.endsWith('vencida') ? 'status=vencido' : `de=${hoje}&ate=${hoje}`;
  return `/financeiro?aba=${aba}&${filtro}`;
}
