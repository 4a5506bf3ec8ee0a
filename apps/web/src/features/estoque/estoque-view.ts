import { useQuery } from '@tanstack/react-query';
import {
  ESTOQUE_MINIMO_PADRAO,
  ESTOQUE_UNIDADE_PADRAO,
  SEM_CATEGORIA,
} from '@prumo/shared/estoque';
import type { ProdutoListItem, ProdutoSort } from '@prumo/shared/produtos';
import { compareText } from '@prumo/shared/search';
import { produtosPageQueryOptions, type ProdutosFiltro } from '../../api/produtos';

/** Section 3.9: the stock view of a product, with its defaults. */
export interface EstoqueProduto {
  id: number;
  nome: string;
  codigo_barras: string | null;
  estoque: number;
  unidade_medida: string;
  estoque_minimo: number;
  categoria_nome: string;
  categoria: number | null;
  preco: number;
  ativo: boolean;
  movimenta_estoque: boolean;
}

type ProdutoFromApi = Pick<ProdutoListItem, 'id' | 'nome' | 'estoque'> &
  Partial<Omit<ProdutoListItem, 'id' | 'nome' | 'estoque'>>;

export function toEstoqueProduto(produto: ProdutoFromApi): EstoqueProduto {
  return {
    id: produto.id,
    nome: produto.nome,
    codigo_barras: produto.codigo_barras ?? null,
    estoque: produto.estoque ?? 0,
    unidade_medida: produto.unidade_medida || ESTOQUE_UNIDADE_PADRAO,
    estoque_minimo: produto.estoque_minimo ?? ESTOQUE_MINIMO_PADRAO,
    categoria_nome: produto.categoria_nome || SEM_CATEGORIA,
    categoria: produto.categoria_id ?? null,
    preco: produto.preco ?? 0,
    ativo: produto.ativo ?? true,
    movimenta_estoque: produto.movimenta_estoque ?? true,
  };
}

export type SituacaoEstoque = 'todos' | 'baixo' | 'zerado';

export interface FiltrosEstoque {
  situacao: SituacaoEstoque;
  /** Group id, or null for every group. */
  categoria: number | null;
  /** Products that do not move stock are hidden unless asked for. */
  incluirSemControle: boolean;
}

export const FILTROS_ESTOQUE_VAZIOS: FiltrosEstoque = {
  situacao: 'todos',
  categoria: null,
  incluirSemControle: false,
};

export function contarFiltros(filtros: FiltrosEstoque): number {
  return (
    (filtros.situacao !== 'todos' ? 1 : 0) +
    (filtros.categoria != null ? 1 : 0) +
    (filtros.incluirSemControle ? 1 : 0)
  );
}

/** How long the search box waits after the last key before asking the server. */
export const BUSCA_DEBOUNCE_MS = 250;

export type EstoqueSortKey = 'nome' | 'categoria_nome' | 'estoque' | 'estoque_minimo' | 'preco';

/** Table column → the server's sort key (a whitelist on both sides). */
const SORT_DA_COLUNA: Record<EstoqueSortKey, ProdutoSort> = {
  nome: 'nome',
  categoria_nome: 'categoria',
  estoque: 'estoque',
  estoque_minimo: 'estoque_minimo',
  preco: 'preco',
};

/**
 * What the stock screen asks GET /api/produtos for: the typed term (the server matches nome and
 * the codes, ignoring case and accents), the filters (at or below the minimum, zero stock, group;
 * products that do not move stock only when asked for) and the column order.
 */
export function filtroDoEstoque(
  termo: string,
  filtros: FiltrosEstoque,
  ordem: { columnAccessor: string; direction: 'asc' | 'desc' },
): ProdutosFiltro {
  const filtro: ProdutosFiltro = {};
  const q = termo.trim();
  if (q) filtro.q = q;
  if (filtros.categoria != null) filtro.categoria_id = filtros.categoria;
  if (!filtros.incluirSemControle) filtro.movimenta_estoque = true;
  if (filtros.situacao === 'baixo') filtro.abaixo_minimo = true;
  if (filtros.situacao === 'zerado') filtro.sem_estoque = true;
  filtro.sort = SORT_DA_COLUNA[ordem.columnAccessor as EstoqueSortKey] ?? 'nome';
  filtro.order = ordem.direction;
  return filtro;
}

/** Every product group for the Filtros select, sorted the pt-BR way. */
export function opcoesDeCategorias(
  categorias: ReadonlyArray<{ id: number; nome: string }>,
): Array<{ value: string; label: string }> {
  return categorias
    .map((categoria) => ({ value: String(categoria.id), label: categoria.nome }))
    .sort((a, b) => compareText(a.label, b.label));
}

const toEstoquePage = (data: { items: ProdutoListItem[]; total: number }) => ({
  items: data.items.map(toEstoqueProduto),
  total: data.total,
});

/**
 * One page of the catalogue (the server searches, filters and sorts), seen as section 3.9's stock
 * view; loaded again whenever the screen opens. The previous page stays until the next arrives.
 */
export function useProdutosEstoque(filtro: ProdutosFiltro, page: number, pageSize: number) {
  return useQuery({
    ...produtosPageQueryOptions(filtro, page, pageSize),
    select: toEstoquePage,
    refetchOnMount: 'always',
  });
}
