import type { DataTableProps } from 'mantine-datatable';
import { useMemo } from 'react';

// Shared look and pt-BR pagination of the lists (mantine-datatable), spread into each table.

export const TABLE_LOOK = {
  withTableBorder: true,
  borderRadius: 'md',
  highlightOnHover: true,
} as const;

export const PT_BR_PAGINATION = {
  paginationText: ({
    from,
    to,
    totalRecords,
  }: {
    from: number;
    to: number;
    totalRecords: number;
  }) => `${from}–${to} de ${totalRecords.toLocaleString('pt-BR')}`,
  paginationSize: 'sm',
  getPaginationControlProps: (control: string) =>
    control === 'previous'
      ? { 'aria-label': 'Página anterior' }
      : control === 'next'
        ? { 'aria-label': 'Próxima página' }
        : {},
} satisfies Partial<DataTableProps<object>>;

/** Columns a phone leaves out (the first cell sums them up there). */
export const WIDE_ONLY = '(min-width: 48em)';

/**
 * The DataTable `idAccessor` that keys each row by its place on the page, not by its record.
 * A search or a new page then changes the rows' texts in place instead of unmounting every row
 * and mounting new ones, which was about half of a search's repaint. A cell with state of its
 * own (a photo loading) keys that state by the record.
 */
export function usePositionKeys<T>(records: readonly T[]): (record: T) => number {
  return useMemo(() => {
    const positions = new Map(records.map((record, index) => [record, index]));
    return (record: T) => positions.get(record) ?? -1;
  }, [records]);
}
