import 'mantine-datatable/styles.css';
import { Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { memo } from 'react';
import { cadastroPaths, type CadastroListItem } from '@prumo/shared/cadastros';
import { RowActions, EditAction, DeleteAction } from '../../../components/RowActions';
import { CADASTROS_PAGE_SIZE } from '../../../api/cadastros';
import { PT_BR_PAGINATION, TABLE_LOOK, usePositionKeys } from '../../../components/data-table';

/**
 * Nome, Email, Telefone, Ações (spec 2.6), one page at a time so long lists stay fast. Memoised:
 * a keystroke in the search box re-renders it only once the page it shows changes.
 */
export const CadastrosTable = memo(function CadastrosTable({
  rows,
  total,
  page,
  onPageChange,
  canManage,
  onDelete,
}: {
  rows: CadastroListItem[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  canManage: boolean;
  onDelete: (row: CadastroListItem) => void;
}) {
  const positionKey = usePositionKeys(rows);
  return (
    <DataTable
      data-testid="cadastros-table"
      {...TABLE_LOOK}
      striped
      minHeight={120}
      records={rows}
      idAccessor={positionKey}
      totalRecords={total}
      recordsPerPage={CADASTROS_PAGE_SIZE}
      page={page}
      onPageChange={onPageChange}
      {...PT_BR_PAGINATION}
      noRecordsText="Nenhum cadastro encontrado"
      columns={[
        {
          accessor: 'nome',
          title: 'Nome',
          render: (row) => (
            <>
              <Text size="sm" fw={500} data-testid="cadastro-nome">
                {row.nome}
              </Text>
              {/* On a narrow window the Email column gives way; the e-mail shows here. */}
              {row.email && (
                <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ wordBreak: 'break-all' }}>
                  {row.email}
                </Text>
              )}
            </>
          ),
        },
        {
          accessor: 'email',
          title: 'Email',
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (row) => row.email ?? '—',
        },
        {
          accessor: 'telefone',
          title: 'Telefone',
          noWrap: true,
          render: (row) => row.telefone ?? '—',
        },
        {
          accessor: 'acoes',
          title: 'Ações',
          textAlign: 'right',
          width: 84,
          render: (row) =>
            canManage ? (
              <RowActions>
                <EditAction name={row.nome} to={cadastroPaths.edit(row.tipo, row.id)} />
                <DeleteAction name={row.nome} onClick={() => onDelete(row)} />
              </RowActions>
            ) : (
              <Text size="xs" c="dimmed">
                —
              </Text>
            ),
        },
      ]}
    />
  );
});
