import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { SaveButton } from './SaveButton';

/**
 * A create/edit form in a modal about 500 px wide. Its body is mounted only while open (key it
 * by the record, so each opening starts from the record's current values).
 */
export function FormModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={500} centered>
      {opened && children}
    </Modal>
  );
}

/** Cancelar and Salvar at the foot of a modal form. */
export function ModalFormActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancelar
      </Button>
      <SaveButton saving={saving}>Salvar</SaveButton>
    </Group>
  );
}
