import { z } from '../validation';
import { TIPOS_NOTIFICACAO } from './notificacoes.rules';

/*
 * GET /api/notificacoes: what needs attention today for the signed-in user's role, one item
 * per group (never one per installment). Installments due today and overdue (admins and
 * managers, while the company's "alertas de vencimento" is on) and products below their
 * minimum stock (everyone, as the stock screen). Money travels as numbers in reais.
 */
export const notificacaoSchema = z.object({
  tipo: z.enum(TIPOS_NOTIFICACAO),
  titulo: z.string(),
  descricao: z.string(),
  /** How many installments or products the group holds (at least 1). */
  quantidade: z.number().int().positive(),
  /** What is still owed on the group's installments; absent for stock. */
  valor: z.number().optional(),
  /** The screen that lists them, filtered ("/financeiro?aba=receber&status=vencido"). */
  link: z.string(),
});
export type Notificacao = z.infer<typeof notificacaoSchema>;

export const notificacoesSchema = z.object({
  /** The sum of the items' quantidade: the bell's badge. */
  total: z.number().int().nonnegative(),
  itens: z.array(notificacaoSchema),
});
export type Notificacoes = z.infer<typeof notificacoesSchema>;
