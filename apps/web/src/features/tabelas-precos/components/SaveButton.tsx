import { Button, Loader, type ButtonProps } from '@mantine/core';
import { TABELA_TEXTOS } from '../texts';

/** A submit button that reads "Salvando..." and is disabled while saving (spec 2.5, 2.6). */
export function SaveButton({
  saving,
  children,
  ...props
}: ButtonProps & { saving: boolean; children: React.ReactNode }) {
  return (
    <Button
      type="submit"
      disabled={saving}
      leftSection={saving ? <Loader size={14} color="gray" /> : undefined}
      {...props}
    >
      {saving ? TABELA_TEXTOS.salvando : children}
    </Button>
  );
}
