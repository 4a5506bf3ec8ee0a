import { Select } from '@mantine/core';
import { SITUACOES_NOTA, type SituacaoNota } from '@prumo/shared/fiscal';
import { FiltersPopover } from '../../../components/list/FiltersPopover';
import { PeriodoFiltro } from '../../../components/list/PeriodoFiltro';
import { contarFiltros, type FiltrosNota } from '../filtros';

const SITUACAO_OPCOES = [
  { value: '', label: 'Todas as situações' },
  ...SITUACOES_NOTA.map((situacao) => ({ value: situacao, label: situacao })),
];

/** The Filtros of the notes' list: the situação and the period of the emission. */
export function NotasFiltros({
  filtros,
  onChange,
}: {
  filtros: FiltrosNota;
  onChange: (filtros: FiltrosNota) => void;
}) {
  const set = (parcial: Partial<FiltrosNota>) => onChange({ ...filtros, ...parcial });
  return (
    <FiltersPopover
      active={contarFiltros(filtros)}
      onClear={() => set({ situacao: '', de: '', ate: '' })}
    >
      <Select
        label="Situação"
        allowDeselect={false}
        data={SITUACAO_OPCOES}
        value={filtros.situacao}
        onChange={(next) => set({ situacao: (next ?? '') as SituacaoNota | '' })}
        comboboxProps={{ withinPortal: false }}
        data-testid="filtro-situacao"
      />
      <PeriodoFiltro rotulo="Emissão" de={filtros.de} ate={filtros.ate} onChange={set} />
    </FiltersPopover>
  );
}
