import type {
  EntradaConfirmarInput,
  EntradaPrevia,
  EntradaPreviaItem,
  OrigemSugestao,
} from '@prumo/shared/fiscal';
import { toCentavos } from '@prumo/shared/money';

/** The texts of the purchase entries from XML (Estoque → Importar XML de compra). */
export const ENTRADAS_TEXTOS = {
  titulo: 'Entradas por XML de compra',
  importar: 'Importar XML de compra',
  importarCurto: 'Importar XML',
  lendo: 'Lendo o XML...',
  pesquisar: 'Pesquisar por fornecedor, número ou chave...',
  vazioTitulo: 'Nenhuma entrada lançada',
  vazioTexto:
    'Importe o XML (nfeProc) que o fornecedor enviou: o estoque, os custos e as contas a pagar entram juntos.',
  vazioFiltrada: 'Nenhuma entrada encontrada para esta pesquisa.',
  erroListar: 'Erro ao carregar as entradas',
  erroPrevia: 'Erro ao ler o XML',
  erroConfirmar: 'Erro ao lançar a entrada',
  erroXml: 'Erro ao baixar o XML',
  conferir: 'Conferir entrada',
  confirmar: 'Confirmar entrada',
  sucesso: (numero: number) => `Entrada da NF-e ${numero} lançada no estoque e no financeiro`,
  fornecedorNovo: 'Fornecedor novo: será cadastrado com os dados da nota',
  homologacao: 'Homologação: sem valor fiscal',
  criarProduto: 'Criar produto',
  criarProdutoAjuda: (unidade: string) => `Novo produto, em ${unidade}, com o custo desta entrada`,
  trocarProduto: 'Trocar produto',
  buscarProduto: 'Nome, código ou código de barras...',
  gtinAmbiguo: 'GTIN em mais de um produto: escolha qual',
  escolhido: 'Escolhido',
  fatorInvalido: 'Informe um fator maior que zero',
  semParcelas: 'Nota sem pagamento: nenhuma conta a pagar.',
  detalhe: 'Entrada por XML',
  baixarXml: 'Baixar XML',
  devolver: 'Devolver ao fornecedor',
  naoEncontrada: 'Entrada não encontrada',
} as const;

/** How the product of an item was chosen, as its badge says. */
export const ORIGEM_TEXTO: Record<OrigemSugestao | 'escolhido', string> = {
  codigo_fornecedor: 'Código do fornecedor',
  gtin: 'GTIN',
  criar: 'Criar produto',
  escolhido: ENTRADAS_TEXTOS.escolhido,
};

/** A product as an item row holds it. */
export interface ProdutoEscolhido {
  id: number;
  nome: string;
  unidade: string;
}

/** What the user decided for one item: its product (null: create one) and the factor. */
export interface DecisaoItem {
  produto: ProdutoEscolhido | null;
  origem: OrigemSugestao | 'escolhido';
  fator: number | null;
}

/** The preview's proposals as the starting decisions. */
export function decisoesIniciais(previa: EntradaPrevia): DecisaoItem[] {
  return previa.itens.map((item) => ({
    produto: item.produto,
    origem: item.origem,
    fator: item.fator,
  }));
}

/** The unit a new product gets: the note's, unless a factor converts it into units. */
export const unidadeDoNovo = (item: EntradaPreviaItem, fator: number | null) =>
  fator === 1 ? item.unidade : 'UN';

/** What enters the stock: the note's quantity times the factor, in thousandths (as the server). */
export function quantidadeDaEntrada(item: EntradaPreviaItem, fator: number | null): number | null {
  if (!fator || fator <= 0) return null;
  const milesimos = Math.round(
    (Math.round(item.quantidade * 1000) * Math.round(fator * 1000)) / 1000,
  );
  return milesimos > 0 ? milesimos / 1000 : null;
}

/** The cost of one unit of the product: the item's cost over the quantity entered. */
export function custoUnitario(item: EntradaPreviaItem, fator: number | null): number | null {
  const quantidade = quantidadeDaEntrada(item, fator);
  if (quantidade === null) return null;
  return Math.round(toCentavos(item.custo_total) / quantidade) / 100;
}

export const decisoesValidas = (previa: EntradaPrevia, decisoes: readonly DecisaoItem[]) =>
  previa.itens.every((item, i) => quantidadeDaEntrada(item, decisoes[i]!.fator) !== null);

/** The `dados` of the confirmation. */
export function dadosDaConfirmacao(
  previa: EntradaPrevia,
  decisoes: readonly DecisaoItem[],
): EntradaConfirmarInput {
  return {
    itens: previa.itens.map((item, i) => ({
      n_item: item.n_item,
      produto_id: decisoes[i]!.produto?.id ?? null,
      fator: decisoes[i]!.fator ?? 0,
    })),
  };
}
