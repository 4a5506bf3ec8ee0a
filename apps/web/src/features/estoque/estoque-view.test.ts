import { describe, expect, it } from 'vitest';
import { pageSearchParams } from '../../api/resource';
import {
  contarFiltros,
  FILTROS_ESTOQUE_VAZIOS,
  filtroDoEstoque,
  opcoesDeCategorias,
  toEstoqueProduto,
} from './estoque-view';

describe('stock view', () => {
  it("fills section 3.9's defaults", () => {
    expect(toEstoqueProduto({ id: 9, nome: 'X', estoque: 2 })).toMatchObject({
      unidade_medida: 'UN',
      estoque_minimo: 0,
      categoria_nome: 'Sem categoria',
      codigo_barras: null,
    });
  });

  it('asks the server for the trimmed term, products that move stock and the name order', () => {
    const ordem = { columnAccessor: 'nome', direction: 'asc' } as const;
    expect(filtroDoEstoque('', FILTROS_ESTOQUE_VAZIOS, ordem)).toEqual({
      movimenta_estoque: true,
      sort: 'nome',
      order: 'asc',
    });
    expect(filtroDoEstoque('  Feijão ', FILTROS_ESTOQUE_VAZIOS, ordem).q).toBe('Feijão');
    expect(
      pageSearchParams(filtroDoEstoque('agua', FILTROS_ESTOQUE_VAZIOS, ordem), 2, 20).toString(),
    ).toBe('q=agua&movimenta_estoque=true&sort=nome&order=asc&limit=20&offset=20');
  });

  it('turns low stock, zero stock, group and stock control into server filters', () => {
    const ordem = { columnAccessor: 'nome', direction: 'asc' } as const;
    const filtro = (filtros: Partial<typeof FILTROS_ESTOQUE_VAZIOS>) =>
      filtroDoEstoque('', { ...FILTROS_ESTOQUE_VAZIOS, ...filtros }, ordem);
    expect(filtro({ situacao: 'baixo' })).toMatchObject({ abaixo_minimo: true });
    expect(filtro({ situacao: 'baixo' }).sem_estoque).toBeUndefined();
    expect(filtro({ situacao: 'zerado' })).toMatchObject({ sem_estoque: true });
    expect(filtro({ situacao: 'zerado' }).abaixo_minimo).toBeUndefined();
    expect(filtro({ categoria: 2 })).toMatchObject({ categoria_id: 2 });
    expect(filtro({ incluirSemControle: true }).movimenta_estoque).toBeUndefined();
    expect(contarFiltros({ situacao: 'baixo', categoria: 2, incluirSemControle: false })).toBe(2);
  });

  it('sorts every sortable column on the server, and lists the groups the pt-BR way', () => {
    const sort = (columnAccessor: string, direction: 'asc' | 'desc') => {
      const { sort, order } = filtroDoEstoque('', FILTROS_ESTOQUE_VAZIOS, {
        columnAccessor,
        direction,
      });
      return `${sort} ${order}`;
    };
    expect(sort('nome', 'desc')).toBe('nome desc');
    expect(sort('categoria_nome', 'asc')).toBe('categoria asc');
    expect(sort('preco', 'desc')).toBe('preco desc');
    expect(sort('estoque_minimo', 'asc')).toBe('estoque_minimo asc');
    expect(sort('estoque', 'desc')).toBe('estoque desc');
    expect(
      opcoesDeCategorias([
        { id: 2, nome: 'Mercearia' },
        { id: 3, nome: 'Limpeza' },
        { id: 4, nome: 'Águas' },
      ]),
    ).toEqual([
      { value: '4', label: 'Águas' },
      { value: '3', label: 'Limpeza' },
      { value: '2', label: 'Mercearia' },
    ]);
  });
});
