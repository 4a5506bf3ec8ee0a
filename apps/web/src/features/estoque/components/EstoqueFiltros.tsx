import { Checkbox, Radio, Select, Stack } from '@mantine/core';
import {
  contarFiltros,
  FILTROS_ESTOQUE_VAZIOS,
  type FiltrosEstoque,
  type SituacaoEstoque,
} from '../estoque-view';
import { FiltersPopover } from '../../../components/list/FiltersPopover';

const SITUACOES: Array<{ value: SituacaoEstoque; label: string }> = [
  { value: 'todos', label: 'Todos os produtos' },
  { value: 'baixo', label: 'Estoque baixo (no mínimo ou abaixo)' },
  { value: 'zerado', label: 'Sem estoque (zerado)' },
];

/** The Filtros button: low stock, zero stock, product group, and products without control. */
export function EstoqueFiltros({
  filtros,
  onChange,
  categorias,
}: {
  filtros: FiltrosEstoque;
  onChange: (filtros: FiltrosEstoque) => void;
  categorias: Array<{ value: string; label: string }>;
}) {
  const ativos = contarFiltros(filtros);
  return (
    <FiltersPopover active={ativos} onClear={() => onChange(FILTROS_ESTOQUE_VAZIOS)}>
      <Radio.Group
        label="Situação do estoque"
        value={filtros.situacao}
        onChange={(value) => onChange({ ...filtros, situacao: value as SituacaoEstoque })}
      >
        <Stack gap={6} mt={6}>
          {SITUACOES.map((situacao) => (
            <Radio key={situacao.value} value={situacao.value} label={situacao.label} />
          ))}
        </Stack>
      </Radio.Group>
      <Select
        label="Grupo"
        placeholder="Todos os grupos"
        clearable
        searchable
        nothingFoundMessage="Nenhum grupo encontrado"
        comboboxProps={{ withinPortal: false }}
        data={categorias}
        value={filtros.categoria == null ? null : String(filtros.categoria)}
        onChange={(value) => onChange({ ...filtros, categoria: value ? Number(value) : null })}
      />
      <Checkbox
        label="Incluir produtos que não movimentam estoque"
        checked={filtros.incluirSemControle}
        onChange={(event) =>
          onChange({ ...filtros, incluirSemControle: event.currentTarget.checked })
        }
      />
    </FiltersPopover>
  );
}
