import { normalizeSearch } from '@prumo/shared/search';
import { isEstoqueBaixo, type ProdutoListItem } from '@prumo/shared/produtos';
import { passaSituacao } from '../../components/list/situacao';
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

const indices = new WeakMap<readonly ProdutoListItem[], string[]>();

/** The search index of a loaded list, built on the first search and kept while the list is. */
function indiceDe(produtos: readonly ProdutoListItem[]): string[] {
  let indice = indices.get(produtos);
  if (!indice) {
    indice = indiceDeBusca(produtos);
    indices.set(produtos, indice);
  }
  return indice;
}

/**
 * Builds the search index while the browser is idle after the list arrives, so that the first
 * key typed does not wait for 20,000 names to be normalized. Returns a cancel function.
 */
export function prepararBusca(produtos: readonly ProdutoListItem[]): () => void {
  if (produtos.length === 0 || indices.has(produtos)) return () => undefined;
  const build = () => void indiceDe(produtos);
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(build, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(build, 300);
  return () => window.clearTimeout(timer);
}

/** The products that match the typed term and the Filtros choices, in list order. */
export function filtrarProdutos(
  produtos: readonly ProdutoListItem[],
  termo: string,
  filtros: FiltrosProdutos,
): readonly ProdutoListItem[] {
  const needle = normalizeSearch(termo);
  const semFiltros =
    filtros.categoriaId == null && !filtros.estoqueBaixo && filtros.situacao === 'todos';
  if (needle === '' && semFiltros) return produtos;
  const indice = needle === '' ? [] : indiceDe(produtos);
  const result: ProdutoListItem[] = [];
  for (let index = 0; index < produtos.length; index++) {
    const produto = produtos[index]!;
    if (needle !== '' && !indice[index]!.includes(needle)) continue;
    if (filtros.categoriaId != null && produto.categoria_id !== filtros.categoriaId) continue;
    if (!passaSituacao(filtros.situacao, produto.ativo)) continue;
    if (filtros.estoqueBaixo && !isEstoqueBaixo(produto.estoque, produto.estoque_minimo)) continue;
    result.push(produto);
  }
  return result;
}
