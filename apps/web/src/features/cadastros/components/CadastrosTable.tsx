import 'mantine-datatable/styles.css';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { memo } from 'react';
import { Link } from 'react-router';
import { cadastroPaths, type CadastroListItem } from '@prumo/shared/cadastros';

export const PAGE_SIZE = 20;

/**
 * Nome, Email, Telefone, Ações (spec 2.6), one page at a time so long lists stay fast. Memoised:
 * a keystroke in the search box re-renders it only once the filtered page changes.
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
  return (
    <DataTable
      data-testid="cadastros-table"
      withTableBorder
      borderRadius="md"
      highlightOnHover
      striped
      minHeight={120}
      records={rows}
      totalRecords={total}
      recordsPerPage={PAGE_SIZE}
      page={page}
      onPageChange={onPageChange}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} de ${totalRecords}`}
      paginationSize="sm"
      getPaginationControlProps={(control) =>
        control === 'previous'
          ? { 'aria-label': 'Página anterior' }
          : control === 'next'
            ? { 'aria-label': 'Próxima página' }
            : {}
      }
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
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon
                  component={Link}
                  to={cadastroPaths.edit(row.tipo, row.id)}
                  variant="subtle"
                  aria-label={`Editar ${row.nome}`}
                  title="Editar"
                >
                  <IconPencil size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Excluir ${row.nome}`}
                  title="Excluir"
                  onClick={() => onDelete(row)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
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
