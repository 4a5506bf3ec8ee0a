import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * A confirmation in a modal dialog (instead of window.confirm), with the spec's question.
 * Resolves true when the user confirms.
 */
export function confirmAction({
  message,
  title = 'Confirmar exclusão',
  confirmLabel = 'Excluir',
  danger = true,
}: {
  message: string;
  title?: string;
  confirmLabel?: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancelar' },
      confirmProps: { color: danger ? 'red' : undefined },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
