import { Group, Paper, Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { PageHeader, type PageHeaderProps } from '../PageHeader';
import { SearchInput } from '../SearchInput';

export interface ListScreenProps {
  header: PageHeaderProps;
  search: {
    placeholder: string;
    label: string;
    value: string;
    onChange: (value: string) => void;
    /** Beside the search box: the screen's Filtros. */
    extra?: ReactNode;
  };
  /** A failed load is only logged, with this text; the list shows its empty state (spec 8, Lists). */
  loadError: { error: unknown; message: string };
  /** The list itself: a ListTable or a table built on it, or tabs of them. */
  table: ReactNode;
  /** Modals and drawers the screen opens. */
  children?: ReactNode;
}

/** The search box of a list, with the screen's Filtros beside it. */
export function ListSearchBar({
  placeholder,
  label,
  value,
  onChange,
  extra,
}: ListScreenProps['search']) {
  return (
    <Group gap="sm" mb="md" wrap="nowrap">
      <SearchInput
        flex={1}
        placeholder={placeholder}
        aria-label={label}
        value={value}
        onValueChange={onChange}
      />
      {extra}
    </Group>
  );
}

/**
 * A list screen (the composition every list shares): header with its actions, then search and
 * table in one card. Each screen brings its texts, columns and empty state.
 */
export function ListScreen({ header, search, loadError, table, children }: ListScreenProps) {
  const { error, message } = loadError;
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);

  return (
    <Stack gap={0}>
      <PageHeader {...header} />
      <Paper withBorder radius="md" p="md">
        <ListSearchBar {...search} />
        {table}
      </Paper>
      {children}
    </Stack>
  );
}
