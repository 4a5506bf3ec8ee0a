import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// Row actions of the lists: icon buttons named for screen readers ("Editar Café") with native
// titles (cheaper than a Tooltip per row in long tables).

export function RowActions({ children, gap = 4 }: { children: ReactNode; gap?: number }) {
  return (
    <Group gap={gap} justify="flex-end" wrap="nowrap">
      {children}
    </Group>
  );
}

/** Another action of the row that opens a screen ("Imprimir", "Ver produtos e preços"). */
export function LinkAction({
  icon: ActionIconGlyph,
  title,
  label,
  to,
}: {
  icon: Icon;
  title: string;
  /** What a screen reader says, naming the row. */
  label: string;
  to: string;
}) {
  return (
    <ActionIcon component={Link} to={to} variant="subtle" title={title} aria-label={label}>
      <ActionIconGlyph size={18} />
    </ActionIcon>
  );
}

/** Another action of the row that acts in place ("Nova movimentação", "Histórico"). */
export function ButtonAction({
  icon: ActionIconGlyph,
  title,
  label,
  onClick,
  color,
}: {
  icon: Icon;
  title: string;
  /** What a screen reader says, naming the row. */
  label: string;
  onClick: () => void;
  color?: string;
}) {
  return (
    <ActionIcon variant="subtle" color={color} title={title} aria-label={label} onClick={onClick}>
      <ActionIconGlyph size={18} />
    </ActionIcon>
  );
}

/** Edit: a link when `to` is given, otherwise a button calling `onClick`. */
export function EditAction({
  name,
  to,
  onClick,
}: {
  name: string;
  to?: string;
  onClick?: () => void;
}) {
  const common = { variant: 'subtle', title: 'Editar', 'aria-label': `Editar ${name}` } as const;
  return to ? (
    <ActionIcon component={Link} to={to} {...common}>
      <IconPencil size={18} />
    </ActionIcon>
  ) : (
    <ActionIcon {...common} onClick={onClick}>
      <IconPencil size={18} />
    </ActionIcon>
  );
}

export function DeleteAction({
  name,
  onClick,
  disabled,
  title = 'Excluir',
}: {
  name: string;
  onClick: () => void;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      title={title}
      aria-label={`Excluir ${name}`}
      disabled={disabled}
      onClick={onClick}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );
}
