import { Select } from '@mantine/core';
import { SITUACOES_NOTA, type SituacaoNota } from '@prumo/shared/fiscal';
import { FiltersPopover } from '../../../components/list/FiltersPopover';
import { PeriodoFiltro } from '../../../components/list/PeriodoFiltro';
import { contarFiltros, type FiltrosNota } from '../filtros';

/** The Filtros of the notes' list: the situação and the period of the emission. */
export function NotasFiltros({
  filtros,
  onChange,
  situacoes = SITUACOES_NOTA,
}: {
  filtros: FiltrosNota;
  onChange: (filtros: FiltrosNota) => void;
  /** The situações of the tab's notes (the NFS-e has fewer). */
  situacoes?: readonly SituacaoNota[];
}) {
  const set = (parcial: Partial<FiltrosNota>) => onChange({ ...filtros, ...parcial });
  const opcoes = [
    { value: '', label: 'Todas as situações' },
    ...situacoes.map((situacao) => ({ value: situacao, label: situacao })),
  ];
  // A situação of another tab's notes reads as "all" here (it is not asked either).
  const situacao = situacoes.includes(filtros.situacao as SituacaoNota) ? filtros.situacao : '';
  return (
    <FiltersPopover
      active={contarFiltros({ ...filtros, situacao })}
      onClear={() => set({ situacao: '', de: '', ate: '' })}
    >
      <Select
        label="Situação"
        allowDeselect={false}
        data={opcoes}
        value={situacao}
        onChange={(next) => set({ situacao: (next ?? '') as SituacaoNota | '' })}
        comboboxProps={{ withinPortal: false }}
        data-testid="filtro-situacao"
      />
      <PeriodoFiltro rotulo="Emissão" de={filtros.de} ate={filtros.ate} onChange={set} />
    </FiltersPopover>
  );
}
