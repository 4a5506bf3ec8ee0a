import {
  CATEGORIA_PADRAO_ID,
  LUCRO_SUGERIDO_PADRAO,
  PRECO_PADRAO,
  UNIDADE_PADRAO,
  type Produto,
  type ProdutoCreateInput,
} from '@prumo/shared/produtos';

/** The add and edit forms hold the API's own field names (section 3.1, snake case). */
export type ProdutoFormValues = ProdutoCreateInput;
export type ProdutoField = keyof ProdutoFormValues;

/** Section 9's defaults, as the add form starts. */
export const PRODUTO_FORM_DEFAULTS: ProdutoFormValues = {
  nome: '',
  codigo_interno: '',
  codigo_barras: '',
  categoria_id: CATEGORIA_PADRAO_ID,
  movimenta_estoque: true,
  habilitar_nota_fiscal: true,
  possui_variacoes: false,
  possui_composicao: false,
  ativo: true,
  vendido_separadamente: true,
  comercializavel_pdv: true,
  unidade_medida: UNIDADE_PADRAO,
  entrada_unidade: UNIDADE_PADRAO,
  entrada_quantidade: 1,
  saida_unidade: UNIDADE_PADRAO,
  saida_quantidade: 1,
  peso: 0,
  largura: 0,
  altura: 0,
  comprimento: 0,
  comissao: 0,
  descricao: '',
  custo: 0,
  despesas_acessorias: 0,
  outras_despesas: 0,
  lucro_sugerido: LUCRO_SUGERIDO_PADRAO,
  lucro_utilizado: 0,
  preco: PRECO_PADRAO,
  estoque: 0,
  estoque_minimo: 0,
  estoque_maximo: 0,
  cod_beneficio: '',
  ncm: '',
  cest: '',
  origem: 0,
  peso_liquido: 0,
  peso_bruto: 0,
  numero_fci: '',
  produto_especifico: 'nao_usar',
};

/** A stored product as the edit form's values (every field the add form has). */
export function produtoToFormValues(produto: Produto): ProdutoFormValues {
  const stored = produto as unknown as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [field, fallback] of Object.entries(PRODUTO_FORM_DEFAULTS)) {
    // Blank texts are null on the server and '' in the inputs.
    values[field] = stored[field] ?? (typeof fallback === 'string' ? '' : fallback);
  }
  return values as ProdutoFormValues;
}

/** Which tab of each form holds a field, to show the first error's tab. */
export const ADD_FORM_TABS: Record<string, string> = {
  nome: 'dados',
  codigo_interno: 'dados',
  codigo_barras: 'dados',
  categoria_id: 'dados',
  unidade_medida: 'dados',
  entrada_unidade: 'detalhes',
  entrada_quantidade: 'detalhes',
  saida_unidade: 'detalhes',
  saida_quantidade: 'detalhes',
  peso: 'detalhes',
  largura: 'detalhes',
  altura: 'detalhes',
  comprimento: 'detalhes',
  comissao: 'detalhes',
  descricao: 'detalhes',
  custo: 'valores',
  despesas_acessorias: 'valores',
  outras_despesas: 'valores',
  lucro_sugerido: 'valores',
  lucro_utilizado: 'valores',
  preco: 'valores',
  estoque: 'estoque',
  estoque_minimo: 'estoque',
  estoque_maximo: 'estoque',
  fotos: 'fotos',
  cod_beneficio: 'fiscal',
  ncm: 'fiscal',
  cest: 'fiscal',
  origem: 'fiscal',
  peso_liquido: 'fiscal',
  peso_bruto: 'fiscal',
  numero_fci: 'fiscal',
  produto_especifico: 'fiscal',
};

export const EDIT_FORM_TABS: Record<string, string> = {
  ...ADD_FORM_TABS,
  unidade_medida: 'detalhes',
  cod_beneficio: 'detalhes',
  ncm: 'detalhes',
  cest: 'detalhes',
  origem: 'detalhes',
  peso_liquido: 'detalhes',
  peso_bruto: 'detalhes',
  numero_fci: 'detalhes',
  produto_especifico: 'detalhes',
  descricao: 'outros',
  fotos: 'outros',
};
