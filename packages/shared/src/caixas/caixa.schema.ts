import { MAX_MONEY, money, optionalText, pageQuery, requiredText, z } from '../validation';
import {
  FORMA_PAGAMENTO_VALUES,
  formaPagamentoCanonica,
  type FormaPagamento,
} from '../vendas/venda.rules';
import { formaPagamentoSchema } from '../vendas/venda.schema';
import { CAIXA_MESSAGES, STATUS_CAIXA, TIPO_MOVIMENTO_CAIXA_VALUES } from './caixa.rules';

/** POST /api/caixas: opens the caller's caixa with its fundo de troco. */
export const caixaAberturaSchema = z.strictObject({
  valor_inicial: money({ min: 0, minMessage: CAIXA_MESSAGES.valorNaoNegativo }),
  observacoes: optionalText(500),
});
export type CaixaAbertura = z.output<typeof caixaAberturaSchema>;

/** POST /api/caixas/{id}/movimentos: a sangria (cash out) or suprimento (cash in). */
export const caixaMovimentoInputSchema = z.strictObject({
  tipo: z.enum(TIPO_MOVIMENTO_CAIXA_VALUES, { error: 'Tipo inválido: sangria ou suprimento' }),
  valor: money({ min: 0.01, minMessage: CAIXA_MESSAGES.valorPositivo }),
  motivo: requiredText(CAIXA_MESSAGES.motivoObrigatorio, 200),
});
export type CaixaMovimentoInput = z.output<typeof caixaMovimentoInputSchema>;

/** POST /api/caixas/{id}/fechamento: what was counted per method (a method left out is 0). */
export const caixaFechamentoSchema = z.strictObject({
  /** Keyed by the method's code or the spec's name ('Dinheiro', 'Cartão de Crédito'...). */
  contado: z.preprocess(
    (value: Partial<Record<FormaPagamento, number>>, ctx) => {
      const chaves = value && typeof value === 'object' ? Object.keys(value) : [];
      const formas = chaves.map(formaPagamentoCanonica);
      const repetida = chaves.find((_, index) => formas.indexOf(formas[index]) !== index);
      if (repetida !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Forma de pagamento repetida: ${repetida}` });
      }
      return value;
    },
    z.partialRecord(
      formaPagamentoSchema(),
      money({ min: 0, minMessage: CAIXA_MESSAGES.valorNaoNegativo }),
      {
        error: (issue) =>
          issue.code === 'invalid_key' ? 'Forma de pagamento inválida' : undefined,
      },
    ),
  ),
  observacoes: optionalText(500),
});
export type CaixaFechamento = z.output<typeof caixaFechamentoSchema>;

const dinheiro = z.number().min(-MAX_MONEY).max(MAX_MONEY);

export const caixaMovimentoSchema = z.object({
  id: z.number(),
  tipo: z.enum(TIPO_MOVIMENTO_CAIXA_VALUES),
  valor: dinheiro,
  motivo: z.string(),
  usuario_nome: z.string().nullable(),
  created_at: z.string(),
});
export type CaixaMovimento = z.infer<typeof caixaMovimentoSchema>;

/** Per payment method: received in sales, expected in the drawer and, once closed, counted. */
export const caixaFormaSchema = z.object({
  forma: z.enum(FORMA_PAGAMENTO_VALUES),
  recebido: dinheiro,
  esperado: dinheiro,
  contado: dinheiro.nullable(),
  diferenca: dinheiro.nullable(),
});
export type CaixaForma = z.infer<typeof caixaFormaSchema>;

/** A caixa with its movements and its summary (expected per method; counted once closed). */
export const caixaSchema = z.object({
  id: z.number(),
  usuario_id: z.number(),
  usuario_nome: z.string().nullable(),
  status: z.enum(STATUS_CAIXA),
  valor_inicial: dinheiro,
  observacoes: z.string().nullable(),
  observacoes_fechamento: z.string().nullable(),
  aberto_em: z.string(),
  fechado_em: z.string().nullable(),
  fechado_por_nome: z.string().nullable(),
  vendas: z.number(),
  total_vendas: dinheiro,
  troco: dinheiro,
  sangrias: dinheiro,
  suprimentos: dinheiro,
  movimentos: z.array(caixaMovimentoSchema),
  formas: z.array(caixaFormaSchema),
});
export type Caixa = z.infer<typeof caixaSchema>;

/** GET /api/caixas (admins and managers): newest first, without movements. */
export const caixaResumoSchema = caixaSchema.omit({ movimentos: true, formas: true });
export type CaixaResumo = z.infer<typeof caixaResumoSchema>;
export const caixaListSchema = z.array(caixaResumoSchema);

/** GET /api/caixas/atual: the caller's open caixa, or null. */
export const caixaAtualSchema = caixaSchema.nullable();

/** GET /api/caixas?limit=&offset= */
export const caixaListQuerySchema = z.strictObject({ ...pageQuery(50, 200) });
export type CaixaListQuery = z.output<typeof caixaListQuerySchema>;
