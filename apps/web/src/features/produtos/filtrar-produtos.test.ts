import { describe, expect, it } from 'vitest';
import type { ProdutoListItem } from '@prumo/shared/produtos';
import { FILTROS_VAZIOS } from './components/ProdutosFiltros';
import { filtrarProdutos } from './filtrar-produtos';

const produto = (fields: Partial<ProdutoListItem>) =>
  ({
    id: 1,
    nome: 'X',
    codigo_barras: null,
    codigo_interno: null,
    categoria_id: 1,
    ativo: true,
    estoque: 10,
    estoque_minimo: 0,
    ...fields,
  }) as ProdutoListItem;

const lista = [
  produto({ id: 1, nome: 'Açúcar Cristal', codigo_barras: '7891000315507', categoria_id: 2 }),
  produto({ id: 2, nome: 'Café Torrado', codigo_interno: 'CAF-1', estoque: 2, estoque_minimo: 5 }),
  produto({
    id: 3,
    nome: 'Sabão em Pó',
    ativo: false,
    categoria_id: 2,
    estoque: 5,
    estoque_minimo: 5,
  }),
];
const ids = (result: readonly ProdutoListItem[]) => result.map((p) => p.id);

describe('filtrarProdutos', () => {
  it('answers the same list when nothing is typed or chosen', () => {
    expect(filtrarProdutos(lista, '  ', FILTROS_VAZIOS)).toBe(lista);
  });

  it('matches name, barcode and internal code, ignoring case and accents', () => {
    expect(ids(filtrarProdutos(lista, 'acucar', FILTROS_VAZIOS))).toEqual([1]);
    expect(ids(filtrarProdutos(lista, 'SABAO EM PO', FILTROS_VAZIOS))).toEqual([3]);
    expect(ids(filtrarProdutos(lista, '0003155', FILTROS_VAZIOS))).toEqual([1]);
    expect(ids(filtrarProdutos(lista, 'caf-1', FILTROS_VAZIOS))).toEqual([2]);
    // A term never spans two fields.
    expect(ids(filtrarProdutos(lista, 'torrado caf', FILTROS_VAZIOS))).toEqual([]);
  });

  it('applies the Filtros: group, low stock (at or below the minimum) and situation', () => {
    expect(ids(filtrarProdutos(lista, '', { ...FILTROS_VAZIOS, categoriaId: 2 }))).toEqual([1, 3]);
    expect(ids(filtrarProdutos(lista, '', { ...FILTROS_VAZIOS, estoqueBaixo: true }))).toEqual([
      2, 3,
    ]);
    expect(ids(filtrarProdutos(lista, '', { ...FILTROS_VAZIOS, situacao: 'inativos' }))).toEqual([
      3,
    ]);
    expect(
      ids(filtrarProdutos(lista, 'a', { ...FILTROS_VAZIOS, situacao: 'ativos', categoriaId: 2 })),
    ).toEqual([1]);
  });
});
