import { Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { formatDate } from '@prumo/shared/dates';
import { formatPercent } from '@prumo/shared/money';
import { TIPOS_TABELA_PRECO, type TabelaPreco } from '@prumo/shared/precos';
import { ListTable } from '../list/ListTable';
import { DeleteAction, EditAction, LinkAction, RowActions } from '../RowActions';
import { WIDE_ONLY } from '../data-table';
import { TipoTabelaPrecoBadge } from './TipoTabelaPrecoBadge';

/**
 * The price tables, as the Valores de venda tab of /produtos (spec 2.2: Total Produtos, Criado
 * em) and /produtos/tabelas-precos (spec 2.5: Produtos, Criada em, a view action) list them.
 */
export function TabelasPrecosTable({
  records,
  fetching,
  emptyState,
  onDelete,
  comProdutos = false,
  'data-testid': testId,
}: {
  records: TabelaPreco[];
  fetching: boolean;
  emptyState: ReactNode;
  onDelete: (tabela: TabelaPreco) => void;
  /** /produtos/tabelas-precos: its own column titles and the "view products" action. */
  comProdutos?: boolean;
  'data-testid': string;
}) {
  const columns: DataTableColumn<TabelaPreco>[] = [
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
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {TIPOS_TABELA_PRECO.find((tipo) => tipo.value === tabela.tipo)?.label} · margem{' '}
            {formatPercent(tabela.margem_padrao)} · {tabela.total_produtos} produtos
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'tipo',
      title: 'Tipo',
      visibleMediaQuery: WIDE_ONLY,
      render: (tabela) => <TipoTabelaPrecoBadge tipo={tabela.tipo} />,
    },
    {
      accessor: 'margem_padrao',
      title: 'Margem Padrão',
      textAlign: 'right',
      visibleMediaQuery: WIDE_ONLY,
      render: (tabela) => formatPercent(tabela.margem_padrao),
    },
    {
      accessor: 'total_produtos',
      title: comProdutos ? 'Produtos' : 'Total Produtos',
      textAlign: 'right',
      visibleMediaQuery: WIDE_ONLY,
    },
    {
      accessor: 'created_at',
      title: comProdutos ? 'Criada em' : 'Criado em',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (tabela) => formatDate(tabela.created_at),
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      width: comProdutos ? 128 : 96,
      render: (tabela) => (
        <RowActions>
          {comProdutos && (
            <LinkAction
              icon={IconEye}
              title="Ver produtos e preços"
              label={`Ver produtos de ${tabela.nome}`}
              to={`/produtos/tabelas-precos/${tabela.id}/produtos`}
            />
          )}
          <EditAction name={tabela.nome} to={`/produtos/tabelas-precos/editar/${tabela.id}`} />
          <DeleteAction name={tabela.nome} onClick={() => onDelete(tabela)} />
        </RowActions>
      ),
    },
  ];
  return (
    <ListTable
      data-testid={testId}
      records={records}
      columns={columns}
      fetching={fetching}
      emptyState={emptyState}
    />
  );
}
