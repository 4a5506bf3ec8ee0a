import 'mantine-datatable/styles.css';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import { cadastroPaths, type CadastroListItem } from '@prumo/shared/cadastros';

export const PAGE_SIZE = 20;

/** Nome, Email, Telefone, Ações (spec 2.6), one page at a time so long lists stay fast. */
export function CadastrosTable({
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
            <Text size="sm" fw={500}>
              {row.nome}
            </Text>
          ),
        },
        { accessor: 'email', title: 'Email', render: (row) => row.email ?? '—' },
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
          width: 100,
          render: (row) =>
            canManage ? (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Editar">
                  <ActionIcon
                    component={Link}
                    to={cadastroPaths.edit(row.tipo, row.id)}
                    variant="subtle"
                    aria-label={`Editar ${row.nome}`}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Excluir">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Excluir ${row.nome}`}
                    onClick={() => onDelete(row)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
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
}
