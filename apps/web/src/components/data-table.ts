import type { DataTableProps } from 'mantine-datatable';

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
