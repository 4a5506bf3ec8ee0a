import { Badge, type BadgeProps } from '@mantine/core';
import { STATUS_PARCELA, type StatusParcela } from '@prumo/shared/financeiro';

/** A badge never cut short: the table cell grows to hold it. */
const INTEIRO = { label: { overflow: 'visible' } };

/** An installment's (or a title's) status in its colour: vencido in red. */
export function StatusParcelaBadge({
  status,
  size = 'sm',
}: {
  status: StatusParcela;
  size?: BadgeProps['size'];
}) {
  const info = STATUS_PARCELA.find((s) => s.value === status);
  return (
    <Badge
      color={info?.cor ?? 'gray'}
      variant="light"
      size={size}
      styles={INTEIRO}
      data-testid="status-parcela"
    >
      {info?.label ?? status}
    </Badge>
  );
}
