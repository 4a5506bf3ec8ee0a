import 'mantine-datatable/styles.css';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { formatDate } from '@prumo/shared/dates';
import { formatPercent, parseDecimalBR } from '@prumo/shared/money';
import type { TabelaPrecoResumo } from '../api/list-tabelas-precos';
import { EditAction, DeleteAction } from '../../../components/RowActions';
import { TABLE_LOOK } from '../../../components/data-table';

const TIPOS: Record<string, { label: string; color: string }> = {
  varejo: { label: 'Varejo', color: 'blue' },
  atacado: { label: 'Atacado', color: 'teal' },
  promocional: { label: 'Promocional', color: 'orange' },
  especial: { label: 'Especial', color: 'grape' },
};

function TipoBadge({ tipo }: { tipo: string | null | undefined }) {
  const known = tipo ? TIPOS[tipo] : undefined;
  return (
    <Badge color={known?.color ?? 'gray'} variant="light">
      {known?.label ?? tipo ?? 'Outro'}
    </Badge>
  );
}

/** Valores de venda: Nome (with description), Tipo, Margem Padrão, Total Produtos, Criado em. */
export function TabelasPrecosTable({
  records,
  onDelete,
  emptyState,
  fetching,
}: {
  records: TabelaPrecoResumo[];
  onDelete: (tabela: TabelaPrecoResumo) => void;
  emptyState: React.ReactNode;
  fetching: boolean;
}) {
  return (
    <DataTable
      data-testid="tabelas-precos-table"
      {...TABLE_LOOK}
      minHeight={records.length === 0 ? 260 : undefined}
      fetching={fetching}
      records={records}
      emptyState={records.length === 0 && !fetching ? emptyState : undefined}
      columns={[
        {
          accessor: 'nome',
          title: 'Nome',
          render: (tabela) => (
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {tabela.nome}
              </Text>
              {tabela.descricao && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {tabela.descricao}
                </Text>
              )}
            </Stack>
          ),
        },
        { accessor: 'tipo', title: 'Tipo', render: (tabela) => <TipoBadge tipo={tabela.tipo} /> },
        {
          accessor: 'margem_padrao',
          title: 'Margem Padrão',
          textAlign: 'right',
          render: (tabela) => formatPercent(parseDecimalBR(tabela.margem_padrao ?? 0) ?? 0),
        },
        {
          accessor: 'total_produtos',
          title: 'Total Produtos',
          textAlign: 'right',
          render: (tabela) => Number(tabela.total_produtos ?? 0),
        },
        {
          accessor: 'created_at',
          title: 'Criado em',
          render: (tabela) => formatDate(tabela.created_at),
        },
        {
          accessor: 'acoes',
          title: 'Ações',
          textAlign: 'right',
          width: 96,
          render: (tabela) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <EditAction name={tabela.nome} to={`/produtos/tabelas-precos/${tabela.id}`} />
              <DeleteAction name={tabela.nome} onClick={() => onDelete(tabela)} />
            </Group>
          ),
        },
      ]}
    />
  );
}
