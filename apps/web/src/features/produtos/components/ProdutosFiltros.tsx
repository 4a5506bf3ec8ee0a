import { Checkbox, SegmentedControl, Select, Text } from '@mantine/core';
import type { Categoria } from '@prumo/shared/produtos';
import { FiltersPopover } from '../../../components/list/FiltersPopover';

export interface FiltrosProdutos {
  categoriaId: number | null;
  estoqueBaixo: boolean;
  situacao: 'todos' | 'ativos' | 'inativos';
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
      <div>
        <Text size="sm" fw={500} mb={4}>
          Situação
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          value={filtros.situacao}
          onChange={(value) =>
            onChange({ ...filtros, situacao: value as FiltrosProdutos['situacao'] })
          }
          data={[
            { value: 'todos', label: 'Todos' },
            { value: 'ativos', label: 'Ativos' },
            { value: 'inativos', label: 'Inativos' },
          ]}
        />
      </div>
      <Checkbox
        label="Somente estoque baixo (no mínimo ou abaixo)"
        checked={filtros.estoqueBaixo}
        onChange={(event) => onChange({ ...filtros, estoqueBaixo: event.currentTarget.checked })}
      />
    </FiltersPopover>
  );
}
