import { SegmentedControl, Text } from '@mantine/core';
import type { SituacaoFiltro } from './situacao';

/** The Situação choice of a Filtros panel: Todos, Ativos, Inativos. */
export function SituacaoFiltroControl({
  value,
  onChange,
}: {
  value: SituacaoFiltro;
  onChange: (value: SituacaoFiltro) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        Situação
      </Text>
      <SegmentedControl
        fullWidth
        size="xs"
        value={value}
        onChange={(next) => onChange(next as SituacaoFiltro)}
        data={[
          { value: 'todos', label: 'Todos' },
          { value: 'ativos', label: 'Ativos' },
          { value: 'inativos', label: 'Inativos' },
        ]}
      />
    </div>
  );
}
