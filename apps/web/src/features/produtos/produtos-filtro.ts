import type { ProdutoSort } from '@prumo/shared/produtos';
import type { ProdutosFiltro } from '../../api/produtos';
import type { FiltrosProdutos } from './components/ProdutosFiltros';

/** How long the search box waits after the last key before asking the server. */
export const BUSCA_DEBOUNCE_MS = 250;

/** A sortable column of the products table and its direction. */
export interface OrdemProdutos {
  columnAccessor: string;
  direction: 'asc' | 'desc';
}

export const ORDEM_PADRAO: OrdemProdutos = { columnAccessor: 'nome', direction: 'asc' };

/** Table column → the server's sort key (a whitelist on both sides). */
const SORT_DA_COLUNA: Record<string, ProdutoSort> = {
  nome: 'nome',
  codigo_interno: 'codigo',
  preco: 'preco',
  estoque: 'estoque',
};

/**
 * What the products screen asks GET /api/produtos for: the typed term (name, barcode or internal
 * code; accents and case are ignored by the server), the Filtros choices and the column order.
 * The default (by name, ascending) is left out.
 */
export function filtroDosProdutos(
  termo: string,
  filtros: FiltrosProdutos,
  ordem: OrdemProdutos = ORDEM_PADRAO,
): ProdutosFiltro {
  const filtro: ProdutosFiltro = {};
  const q = termo.trim();
  if (q) filtro.q = q;
  if (filtros.categoriaId != null) filtro.categoria_id = filtros.categoriaId;
  if (filtros.situacao !== 'todos') filtro.ativo = filtros.situacao === 'ativos';
  if (filtros.estoqueBaixo) filtro.abaixo_minimo = true;
  const sort = SORT_DA_COLUNA[ordem.columnAccessor] ?? 'nome';
  if (sort !== 'nome' || ordem.direction !== 'asc') {
    filtro.sort = sort;
    filtro.order = ordem.direction;
  }
  return filtro;
}
