import { Select } from '@mantine/core';
import { FiltersPopover } from '../../../components/list/FiltersPopover';
import { SituacaoFiltroControl } from '../../../components/list/SituacaoFiltro';
import { contarFiltros, FILTROS_VAZIOS, type FiltrosServicos } from '../filtrar-servicos';

/** The Filtros button of /servicos: categoria and situação (ativo or inativo). */
export function ServicosFiltros({
  filtros,
  onChange,
  categorias,
  disabled,
}: {
  filtros: FiltrosServicos;
  onChange: (filtros: FiltrosServicos) => void;
  categorias: string[];
  disabled?: boolean;
}) {
  return (
    <FiltersPopover
      active={contarFiltros(filtros)}
      onClear={() => onChange(FILTROS_VAZIOS)}
      disabled={disabled}
    >
      <Select
        label="Categoria"
        placeholder="Todas as categorias"
        clearable
        searchable
        comboboxProps={{ withinPortal: false }}
        data={categorias}
        value={filtros.categoria}
        onChange={(categoria) => onChange({ ...filtros, categoria })}
      />
      <SituacaoFiltroControl
        value={filtros.situacao}
        onChange={(situacao) => onChange({ ...filtros, situacao })}
      />
    </FiltersPopover>
  );
}
