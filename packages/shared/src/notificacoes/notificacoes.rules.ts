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
  'certificado_vencendo',
  'notas_rejeitadas',
  'contingencia_atrasada',
  'emails_falhos',
  'faturamento_falhou',
  'assinaturas_inadimplentes',
  'renovacao_falhou',
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
/** The installment groups: an installment due today or overdue, to pay or to receive. */
export type TipoVencimento = 'receber_vencida' | 'pagar_vencida' | 'receber_hoje' | 'pagar_hoje';

export function tituloVencimento(tipo: TipoVencimento, n: number) {
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

/** "O certificado A1 vence em 12 dias" (0: today; negative: expired). */
export function tituloCertificado(dias: number) {
  if (dias < 0) return 'O certificado A1 venceu';
  if (dias === 0) return 'O certificado A1 vence hoje';
  return `O certificado A1 vence em ${dias} ${plural(dias, 'dia', 'dias')}`;
}

/** "2 notas fiscais rejeitadas". */
export const tituloNotasRejeitadas = (n: number) =>
  `${n} ${plural(n, 'nota fiscal rejeitada', 'notas fiscais rejeitadas')}`;

/** "1 NFC-e em contingência há mais de 20 horas" (SEFAZ gives 24 h to transmit). */
export const tituloContingenciaAtrasada = (n: number) =>
  `${n} NFC-e em contingência há mais de 20 horas`;

/** "2 e-mails não enviados" (given up after the last attempt). */
export const tituloEmailsFalhos = (n: number) =>
  `${n} ${plural(n, 'e-mail não enviado', 'e-mails não enviados')}`;

/**
 * The screen that lists a group: the finance tab with its filter, the stock or fiscal screens
 * (`modelo`: the fiscal screen's tab of the rejected notes, NF-e unless only NFC-e were).
 */
export function linkNotificacao(tipo: TipoNotificacao, hoje: string, modelo = 'nfe'): string {
  if (tipo === 'estoque_minimo') return '/estoque?situacao=baixo';
  if (tipo === 'certificado_vencendo') return '/configuracoes?aba=fiscal';
  if (tipo === 'emails_falhos') return '/configuracoes?aba=email';
  if (tipo === 'faturamento_falhou') return '/contratos';
  if (tipo === 'assinaturas_inadimplentes')
    return '/contratos?aba=assinaturas&situacao=Inadimplente';
  if (tipo === 'renovacao_falhou') return '/contratos?aba=assinaturas';
  if (tipo === 'notas_rejeitadas') return `/nota-fiscal?aba=${modelo}&situacao=Rejeitada`;
  if (tipo === 'contingencia_atrasada')
    return '/nota-fiscal?aba=nfce&situacao=Em%20conting%C3%AAncia';
  const natureza = tipo.startsWith('receber') ? 'receber' : 'pagar';
  const filtro = tipo.endsWith('vencida') ? 'status=vencido' : `de=${hoje}&ate=${hoje}`;
  return `/financeiro?aba=${natureza}&${filtro}`;
}
