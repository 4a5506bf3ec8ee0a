import { describe, expect, it } from 'vitest';
import {
  categoriasDe,
  contarFiltros,
  FILTROS_ESTOQUE_VAZIOS,
  filtrarEstoque,
  ordenarEstoque,
  toEstoqueProduto,
} from './estoque-view';

const produtos = [
  toEstoqueProduto({
    id: 1,
    nome: 'Feijão Carioca 1kg',
    codigo_barras: '7890000000017',
    estoque: 64,
    estoque_minimo: 20,
    categoria_id: 2,
    categoria_nome: 'Mercearia',
  }),
  toEstoqueProduto({
    id: 2,
    nome: 'Água Sanitária 1L',
    estoque: 5,
    estoque_minimo: 12,
    categoria_id: 3,
    categoria_nome: 'Limpeza',
  }),
  toEstoqueProduto({
    id: 3,
    nome: 'Suco de Uva',
    estoque: 0,
    categoria_id: 2,
    categoria_nome: 'Mercearia',
  }),
  toEstoqueProduto({ id: 4, nome: 'Brinde', estoque: 0, movimenta_estoque: false }),
];

describe('stock view', () => {
  it("fills section 3.9's defaults", () => {
    expect(toEstoqueProduto({ id: 9, nome: 'X', estoque: 2 })).toMatchObject({
      unidade_medida: 'UN',
      estoque_minimo: 0,
      categoria_nome: 'Sem categoria',
      codigo_barras: null,
    });
  });

  it('searches nome and codigo_barras ignoring case and accents', () => {
    const ids = (termo: string) =>
      filtrarEstoque(produtos, termo, FILTROS_ESTOQUE_VAZIOS).map((p) => p.id);
    expect(ids('FEIJAO')).toEqual([1]);
    expect(ids('agua sanit')).toEqual([2]);
    expect(ids('00000017')).toEqual([1]);
    expect(ids('')).toEqual([1, 2, 3]);
    expect(ids('nada disso')).toEqual([]);
  });

  it('filters by low stock, zero stock, group and stock control', () => {
    const ids = (filtros: Partial<typeof FILTROS_ESTOQUE_VAZIOS>) =>
      filtrarEstoque(produtos, '', { ...FILTROS_ESTOQUE_VAZIOS, ...filtros }).map((p) => p.id);
    expect(ids({ situacao: 'baixo' })).toEqual([2, 3]);
    expect(ids({ situacao: 'zerado' })).toEqual([3]);
    expect(ids({ categoria: 2 })).toEqual([1, 3]);
    expect(ids({ incluirSemControle: true })).toEqual([1, 2, 3, 4]);
    expect(contarFiltros({ situacao: 'baixo', categoria: 2, incluirSemControle: false })).toBe(2);
  });

  it('lists the groups and sorts the pt-BR way', () => {
    expect(categoriasDe(produtos)).toEqual([
      { value: '3', label: 'Limpeza' },
      { value: '2', label: 'Mercearia' },
    ]);
    expect(ordenarEstoque(produtos, 'nome', 'asc').map((p) => p.id)).toEqual([2, 4, 1, 3]);
    expect(ordenarEstoque(produtos, 'estoque', 'desc').map((p) => p.id)).toEqual([1, 2, 4, 3]);
  });
});
