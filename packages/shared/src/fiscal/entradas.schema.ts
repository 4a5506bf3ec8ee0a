import { isoDate, pageQuery, quantity, recordId, searchQuery, z } from '../validation';

/**
 * Purchases entered from the supplier's NF-e XML (issue 29, item 5): the nfeProc is uploaded,
 * checked (schema, signature, addressed to the company, not entered before) and previewed with a
 * proposed product for each item; the confirmation writes the stock entradas and the payables in
 * one transaction. Admins and managers only: it creates payables.
 */

export const ENTRADAS_MENSAGENS = {
  arquivo: 'Envie o XML da NF-e do fornecedor (arquivo .xml)',
  ilegivel: (motivo: string) => `O arquivo não é um XML de NF-e legível: ${motivo}`,
  esquema: (erro: string) => `XML fora do esquema oficial: ${erro}`,
  assinatura: 'Assinatura inválida',
  modelo: 'Só a NF-e (modelo 55) de um fornecedor entra por XML',
  naoAutorizada: (cStat: string, motivo: string) =>
    `Esta NF-e não foi autorizada pela SEFAZ (${cStat}: ${motivo})`,
  protocoloDeOutraNota: 'O protocolo de autorização do XML é de outra NF-e',
  empresaSemCnpj: 'Informe o CNPJ da empresa em Configurações → Empresa',
  outraEmpresa: (cnpj: string) => `Esta NF-e não é destinada à empresa (CNPJ ${cnpj})`,
  jaLancada: (data: string) => `Esta NF-e já foi lançada em ${data}`,
  emitenteSemCnpj: 'O emitente da NF-e não tem CNPJ: cadastre o fornecedor e lance a compra à mão',
  fornecedor: (motivo: string) => `Não foi possível cadastrar o fornecedor da nota: ${motivo}`,
  decisoes: 'Informe o produto e o fator de cada item da nota',
  itemRepetido: (nItem: number) => `O item ${nItem} foi informado mais de uma vez`,
  itemFaltando: (nItem: number) => `Falta a decisão do item ${nItem} da nota`,
  itemInexistente: (nItem: number) => `A nota não tem o item ${nItem}`,
  produto: 'Produto não encontrado',
  produtoDoItem: (nItem: number) => `Item ${nItem}: produto não encontrado`,
  fator: 'O fator de conversão deve ser maior que zero',
  quantidade: (nItem: number) =>
    `Item ${nItem}: a quantidade convertida fica fora do limite do estoque`,
  naoEncontrada: 'Entrada não encontrada',
} as const;
const M = ENTRADAS_MENSAGENS;

/** How the preview found the product of an item. */
export const ORIGENS_SUGESTAO = ['codigo_fornecedor', 'gtin', 'criar'] as const;
export type OrigemSugestao = (typeof ORIGENS_SUGESTAO)[number];
export const ORIGEM_SUGESTAO_LABELS: Record<OrigemSugestao, string> = {
  codigo_fornecedor: 'Código do fornecedor',
  gtin: 'GTIN',
  criar: 'Criar produto',
};

const produtoResumo = z.object({
  id: z.number().int(),
  nome: z.string(),
  unidade: z.string(),
});

/** One item of the note and what the preview proposes for it. */
export const entradaPreviaItemSchema = z.object({
  n_item: z.number().int(),
  /** cProd: the supplier's own code. */
  codigo: z.string(),
  descricao: z.string(),
  /** A valid GTIN, or null ("SEM GTIN"). */
  gtin: z.string().nullable(),
  ncm: z.string(),
  cfop: z.string(),
  /** The note's unit (uCom), quantity and unit price. */
  unidade: z.string(),
  quantidade: z.number(),
  valor_unitario: z.number(),
  /** What the item costs: vProd − vDesc + its share of freight, insurance and other expenses. */
  custo_total: z.number(),
  /** The product proposed (null: create one from the item) and how it was found. */
  produto: produtoResumo.nullable(),
  origem: z.enum(ORIGENS_SUGESTAO),
  /** How many of the product's unit one unit of the note holds (remembered, else 1). */
  fator: z.number(),
  /** Products with this item's GTIN when more than one has it: the user chooses. */
  gtin_ambiguo: z.array(produtoResumo),
});
export type EntradaPreviaItem = z.infer<typeof entradaPreviaItemSchema>;

export const entradaParcelaSchema = z.object({
  /** nDup of the note's duplicata, or null for the single title of the total. */
  numero: z.string().nullable(),
  vencimento: z.string(),
  valor: z.number(),
});
export type EntradaParcela = z.infer<typeof entradaParcelaSchema>;

export const fornecedorDaNotaSchema = z.object({
  /** The supplier registered with this CNPJ, or null: it is created on confirmation. */
  id: z.number().int().nullable(),
  nome: z.string(),
  cnpj: z.string(),
  inscricao_estadual: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
});

/** POST /api/entradas-nfe/previa. */
export const entradaPreviaSchema = z.object({
  chave: z.string(),
  numero: z.number().int(),
  serie: z.number().int(),
  emitida_em: z.string(),
  /** A homologação note: no fiscal value (the tests' and the simulation's). */
  homologacao: z.boolean(),
  valor_produtos: z.number(),
  valor_desconto: z.number(),
  /** Freight, insurance and other expenses, spread over the items' costs. */
  valor_despesas: z.number(),
  valor_total: z.number(),
  fornecedor: fornecedorDaNotaSchema,
  itens: z.array(entradaPreviaItemSchema),
  /** The payables the confirmation writes (empty for a note without payment). */
  parcelas: z.array(entradaParcelaSchema),
});
export type EntradaPrevia = z.infer<typeof entradaPreviaSchema>;

/** The decision on one item: its product (null: create one from the item) and its factor. */
export const entradaDecisaoSchema = z.strictObject({
  n_item: z
    .number({ error: M.decisoes })
    .int({ error: M.decisoes })
    .min(1, { error: M.decisoes })
    .max(990, { error: M.decisoes }),
  produto_id: recordId(M.produto).nullable(),
  fator: quantity({ min: 0, minMessage: M.fator }).refine((value) => value > 0, {
    error: M.fator,
    abort: true,
  }),
});
export type EntradaDecisao = z.infer<typeof entradaDecisaoSchema>;

/** POST /api/entradas-nfe: the `dados` field next to the same `xml` file. */
export const entradaConfirmarSchema = z.strictObject({
  itens: z
    .array(entradaDecisaoSchema, { error: M.decisoes })
    .min(1, { error: M.decisoes })
    .max(990, { error: M.decisoes }),
});
export type EntradaConfirmarInput = z.input<typeof entradaConfirmarSchema>;
export type EntradaConfirmar = z.output<typeof entradaConfirmarSchema>;

/** GET /api/entradas-nfe: search by supplier, number or key; newest first; server paging. */
export const entradasNfeQuerySchema = z.strictObject({
  q: searchQuery,
  de: isoDate().optional(),
  ate: isoDate().optional(),
  ...pageQuery(25, 100),
});
export type EntradasNfeQuery = z.infer<typeof entradasNfeQuerySchema>;

/** A row of the list. */
export const entradaNfeResumoSchema = z.object({
  id: z.number().int(),
  chave: z.string(),
  numero: z.number().int(),
  serie: z.number().int(),
  emitida_em: z.string(),
  valor_total: z.number(),
  fornecedor_id: z.number().int(),
  fornecedor_nome: z.string(),
  fornecedor_cnpj: z.string().nullable(),
  total_itens: z.number().int(),
  usuario_nome: z.string().nullable(),
  created_at: z.string(),
});
export type EntradaNfeResumo = z.infer<typeof entradaNfeResumoSchema>;

export const entradaNfeItemSchema = z.object({
  ordem: z.number().int(),
  produto_id: z.number().int(),
  produto_nome: z.string(),
  /** The product's unit: what `quantidade` counts. */
  unidade: z.string(),
  codigo_fornecedor: z.string(),
  descricao: z.string(),
  gtin: z.string().nullable(),
  unidade_nota: z.string(),
  quantidade_nota: z.number(),
  fator: z.number(),
  quantidade: z.number(),
  custo_unitario: z.number(),
  valor_total: z.number(),
});
export type EntradaNfeItem = z.infer<typeof entradaNfeItemSchema>;

/** GET /api/entradas-nfe/:id: the entry, its items, the stock entradas and the payables. */
export const entradaNfeSchema = entradaNfeResumoSchema.extend({
  itens: z.array(entradaNfeItemSchema),
  movimentacoes: z.array(
    z.object({
      id: z.number().int(),
      produto_id: z.number().int(),
      produto_nome: z.string(),
      quantidade: z.number(),
      data: z.string(),
    }),
  ),
  titulos: z.array(
    z.object({
      id: z.number().int(),
      descricao: z.string(),
      valor: z.number(),
      cancelado: z.boolean(),
      parcelas: z.array(
        z.object({
          numero: z.number().int(),
          vencimento: z.string(),
          valor: z.number(),
          valor_pago: z.number(),
          status: z.string(),
        }),
      ),
    }),
  ),
});
export type EntradaNfe = z.infer<typeof entradaNfeSchema>;
