import { z } from '../validation';
import { dayQuery } from '../validation';
import { RELATORIO_MESSAGES } from './relatorio.schema';

/** GET /api/analytics?de=&ate= (default: the current month to today, company zone). */
export const analyticsQuerySchema = z
  .strictObject({ de: dayQuery, ate: dayQuery })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, {
    path: ['ate'],
    error: RELATORIO_MESSAGES.periodoInvalido,
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const periodoSchema = z.object({ de: z.string(), ate: z.string() });

/** A figure in the period, the one before it (same length) and the same period a year before. */
const comparacaoSchema = z.object({
  atual: z.number(),
  anterior: z.number(),
  ano_anterior: z.number(),
});
export type Comparacao = z.infer<typeof comparacaoSchema>;

const fatiaSchema = z.object({ nome: z.string(), valor: z.number(), participacao: z.number() });

export const analyticsSchema = z.object({
  periodo: periodoSchema,
  anterior: periodoSchema,
  ano_anterior: periodoSchema,
  /** The series' buckets: days up to 62 days, weeks up to 26 weeks, months beyond. */
  agrupar: z.enum(['dia', 'semana', 'mes']),
  kpis: z.object({
    faturamento: comparacaoSchema,
    vendas: comparacaoSchema,
    ticket_medio: comparacaoSchema,
    margem_bruta: comparacaoSchema,
    descontos: comparacaoSchema,
  }),
  /** Revenue per bucket, the same bucket a year before beside it (empty buckets are zero). */
  serie: z.array(z.object({ periodo: z.string(), atual: z.number(), ano_anterior: z.number() })),
  top_produtos: z.array(fatiaSchema),
  top_clientes: z.array(fatiaSchema),
  formas_pagamento: z.array(fatiaSchema),
  dias_da_semana: z.array(z.object({ nome: z.string(), vendas: z.number(), valor: z.number() })),
  horas: z.array(z.object({ nome: z.string(), vendas: z.number(), valor: z.number() })),
  /** Monthly recurring revenue of the active subscriptions today; null without any. */
  mrr: z.number().nullable(),
});
export type Analytics = z.infer<typeof analyticsSchema>;
