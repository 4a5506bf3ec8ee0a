import { Badge } from '@mantine/core';
import { TIPOS_TABELA_PRECO } from '@prumo/shared/precos';

/** The table type as a coloured badge (spec 2.2 and 2.5); an unknown type shows as it is. */
export function TipoTabelaPrecoBadge({ tipo }: { tipo: string | null | undefined }) {
  const known = TIPOS_TABELA_PRECO.find((item) => item.value === tipo);
  return (
    <Badge color={known?.color ?? 'gray'} variant="light">
      {known?.label ?? tipo ?? 'Outro'}
    </Badge>
  );
}
