import { normalizeSearch } from '@prumo/shared/search';
import { isEstoqueBaixo, type ProdutoListItem } from '@prumo/shared/produtos';
import type { FiltrosProdutos } from './components/ProdutosFiltros';

/**
 * What the search box looks at for each product: name, barcode and internal code, normalized
 * once per loaded list (case and accents ignored), kept apart so a term never spans two fields.
 */
export function indiceDeBusca(produtos: readonly ProdutoListItem[]): string[] {
  return produtos.map((produto) =>
    normalizeSearch(
      `${produto.nome}\n${produto.codigo_barras ?? ''}\n${produto.codigo_interno ?? ''}`,
    ),
  );
}

/** The products that match the typed term and the Filtros choices, in list order. */
export function filtrarProdutos(
  produtos: readonly ProdutoListItem[],
  indice: readonly string[],
  termo: string,
  filtros: FiltrosProdutos,
): readonly ProdutoListItem[] {
  const needle = normalizeSearch(termo);
  const semFiltros =
    filtros.categoriaId == null && !filtros.estoqueBaixo && filtros.situacao === 'todos';
  if (needle === '' && semFiltros) return produtos;
  const result: ProdutoListItem[] = [];
  for (let index = 0; index < produtos.length; index++) {
    const produto = produtos[index]!;
    if (needle !== '' && !indice[index]!.includes(needle)) continue;
    if (filtros.categoriaId != null && produto.categoria_id !== filtros.categoriaId) continue;
    if (filtros.situacao === 'ativos' && !produto.ativo) continue;
    if (filtros.situacao === 'inativos' && produto.ativo) continue;
    if (filtros.estoqueBaixo && !isEstoqueBaixo(produto.estoque, produto.estoque_minimo)) continue;
    result.push(produto);
  }
  return result;
}
