import { Badge } from '@mantine/core';
import {
  PRIORIDADES_OS,
  prioridadeOsLabel,
  SITUACOES_OS,
  situacaoOsLabel,
  type PrioridadeOS,
  type SituacaoOS,
} from '@prumo/shared/ordens-servico';

/** A badge never cut short ("EM AND..."): the table cell grows to hold it. */
const INTEIRO = { label: { overflow: 'visible' } };

/** The situação of an order in its colour (SITUACOES_OS). */
export function SituacaoOsBadge({ situacao, size }: { situacao: SituacaoOS; size?: string }) {
  const cor = SITUACOES_OS.find((s) => s.value === situacao)?.cor ?? 'gray';
  return (
    <Badge color={cor} variant="light" size={size} styles={INTEIRO} data-testid="situacao-os">
      {situacaoOsLabel(situacao)}
    </Badge>
  );
}

/** The priority of an order in its colour (PRIORIDADES_OS). */
export function PrioridadeOsBadge({ prioridade }: { prioridade: PrioridadeOS }) {
  const cor = PRIORIDADES_OS.find((p) => p.value === prioridade)?.cor ?? 'gray';
  return (
    <Badge color={cor} variant="dot" styles={INTEIRO} data-testid="prioridade-os">
      {prioridadeOsLabel(prioridade)}
    </Badge>
  );
}
