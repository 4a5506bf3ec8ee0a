import {
  isoDate,
  money,
  optionalText,
  pageQuery,
  recordId,
  searchQuery,
  trimmedString,
  z,
} from '../validation';
import { FORMA_PAGAMENTO_VALUES } from '../vendas/venda.rules';
import {
  diasEntre,
  LOCACAO_DIAS_MAX,
  LOCACAO_ITENS_MAX,
  LOCACAO_LIMIT_MAX,
  LOCACAO_LIMIT_PADRAO,
  LOCACAO_MESSAGES as M,
  LOCACAO_PRECO_MAX,
  LOCACAO_QUANTIDADE_MAX,
  LOCACAO_UNIDADES_MAX,
  SITUACAO_LOCACAO_VALUES,
  TITULO_DE_LOCACAO_VALUES,
} from './locacao.rules';

/*
 * Equipment rentals (issue 31, Locações): the rentable items (a product, its prices per day,
 * week and month, and its units) and the rentals (a customer, items and units booked for a
 * period, the caução), taken out (check-out) and returned (check-in).
 */

const preco = (obrigatorio: string) =>
  z
    .number({ error: obrigatorio })
    .pipe(money({ min: 0.01, minMessage: M.precoPositivo }))
    .refine((v) => v <= LOCACAO_PRECO_MAX, { error: M.precoMaximo });
const precoOpcional = preco(M.precoPositivo)
  .nullish()
  .transform((v) => v ?? null);

export const unidadeInputSchema = z.strictObject({
  /** An existing unit keeps its number; without an id, a new one. */
  id: recordId(M.unidadeNaoEncontrada).optional(),
  /** Patrimônio or serial number (optional). */
  identificacao: optionalText(60),
});
export type UnidadeInput = z.input<typeof unidadeInputSchema>;

const camposDoItem = {
  preco_diaria: preco(M.diariaObrigatoria),
  preco_semanal: precoOpcional,
  preco_mensal: precoOpcional,
  ativo: z.boolean({ error: 'Informe sim ou não' }).default(true),
  /** Every unit in service; one left out of a change is retired (kept for the history). */
  unidades: z
    .array(unidadeInputSchema, { error: M.unidadesObrigatorias })
    .min(1, { error: M.unidadesObrigatorias })
    .max(LOCACAO_UNIDADES_MAX, { error: M.unidadesMaximo }),
};

/** POST /api/locacoes/itens: a product made rentable. */
export const itemLocavelInputSchema = z.strictObject({
  produto_id: recordId(M.produtoNaoEncontrado),
  ...camposDoItem,
});
export type ItemLocavelInput = z.input<typeof itemLocavelInputSchema>;

/** PUT /api/locacoes/itens/{id}: prices and units (the product stays). */
export const itemLocavelUpdateSchema = z.strictObject(camposDoItem);
export type ItemLocavelUpdateInput = z.input<typeof itemLocavelUpdateSchema>;

const flagQuery = z
  .enum(['true', 'false'], { error: 'Use true ou false' })
  .transform((value) => value === 'true');

/**
 * GET /api/locacoes/itens: `q` (product name), `ativo`; with `retirada` and `devolucao` each
 * item says how many units are free in that period.
 */
export const itensLocaveisQuerySchema = z
  .strictObject({
    q: searchQuery,
    ativo: flagQuery.optional(),
    retirada: isoDate().optional(),
    devolucao: isoDate().optional(),
    ...pageQuery(LOCACAO_LIMIT_PADRAO, LOCACAO_LIMIT_MAX),
  })
  .refine((v) => (v.retirada === undefined) === (v.devolucao === undefined), {
    error: 'Informe a retirada e a devolução juntas',
    path: ['devolucao'],
  });
export type ItensLocaveisQuery = z.output<typeof itensLocaveisQuerySchema>;
export type ItensLocaveisFiltro = z.input<typeof itensLocaveisQuerySchema>;

export const locacaoItemInputSchema = z.strictObject({
  item_id: recordId(M.itemNaoEncontrado),
  quantidade: z
    .number({ error: M.quantidadeInvalida })
    .int({ error: M.quantidadeInvalida })
    .min(1, { error: M.quantidadeInvalida })
    .max(LOCACAO_QUANTIDADE_MAX, { error: M.quantidadeInvalida })
    .default(1),
  /** A specific unit (quantity 1); left out, the first free units are booked. */
  unidade_id: recordId(M.unidadeNaoEncontrada)
    .nullish()
    .transform((v) => v ?? null),
});
export type LocacaoItemInput = z.input<typeof locacaoItemInputSchema>;

/** POST /api/locacoes and PUT /api/locacoes/{id} (while Reservada). */
export const locacaoInputSchema = z
  .strictObject({
    cliente_id: recordId(M.clienteObrigatorio),
    retirada: z.string({ error: M.retiradaObrigatoria }).pipe(isoDate(M.retiradaObrigatoria)),
    devolucao_prevista: z
      .string({ error: M.devolucaoObrigatoria })
      .pipe(isoDate(M.devolucaoObrigatoria)),
    forma_pagamento: z.enum(FORMA_PAGAMENTO_VALUES, { error: M.formaPagamento }),
    caucao: money({ min: 0, minMessage: M.caucao })
      .refine((v) => v <= LOCACAO_PRECO_MAX, { error: M.precoMaximo })
      .default(0),
    observacoes: optionalText(2000),
    itens: z
      .array(locacaoItemInputSchema, { error: M.itensObrigatorios })
      .min(1, { error: M.itensObrigatorios })
      .max(LOCACAO_ITENS_MAX, { error: M.itensMaximo }),
  })
  .superRefine((value, ctx) => {
    const dias = diasEntre(value.retirada, value.devolucao_prevista);
    if (dias < 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['devolucao_prevista'],
        message: M.devolucaoAntesDaRetirada,
      });
    } else if (dias > LOCACAO_DIAS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['devolucao_prevista'], message: M.periodoMaximo });
    }
    value.itens.forEach((item, index) => {
      if (item.unidade_id !== null && item.quantidade !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['itens', index, 'quantidade'],
          message: M.unidadeComQuantidade,
        });
      }
    });
  });
export type LocacaoInput = z.input<typeof locacaoInputSchema>;

/**
 * PATCH /api/locacoes/{id}/status: Retirada (check-out on `data`, today when left out),
 * Devolvida (check-in on `data`, with the damages kept from the caução) or Cancelada (`motivo`).
 */
export const locacaoStatusSchema = z
  .strictObject({
    situacao: z.enum(SITUACAO_LOCACAO_VALUES, { error: 'Situação inválida' }),
    data: isoDate().optional(),
    danos: money({ min: 0, minMessage: M.danos })
      .refine((v) => v <= LOCACAO_PRECO_MAX, { error: M.precoMaximo })
      .optional(),
    motivo: trimmedString().max(500, { error: M.motivoCancelamento }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.situacao === 'Cancelada' && !value.motivo) {
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: M.motivoCancelamento });
    }
  });
export type LocacaoStatusInput = z.input<typeof locacaoStatusSchema>;

/** GET /api/locacoes: `q` (número or cliente), `situacao`, `atrasadas` (taken out, past due). */
export const locacoesQuerySchema = z.strictObject({
  q: searchQuery,
  situacao: z.enum(SITUACAO_LOCACAO_VALUES, { error: 'Situação inválida' }).optional(),
  atrasadas: flagQuery.optional(),
  ...pageQuery(LOCACAO_LIMIT_PADRAO, LOCACAO_LIMIT_MAX),
});
export type LocacoesQuery = z.output<typeof locacoesQuerySchema>;
export type LocacoesFiltro = z.input<typeof locacoesQuerySchema>;

/** GET /api/locacoes/calendario?mes=aaaa-mm. */
export const calendarioQuerySchema = z.strictObject({
  mes: z.string({ error: M.mesCalendario }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, {
    error: M.mesCalendario,
  }),
});

// ---------------------------------------------------------------------------------------------
// Answers.

export const unidadeSchema = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  identificacao: z.string().nullable(),
  ativo: z.boolean(),
});
export type Unidade = z.infer<typeof unidadeSchema>;

export const itemLocavelSchema = z.object({
  id: z.number().int(),
  produto_id: z.number().int(),
  produto_nome: z.string(),
  preco_diaria: z.number(),
  preco_semanal: z.number().nullable(),
  preco_mensal: z.number().nullable(),
  ativo: z.boolean(),
  unidades: z.array(unidadeSchema),
  /** Units in service, and those free in the period asked (null when none was asked). */
  total_unidades: z.number().int(),
  livres: z.number().int().nullable(),
});
export type ItemLocavel = z.infer<typeof itemLocavelSchema>;

export const locacaoItemSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  produto_id: z.number().int(),
  nome: z.string(),
  quantidade: z.number().int(),
  preco_diaria: z.number(),
  preco_semanal: z.number().nullable(),
  preco_mensal: z.number().nullable(),
  /** How the period was priced (per unit): months, weeks and days. */
  meses: z.number().int(),
  semanas: z.number().int(),
  dias: z.number().int(),
  /** The period's price of one unit, and of the line. */
  valor: z.number(),
  subtotal: z.number(),
  unidades: z.array(unidadeSchema.pick({ id: true, numero: true, identificacao: true })),
});
export type LocacaoItem = z.infer<typeof locacaoItemSchema>;

export const locacaoTituloSchema = z.object({
  tipo: z.enum(TITULO_DE_LOCACAO_VALUES),
  titulo_id: z.number().int(),
  natureza: z.enum(['receber', 'pagar']),
  descricao: z.string(),
  valor: z.number(),
  /** The title's state: aberto, pago or cancelado. */
  situacao_titulo: z.enum(['aberto', 'pago', 'cancelado']),
});
export type LocacaoTitulo = z.infer<typeof locacaoTituloSchema>;

export const locacaoResumoSchema = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  cliente_id: z.number().int(),
  cliente_nome: z.string(),
  situacao: z.enum(SITUACAO_LOCACAO_VALUES),
  retirada: z.string(),
  devolucao_prevista: z.string(),
  /** The day it was taken out and brought back, once they happened. */
  retirada_em: z.string().nullable(),
  devolvida_em: z.string().nullable(),
  /** "Betoneira 400 L × 1, Andaime × 4". */
  itens_texto: z.string(),
  valor: z.number(),
  caucao: z.number(),
  /** Taken out and past the planned return (today in the company's zone), and by how many days. */
  atrasada: z.boolean(),
  dias_atraso: z.number().int(),
});
export type LocacaoResumo = z.infer<typeof locacaoResumoSchema>;

export const locacaoSchema = locacaoResumoSchema.extend({
  forma_pagamento: z.enum(FORMA_PAGAMENTO_VALUES),
  observacoes: z.string().nullable(),
  /** Days of the booked period. */
  dias: z.number().int(),
  itens: z.array(locacaoItemSchema),
  /** Set on check-in: the late fee, the damages kept and the caução given back. */
  multa_atraso: z.number().nullable(),
  danos: z.number().nullable(),
  caucao_devolvida: z.number().nullable(),
  motivo_cancelamento: z.string().nullable(),
  titulos: z.array(locacaoTituloSchema),
  created_at: z.string(),
});
export type Locacao = z.infer<typeof locacaoSchema>;

/** GET /api/locacoes/resumo: the counts of the tab's filters. */
export const locacoesContagemSchema = z.object({
  reservadas: z.number().int(),
  retiradas: z.number().int(),
  atrasadas: z.number().int(),
});
export type LocacoesContagem = z.infer<typeof locacoesContagemSchema>;

/** A rental holding a unit over some days of the month (its days clipped to the month). */
export const ocupacaoSchema = z.object({
  locacao_id: z.number().int(),
  numero: z.number().int(),
  cliente_nome: z.string(),
  situacao: z.enum(SITUACAO_LOCACAO_VALUES),
  /** First and last day held (inclusive); a late rental holds its units through today. */
  de: z.string(),
  ate: z.string(),
  atrasada: z.boolean(),
});
export type Ocupacao = z.infer<typeof ocupacaoSchema>;

export const calendarioSchema = z.object({
  mes: z.string(),
  dias: z.array(z.string()),
  unidades: z.array(
    z.object({
      unidade_id: z.number().int(),
      item_id: z.number().int(),
      nome: z.string(),
      numero: z.number().int(),
      identificacao: z.string().nullable(),
      ocupacoes: z.array(ocupacaoSchema),
    }),
  ),
});
export type Calendario = z.infer<typeof calendarioSchema>;
