import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's submit button: disabled and reading "Salvando..." while the save runs. */
export function SaveButton({
  saving,
  savingLabel = 'Salvando...',
  children,
  ...props
}: ButtonProps & { saving: boolean; savingLabel?: string; children: ReactNode }) {
  return (
    <Button
      type="submit"
      disabled={saving}
      leftSection={saving ? <Loader size={14} color="gray" /> : undefined}
      {...props}
    >
      {saving ? savingLabel : children}
    </Button>
  );
}
