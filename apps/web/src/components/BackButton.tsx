import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The header's "Voltar": back to the screen this one belongs to. */
export function BackButton({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconArrowLeft size={16} />}>
      Voltar
    </Button>
  );
}
