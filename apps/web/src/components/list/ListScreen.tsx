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
        <Group gap="sm" mb="md" wrap="nowrap">
          <SearchInput
            flex={1}
            placeholder={search.placeholder}
            aria-label={search.label}
            value={search.value}
            onValueChange={search.onChange}
          />
          {search.extra}
        </Group>
        {table}
      </Paper>
      {children}
    </Stack>
  );
}
