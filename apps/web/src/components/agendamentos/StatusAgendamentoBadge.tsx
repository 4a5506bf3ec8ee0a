import { Badge } from '@mantine/core';
import { STATUS_VENDA_COR, type StatusQualquer } from '@prumo/shared/vendas';

/** An appointment's status in section 4's colours (warning, primary, success, error). */
export function StatusAgendamentoBadge({ status }: { status: StatusQualquer }) {
  return (
    <Badge color={STATUS_VENDA_COR[status]} variant="light" data-testid="status-agendamento">
      {status}
    </Badge>
  );
}
