import { Badge } from '@mantine/core';
import { STATUS_VENDA_COR } from '@prumo/shared/vendas';

/** A sale's status in the spec's colours (section 4): success, warning, error. */
export function StatusVendaBadge({ status }: { status: keyof typeof STATUS_VENDA_COR }) {
  return (
    <Badge color={STATUS_VENDA_COR[status]} variant="light" data-testid="status-venda">
      {status}
    </Badge>
  );
}
