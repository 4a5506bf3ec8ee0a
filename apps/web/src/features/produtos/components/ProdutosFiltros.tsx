import { Checkbox, Select } from '@mantine/core';
import type { Categoria } from '@prumo/shared/produtos';
import { FiltersPopover } from '../../../components/list/FiltersPopover';
import type { SituacaoFiltro } from '../../../components/list/situacao';
import { SituacaoFiltroControl } from '../../../components/list/SituacaoFiltro';

export interface FiltrosProdutos {
  categoriaId: number | null;
  estoqueBaixo: boolean;
  situacao: SituacaoFiltro;
}

export const FILTROS_VAZIOS: FiltrosProdutos = {
  categoriaId: null,
  estoqueBaixo: false,
  situacao: 'todos',
};

export function contarFiltros(filtros: FiltrosProdutos): number {
  return (
    (filtros.categoriaId != null ? 1 : 0) +
    (filtros.estoqueBaixo ? 1 : 0) +
    (filtros.situacao !== 'todos' ? 1 : 0)
  );
}

/** The Filtros button: product group, low stock only, active or inactive. */
export function ProdutosFiltros({
  filtros,
  onChange,
  categorias,
  disabled,
}: {
  filtros: FiltrosProdutos;
  onChange: (filtros: FiltrosProdutos) => void;
  categorias: Categoria[];
  disabled?: boolean;
}) {
  const ativos = contarFiltros(filtros);
  return (
    <FiltersPopover active={ativos} onClear={() => onChange(FILTROS_VAZIOS)} disabled={disabled}>
      <Select
        label="Grupo"
        placeholder="Todos os grupos"
        clearable
        searchable
        comboboxProps={{ withinPortal: false }}
        data={categorias.map((categoria) => ({
          value: String(categoria.id),
          label: categoria.nome,
        }))}
        value={filtros.categoriaId == null ? null : String(filtros.categoriaId)}
        onChange={(value) => onChange({ ...filtros, categoriaId: value ? Number(value) : null })}
      />
      <SituacaoFiltroControl
        value={filtros.situacao}
        onChange={(situacao) => onChange({ ...filtros, situacao })}
      />
      <Checkbox
        label="Somente estoque baixo (no mínimo ou abaixo)"
        checked={filtros.estoqueBaixo}
        onChange={(event) => onChange({ ...filtros, estoqueBaixo: event.currentTarget.checked })}
      />
    </FiltersPopover>
  );
}
