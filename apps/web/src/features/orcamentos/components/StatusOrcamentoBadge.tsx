import { Badge } from '@mantine/core';
import {
  STATUS_ORCAMENTO,
  statusOrcamentoLabel,
  type StatusOrcamento,
} from '@prumo/shared/orcamentos';

/** A badge never cut short: the table cell grows to hold it. */
const INTEIRO = { label: { overflow: 'visible' } };

/** The status of a quote in its colour (STATUS_ORCAMENTO; an unknown one as it is, in grey). */
export function StatusOrcamentoBadge({ status, size }: { status: StatusOrcamento; size?: string }) {
  const cor = STATUS_ORCAMENTO.find((s) => s.value === status)?.cor ?? 'gray';
  return (
    <Badge color={cor} variant="light" size={size} styles={INTEIRO} data-testid="status-orcamento">
      {statusOrcamentoLabel(status)}
    </Badge>
  );
}
