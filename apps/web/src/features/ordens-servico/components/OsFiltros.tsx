import { Select } from '@mantine/core';
import {
  PRAZOS_OS,
  PRIORIDADES_OS,
  SITUACOES_OS,
  type PrazoOS,
  type PrioridadeOS,
} from '@prumo/shared/ordens-servico';
import { useCadastro } from '../../../api/cadastros';
import { CadastroSelect } from '../../../components/CadastroSelect';
import { FiltersPopover } from '../../../components/list/FiltersPopover';
import { PeriodoFiltro } from '../../../components/list/PeriodoFiltro';
import { contarFiltros, FILTROS_OS_VAZIOS, type FiltrosOs } from '../filtros';

const opcoes = (todos: string, valores: ReadonlyArray<{ value: string; label: string }>) => [
  { value: '', label: todos },
  ...valores.map(({ value, label }) => ({ value, label })),
];
const SITUACAO_OPTIONS = opcoes('Todas as situações', [
  { value: 'abertas', label: 'Abertas (fila de trabalho)' },
  ...SITUACOES_OS,
]);
const PRIORIDADE_OPTIONS = opcoes('Todas as prioridades', PRIORIDADES_OS);
const PRAZO_OPTIONS = opcoes('Todos os prazos', PRAZOS_OS);

/** One choice of the panel; '' is "all". */
function FiltroSelect<T extends string>({
  campo,
  label,
  data,
  value,
  onChange,
}: {
  campo: string;
  label: string;
  data: Array<{ value: string; label: string }>;
  value: T | '';
  onChange: (value: T | '') => void;
}) {
  return (
    <Select
      label={label}
      allowDeselect={false}
      data={data}
      value={value}
      onChange={(next) => onChange((next ?? '') as T | '')}
      comboboxProps={{ withinPortal: false }}
      data-testid={`filtro-${campo}`}
    />
  );
}

/** The technician of the filter: its name is read from the registry when only the id is known. */
function TecnicoFiltro({
  id,
  onChange,
}: {
  id: number | null;
  onChange: (id: number | null) => void;
}) {
  const cadastro = useCadastro(id ?? 0);
  const nome = cadastro.data?.id === id ? cadastro.data.nome : undefined;
  if (id !== null && nome === undefined && !cadastro.isError) {
    return <Select label="Técnico" data={[]} disabled placeholder="Carregando..." />;
  }
  return (
    <CadastroSelect
      tipo="funcionario"
      label="Técnico"
      placeholder="Todos os técnicos"
      nothingFound="Funcionário não encontrado."
      value={id === null ? null : { id, nome: nome ?? `#${id}` }}
      onChange={(escolhido) => onChange(escolhido?.id ?? null)}
      withinPortal={false}
      data-testid="filtro-tecnico"
    />
  );
}

/**
 * The Filtros of "Gerenciar O.S.": situação (or the open queue), prioridade, prazo, técnico and
 * the period of entry, all answered by the server.
 */
export function OsFiltros({
  filtros,
  onChange,
}: {
  filtros: FiltrosOs;
  onChange: (filtros: FiltrosOs) => void;
}) {
  const set = (parcial: Partial<FiltrosOs>) => onChange({ ...filtros, ...parcial });
  return (
    <FiltersPopover
      active={contarFiltros(filtros)}
      onClear={() => onChange({ ...FILTROS_OS_VAZIOS, q: filtros.q })}
    >
      <FiltroSelect
        campo="situacao"
        label="Situação"
        data={SITUACAO_OPTIONS}
        value={filtros.situacao}
        onChange={(situacao) => set({ situacao })}
      />
      <FiltroSelect<PrioridadeOS>
        campo="prioridade"
        label="Prioridade"
        data={PRIORIDADE_OPTIONS}
        value={filtros.prioridade}
        onChange={(prioridade) => set({ prioridade })}
      />
      <FiltroSelect<PrazoOS>
        campo="prazo"
        label="Prazo"
        data={PRAZO_OPTIONS}
        value={filtros.prazo}
        onChange={(prazo) => set({ prazo })}
      />
      <TecnicoFiltro id={filtros.tecnico_id} onChange={(tecnico_id) => set({ tecnico_id })} />
      <PeriodoFiltro rotulo="Entrada" de={filtros.de} ate={filtros.ate} onChange={set} />
    </FiltersPopover>
  );
}
