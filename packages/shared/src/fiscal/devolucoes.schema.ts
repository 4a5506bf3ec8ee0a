import {
  isoDate,
  pageQuery,
  quantity,
  recordId,
  requiredText,
  searchQuery,
  z,
} from '../validation';
import { SITUACOES_NOTA } from './fiscal.schema';

/**
 * Returns (issue 29, item 4). A customer's return is an NF-e de entrada (tpNF 0, finalidade 4)
 * that references the sale's NF-e or NFC-e: the goods come back into stock and the customer gets
 * the money back (reembolso, paid at once from an account) or keeps it as a credit (a payable to
 * the customer left open). A return to a supplier is an NF-e de saída (finalidade 4) referencing
 * the purchase's NF-e entered by XML: the goods leave the stock and the supplier owes the value
 * (a receivable). Each item is chosen from the original note and never more than it had, counting
 * earlier returns. Admins and managers: a return moves money.
 */

export const TIPOS_DEVOLUCAO = ['cliente', 'fornecedor'] as const;
export type TipoDevolucao = (typeof TIPOS_DEVOLUCAO)[number];
export const TIPO_DEVOLUCAO_LABELS: Record<TipoDevolucao, string> = {
  cliente: 'Devolução de cliente',
  fornecedor: 'Devolução ao fornecedor',
};

/** What happens to the money: refunded now, or kept as a credit to settle later. */
export const ACERTOS_DEVOLUCAO = ['reembolso', 'credito'] as const;
export type AcertoDevolucao = (typeof ACERTOS_DEVOLUCAO)[number];
export const ACERTO_DEVOLUCAO_LABELS: Record<TipoDevolucao, Record<AcertoDevolucao, string>> = {
  cliente: {
    reembolso: 'Reembolsar agora',
    credito: 'Crédito para o cliente (conta a pagar em aberto)',
  },
  fornecedor: {
    reembolso: 'Recebido agora do fornecedor',
    credito: 'Crédito com o fornecedor (conta a receber em aberto)',
  },
};

/**
 * CFOPs of a return (Convênio s/nº 1970, Anexo): the customer's, entering, 1202 within the UF
 * and 2202 from another; ours to the supplier, leaving, 5202 and 6202 (goods bought for resale).
 */
export const CFOP_DEVOLUCAO: Record<TipoDevolucao, { dentro: string; fora: string }> = {
  cliente: { dentro: '1202', fora: '2202' },
  fornecedor: { dentro: '5202', fora: '6202' },
};

export const DEVOLUCOES_MENSAGENS = {
  tipo: 'Informe se a devolução é de cliente ou ao fornecedor',
  origem: 'Informe a nota de origem da devolução',
  notaOrigemNaoEncontrada: 'Nota de origem não encontrada',
  notaOrigemNaoAutorizada:
    'Só uma nota autorizada pela SEFAZ pode ser devolvida (a nota de origem não está autorizada)',
  notaOrigemDeDevolucao: 'Uma nota de devolução não pode ser devolvida',
  entradaNaoEncontrada: 'Entrada de compra não encontrada',
  motivo: 'Informe o motivo da devolução (de 5 a 500 caracteres)',
  acerto: 'Informe o acerto: reembolso ou crédito',
  conta: 'Informe a conta de onde sai (ou onde entra) o reembolso',
  itens: 'Escolha ao menos um item e a quantidade devolvida',
  itemRepetido: (nItem: number) => `O item ${nItem} foi informado mais de uma vez`,
  itemInexistente: (nItem: number) => `A nota de origem não tem o item ${nItem}`,
  quantidade: 'A quantidade devolvida deve ser maior que zero',
  quantidadeAcimaDoSaldo: (nItem: number, disponivel: string, unidade: string) =>
    `Item ${nItem}: a quantidade devolvida passa do que ainda pode ser devolvido (${disponivel} ${unidade})`,
  clienteNaoEncontrado: 'Cliente não encontrado',
  semCliente:
    'A venda não tem cliente: escolha o cliente que devolve (a NF-e de devolução precisa do destinatário)',
  naoEncontrada: 'Devolução não encontrada',
  nfeDesativada: 'A NF-e está desativada em Configurações → Fiscal: a devolução é emitida em NF-e',
  devolucaoDesfeita:
    'A devolução foi desfeita com a nota: o estoque voltou e o título da devolução foi cancelado',
  devolucaoNaoDesfeita: (motivo: string) =>
    `A nota foi cancelada na SEFAZ, mas a devolução não foi desfeita: ${motivo}`,
  notaComDevolucao: (quantas: number) =>
    `Esta nota tem ${quantas === 1 ? 'uma devolução' : `${quantas} devoluções`}: a SEFAZ não cancela uma nota referenciada. Cancele antes a devolução.`,
} as const;
const M = DEVOLUCOES_MENSAGENS;

/** The original note of a return: a sale's note (customer) or a purchase entered by XML. */
export const devolucaoOrigemQuerySchema = z.union(
  [
    z.strictObject({ tipo: z.literal('cliente'), nota_id: z.coerce.number().int().positive() }),
    z.strictObject({
      tipo: z.literal('fornecedor'),
      entrada_id: z.coerce.number().int().positive(),
    }),
  ],
  { error: M.origem },
);
export type DevolucaoOrigemQuery = z.infer<typeof devolucaoOrigemQuerySchema>;

/** One item of the original note and how much of it may still be returned (in the note's unit). */
export const devolucaoOrigemItemSchema = z.object({
  n_item: z.number().int(),
  produto_id: z.number().int(),
  produto_nome: z.string(),
  descricao: z.string(),
  /** The note's unit; `fator` of the product's unit in one of it (a box of 12 → 12). */
  unidade: z.string(),
  fator: z.number(),
  quantidade: z.number(),
  devolvida: z.number(),
  disponivel: z.number(),
  valor_unitario: z.number(),
  /** The item's value net of its discount (and share of freight), per unit of the note. */
  valor_liquido_unitario: z.number(),
});
export type DevolucaoOrigemItem = z.infer<typeof devolucaoOrigemItemSchema>;

/** GET /api/devolucoes/origem: what the return dialog offers. */
export const devolucaoOrigemSchema = z.object({
  tipo: z.enum(TIPOS_DEVOLUCAO),
  chave: z.string(),
  modelo: z.number().int(),
  numero: z.number().int(),
  serie: z.number().int(),
  emitida_em: z.string(),
  /** The customer (sale's, may be null on an NFC-e) or the supplier. */
  pessoa: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  nota_id: z.number().int().nullable(),
  entrada_id: z.number().int().nullable(),
  venda_id: z.number().int().nullable(),
  itens: z.array(devolucaoOrigemItemSchema),
});
export type DevolucaoOrigem = z.infer<typeof devolucaoOrigemSchema>;

export const devolucaoItemInputSchema = z.strictObject({
  n_item: z
    .number({ error: M.itens })
    .int({ error: M.itens })
    .min(1, { error: M.itens })
    .max(990, { error: M.itens }),
  quantidade: quantity({ min: 0, minMessage: M.quantidade }).refine((value) => value > 0, {
    error: M.quantidade,
    abort: true,
  }),
});

/** POST /api/devolucoes. */
export const devolucaoCreateSchema = z
  .strictObject({
    tipo: z.enum(TIPOS_DEVOLUCAO, { error: M.tipo }),
    /** tipo cliente: the sale's note (NF-e or NFC-e). */
    nota_id: recordId(M.origem).optional(),
    /** tipo fornecedor: the purchase entered by XML. */
    entrada_id: recordId(M.origem).optional(),
    /** tipo cliente: who returns, when the sale has no customer (an NFC-e to a consumer). */
    cliente_id: recordId(M.clienteNaoEncontrado).nullable().optional(),
    motivo: requiredText(M.motivo, 500).refine((texto) => texto.length >= 5, { error: M.motivo }),
    acerto: z.enum(ACERTOS_DEVOLUCAO, { error: M.acerto }),
    /** acerto reembolso: the account the money leaves (customer) or enters (supplier). */
    conta_id: recordId(M.conta).nullable().optional(),
    itens: z
      .array(devolucaoItemInputSchema, { error: M.itens })
      .min(1, { error: M.itens })
      .max(990, { error: M.itens }),
  })
  .superRefine((dados, ctx) => {
    if (dados.tipo === 'cliente' ? !dados.nota_id : !dados.entrada_id) {
      ctx.addIssue({
        code: 'custom',
        path: [dados.tipo === 'cliente' ? 'nota_id' : 'entrada_id'],
        message: M.origem,
      });
    }
    if (dados.acerto === 'reembolso' && !dados.conta_id) {
      ctx.addIssue({ code: 'custom', path: ['conta_id'], message: M.conta });
    }
    const vistos = new Set<number>();
    for (const [indice, item] of dados.itens.entries()) {
      if (vistos.has(item.n_item)) {
        ctx.addIssue({
          code: 'custom',
          path: ['itens', indice, 'n_item'],
          message: M.itemRepetido(item.n_item),
        });
      }
      vistos.add(item.n_item);
    }
  });
export type DevolucaoCreateInput = z.input<typeof devolucaoCreateSchema>;
export type DevolucaoCreate = z.output<typeof devolucaoCreateSchema>;

export const devolucoesQuerySchema = z.strictObject({
  q: searchQuery,
  tipo: z.enum(TIPOS_DEVOLUCAO).optional(),
  de: isoDate().optional(),
  ate: isoDate().optional(),
  ...pageQuery(25, 100),
});
export type DevolucoesQuery = z.infer<typeof devolucoesQuerySchema>;

/** A row of the list. */
export const devolucaoResumoSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(TIPOS_DEVOLUCAO),
  chave_referenciada: z.string(),
  numero_origem: z.number().int(),
  pessoa_id: z.number().int(),
  pessoa_nome: z.string(),
  motivo: z.string(),
  acerto: z.enum(ACERTOS_DEVOLUCAO),
  valor_total: z.number(),
  /** The return's own NF-e. */
  nota_id: z.number().int().nullable(),
  nota_numero: z.number().int().nullable(),
  nota_situacao: z.enum(SITUACOES_NOTA).nullable(),
  usuario_nome: z.string().nullable(),
  created_at: z.string(),
});
export type DevolucaoResumo = z.infer<typeof devolucaoResumoSchema>;

/** GET /api/devolucoes/:id: the return, its items, stock movements and titles. */
export const devolucaoSchema = devolucaoResumoSchema.extend({
  nota_origem_id: z.number().int().nullable(),
  entrada_id: z.number().int().nullable(),
  venda_id: z.number().int().nullable(),
  /** When the return's note was cancelled (the stock and the title were reversed with it). */
  cancelada_em: z.string().nullable(),
  itens: z.array(
    z.object({
      n_item: z.number().int(),
      produto_id: z.number().int(),
      produto_nome: z.string(),
      descricao: z.string(),
      unidade: z.string(),
      quantidade: z.number(),
      /** In the product's unit: what the stock moved. */
      quantidade_estoque: z.number(),
      valor_unitario: z.number(),
      valor_total: z.number(),
    }),
  ),
  movimentacoes: z.array(
    z.object({
      id: z.number().int(),
      produto_id: z.number().int(),
      produto_nome: z.string(),
      tipo: z.string(),
      quantidade: z.number(),
      data: z.string(),
    }),
  ),
  titulos: z.array(
    z.object({
      id: z.number().int(),
      natureza: z.string(),
      descricao: z.string(),
      valor: z.number(),
      status: z.string(),
    }),
  ),
});
export type Devolucao = z.infer<typeof devolucaoSchema>;
