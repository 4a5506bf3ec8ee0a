import 'mantine-datatable/styles.css';
import type { MantineSpacing } from '@mantine/core';
import {
  DataTable,
  type DataTableColumn,
  type DataTableSortProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { useEffect, type ReactNode } from 'react';
import { PT_BR_PAGINATION, TABLE_LOOK, usePositionKeys } from '../data-table';

/** What a server-paged list query gives (apiPage through TanStack Query). */
export interface PagedQuery<T> {
  data?: { items: T[]; total: number };
  isFetching: boolean;
  isPending: boolean;
  error: unknown;
}

const NONE: never[] = [];

/**
 * The table of a list the server pages (X-Total-Count): the shared look, pt-BR pagination, a
 * loader on the first load only, the empty state once loaded, and a failed load logged with the
 * screen's text (spec 8, Lists).
 */
export function PagedListTable<T>({
  query,
  loadErrorMessage,
  columns,
  page,
  pageSize,
  onPageChange,
  emptyState,
  rowAttributes,
  onRowClick,
  horizontalSpacing,
  sortStatus,
  onSortStatusChange,
  'data-testid': testId,
}: {
  query: PagedQuery<T>;
  loadErrorMessage: string;
  columns: DataTableColumn<T>[];
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  emptyState: ReactNode;
  rowAttributes?: (record: T) => Record<string, unknown>;
  /** A click on a row (opening the record); its action buttons stop the click themselves. */
  onRowClick?: (record: T) => void;
  horizontalSpacing?: MantineSpacing;
  /** The server's sort, for lists whose columns are `sortable`. */
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  'data-testid'?: string;
}) {
  const { data, isFetching, isPending, error } = query;
  useEffect(() => {
    if (error) console.error(loadErrorMessage, error);
  }, [error, loadErrorMessage]);

  const sortProps: DataTableSortProps<T> = sortStatus ? { sortStatus, onSortStatusChange } : {};
  const records = data?.items ?? NONE;
  const positionKey = usePositionKeys(records);
  return (
    <DataTable<T>
      data-testid={testId}
      {...TABLE_LOOK}
      {...PT_BR_PAGINATION}
      striped
      horizontalSpacing={horizontalSpacing}
      minHeight={records.length === 0 ? 260 : undefined}
      fetching={isFetching && !data}
      records={records}
      totalRecords={data?.total ?? 0}
      recordsPerPage={pageSize}
      page={page}
      onPageChange={onPageChange}
      idAccessor={positionKey}
      customRowAttributes={rowAttributes}
      onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
      {...sortProps}
      emptyState={records.length === 0 && !isPending ? emptyState : undefined}
      columns={columns}
    />
  );
}
