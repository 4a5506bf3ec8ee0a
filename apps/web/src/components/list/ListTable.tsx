import 'mantine-datatable/styles.css';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { TABLE_LOOK } from '../data-table';

export interface ListTableProps<T> {
  records: T[];
  columns: DataTableColumn<T>[];
  /** True while the first load runs: the table shows its loader, not the empty state. */
  fetching: boolean;
  /** What an empty list shows (usually an EmptyState): the screen's own texts. */
  emptyState: ReactNode;
  'data-testid'?: string;
}

/** The table of a list screen: the shared look, a loader, and the empty state once loaded. */
export function ListTable<T>({
  records,
  columns,
  fetching,
  emptyState,
  'data-testid': testId,
}: ListTableProps<T>) {
  const empty = records.length === 0;
  return (
    <DataTable<T>
      data-testid={testId}
      {...TABLE_LOOK}
      minHeight={empty ? 260 : undefined}
      fetching={fetching}
      records={records}
      columns={columns}
      emptyState={empty && !fetching ? emptyState : undefined}
    />
  );
}
