import { useQuery } from '@tanstack/react-query';
import {
  ESTOQUE_MINIMO_PADRAO,
  ESTOQUE_UNIDADE_PADRAO,
  isEstoqueBaixo,
  SEM_CATEGORIA,
} from '@prumo/shared/estoque';
import type { ProdutoListItem } from '@prumo/shared/produtos';
import { compareText, matchesSearch } from '@prumo/shared/search';
import { produtosQueryOptions } from '../../api/produtos';

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

/**
 * The table's rows: the search matches nome and codigo_barras ignoring case and accents, then
 * the filters (at or below minimum, zero stock, group). Done on the client (spec section 9).
 */
export function filtrarEstoque(
  produtos: EstoqueProduto[],
  termo: string,
  filtros: FiltrosEstoque,
): EstoqueProduto[] {
  return produtos.filter(
    (produto) =>
      (filtros.incluirSemControle || produto.movimenta_estoque) &&
      (filtros.categoria == null || produto.categoria === filtros.categoria) &&
      (filtros.situacao !== 'baixo' || isEstoqueBaixo(produto.estoque, produto.estoque_minimo)) &&
      (filtros.situacao !== 'zerado' || produto.estoque <= 0) &&
      matchesSearch(termo, produto.nome, produto.codigo_barras),
  );
}

/** The groups present in the list, for the Filtros select, sorted the pt-BR way. */
export function categoriasDe(produtos: EstoqueProduto[]): Array<{ value: string; label: string }> {
  const byId = new Map<number, string>();
  for (const produto of produtos) {
    if (produto.categoria != null) byId.set(produto.categoria, produto.categoria_nome);
  }
  return [...byId]
    .map(([id, nome]) => ({ value: String(id), label: nome }))
    .sort((a, b) => compareText(a.label, b.label));
}

export type EstoqueSortKey = 'nome' | 'categoria_nome' | 'estoque' | 'estoque_minimo' | 'preco';

export function ordenarEstoque(
  produtos: EstoqueProduto[],
  key: EstoqueSortKey,
  direction: 'asc' | 'desc',
): EstoqueProduto[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...produtos].sort((a, b) => {
    const av = a[key];
    const bv = b[key];
    const result =
      typeof av === 'number' && typeof bv === 'number'
        ? av - bv
        : compareText(String(av), String(bv));
    return sign * result || compareText(a.nome, b.nome) || a.id - b.id;
  });
}

const toEstoqueProdutos = (produtos: ProdutoListItem[]) => produtos.map(toEstoqueProduto);

/**
 * The catalogue's product list (one cache with the products screen), seen as section 3.9's stock
 * view; loaded again whenever the screen opens.
 */
export function useProdutosEstoque() {
  return useQuery({
    ...produtosQueryOptions(),
    select: toEstoqueProdutos,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
