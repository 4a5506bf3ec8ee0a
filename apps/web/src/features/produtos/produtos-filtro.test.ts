import { describe, expect, it } from 'vitest';
import { pageSearchParams } from '../../api/resource';
import { FILTROS_VAZIOS } from './components/ProdutosFiltros';
import { filtroDosProdutos } from './produtos-filtro';

describe('filtroDosProdutos', () => {
  it('sends nothing for an empty search, no filter and the default order', () => {
    expect(filtroDosProdutos('   ', FILTROS_VAZIOS)).toEqual({});
    expect(pageSearchParams(filtroDosProdutos('', FILTROS_VAZIOS), 1, 25).toString()).toBe(
      'limit=25&offset=0',
    );
  });

  it('sends the trimmed term as typed (the server ignores accents and case)', () => {
    expect(filtroDosProdutos('  Açúcar  ', FILTROS_VAZIOS)).toEqual({ q: 'Açúcar' });
  });

  it('turns the Filtros choices into the server filters', () => {
    expect(filtroDosProdutos('', { ...FILTROS_VAZIOS, categoriaId: 2 })).toEqual({
      categoria_id: 2,
    });
    expect(filtroDosProdutos('', { ...FILTROS_VAZIOS, estoqueBaixo: true })).toEqual({
      abaixo_minimo: true,
    });
    expect(filtroDosProdutos('', { ...FILTROS_VAZIOS, situacao: 'inativos' })).toEqual({
      ativo: false,
    });
    expect(
      pageSearchParams(
        filtroDosProdutos('caf', { categoriaId: 3, estoqueBaixo: true, situacao: 'ativos' }),
        3,
        50,
      ).toString(),
    ).toBe('q=caf&categoria_id=3&ativo=true&abaixo_minimo=true&limit=50&offset=100');
  });

  it('maps the sortable columns to the server sort keys', () => {
    const ordem = (columnAccessor: string, direction: 'asc' | 'desc') =>
      filtroDosProdutos('', FILTROS_VAZIOS, { columnAccessor, direction });
    expect(ordem('nome', 'asc')).toEqual({});
    expect(ordem('nome', 'desc')).toEqual({ sort: 'nome', order: 'desc' });
    expect(ordem('codigo_interno', 'asc')).toEqual({ sort: 'codigo', order: 'asc' });
    expect(ordem('preco', 'desc')).toEqual({ sort: 'preco', order: 'desc' });
    expect(ordem('estoque', 'asc')).toEqual({ sort: 'estoque', order: 'asc' });
  });
});
