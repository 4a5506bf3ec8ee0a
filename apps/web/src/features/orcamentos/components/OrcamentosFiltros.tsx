import { Select } from '@mantine/core';
import { STATUS_ORCAMENTO, type StatusOrcamento } from '@prumo/shared/orcamentos';
import { FiltersPopover } from '../../../components/list/FiltersPopover';
import { PeriodoFiltro } from '../../../components/list/PeriodoFiltro';
import { contarFiltros, type FiltrosOrcamento } from '../filtros';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  ...STATUS_ORCAMENTO.map(({ value, label }) => ({ value, label })),
];

/** The Filtros of the quote list: the (effective) status and the period of the quote's date. */
export function OrcamentosFiltros({
  filtros,
  onChange,
}: {
  filtros: FiltrosOrcamento;
  onChange: (filtros: FiltrosOrcamento) => void;
}) {
  const set = (parcial: Partial<FiltrosOrcamento>) => onChange({ ...filtros, ...parcial });
  return (
    <FiltersPopover
      active={contarFiltros(filtros)}
      onClear={() => set({ status: '', de: '', ate: '' })}
    >
      <Select
        label="Status"
        allowDeselect={false}
        data={STATUS_OPTIONS}
        value={filtros.status}
        onChange={(next) => set({ status: (next ?? '') as StatusOrcamento | '' })}
        comboboxProps={{ withinPortal: false }}
        data-testid="filtro-status"
      />
      <PeriodoFiltro rotulo="Data" de={filtros.de} ate={filtros.ate} onChange={set} />
    </FiltersPopover>
  );
}
