import 'mantine-datatable/styles.css';
import { Badge, Group, Stack, Text, type MantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DataTable } from 'mantine-datatable';
import { memo, type ReactNode } from 'react';
import { formatMoney } from '@prumo/shared/money';
import { isEstoqueBaixo, type ProdutoListItem } from '@prumo/shared/produtos';
import { formatQuantidade } from '../texts';
import { ProdutoThumb } from './ProdutoThumb';
import { RowActions, EditAction, DeleteAction } from '../../../components/RowActions';
import { PT_BR_PAGINATION, TABLE_LOOK } from '../../../components/data-table';

export const PAGE_SIZES = [25, 50, 100];

/** Código and Categoria give way on phones, so name, price and stock fit. */
const WIDE = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;

/**
 * Nome (description below), Código, Preço, Estoque (red at or below the minimum), Categoria,
 * Ações (spec 2.2). One page of rows at a time, so 20,000 products stay fast.
 */
export const ProdutosTable = memo(function ProdutosTable({
  records,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  onDelete,
  emptyState,
  fetching,
}: {
  records: ProdutoListItem[];
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onDelete: (produto: ProdutoListItem) => void;
  emptyState: ReactNode;
  fetching: boolean;
}) {
  // On phones the thumbnail and some spacing give way, so name, price, stock and actions fit.
  const narrow = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const from = (page - 1) * pageSize;
  const pageRecords = records.slice(from, from + pageSize);
  return (
    <DataTable
      data-testid="produtos-table"
      {...TABLE_LOOK}
      horizontalSpacing={narrow ? 6 : 'sm'}
      minHeight={pageRecords.length === 0 ? 260 : undefined}
      fetching={fetching}
      loaderType="dots"
      records={pageRecords}
      totalRecords={records.length}
      recordsPerPage={pageSize}
      page={page}
      onPageChange={onPageChange}
      recordsPerPageOptions={PAGE_SIZES}
      onRecordsPerPageChange={onPageSizeChange}
      recordsPerPageLabel="Por página"
      {...PT_BR_PAGINATION}
      emptyState={pageRecords.length === 0 && !fetching ? emptyState : undefined}
      customRowAttributes={(produto) => ({ 'data-produto-id': produto.id })}
      columns={[
        {
          accessor: 'nome',
          title: 'Nome',
          render: (produto) => (
            <Group gap="sm" wrap="nowrap" miw={narrow ? 110 : 150}>
              {!narrow && (
                <ProdutoThumb
                  produtoId={produto.id}
                  fotoId={produto.foto_id}
                  nome={produto.nome}
                  size={36}
                />
              )}
              <Stack gap={0}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} data-testid="produto-nome">
                    {produto.nome}
                  </Text>
                  {!produto.ativo && (
                    <Badge size="xs" color="gray" variant="light">
                      Inativo
                    </Badge>
                  )}
                </Group>
                {produto.descricao && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {produto.descricao}
                  </Text>
                )}
              </Stack>
            </Group>
          ),
        },
        {
          accessor: 'codigo_interno',
          title: 'Código',
          visibleMediaQuery: WIDE,
          render: (produto) => (
            <Stack gap={0}>
              <Text size="sm">{produto.codigo_interno ?? '—'}</Text>
              {produto.codigo_barras && (
                <Text size="xs" c="dimmed" ff="monospace">
                  {produto.codigo_barras}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'preco',
          title: 'Preço',
          textAlign: 'right',
          noWrap: true,
          render: (produto) => formatMoney(produto.preco),
        },
        {
          accessor: 'estoque',
          title: 'Estoque',
          textAlign: 'right',
          noWrap: true,
          render: (produto) => {
            const baixo = isEstoqueBaixo(produto.estoque, produto.estoque_minimo);
            return (
              <Text
                size="sm"
                c={baixo ? 'red.7' : undefined}
                fw={baixo ? 700 : undefined}
                data-testid="produto-estoque"
                data-estoque-baixo={baixo ? 'true' : 'false'}
                title={
                  baixo
                    ? `No mínimo ou abaixo (mínimo ${formatQuantidade(produto.estoque_minimo)})`
                    : undefined
                }
              >
                {formatQuantidade(produto.estoque)} {produto.unidade_medida}
              </Text>
            );
          },
        },
        { accessor: 'categoria_nome', title: 'Categoria', visibleMediaQuery: WIDE },
        {
          accessor: 'acoes',
          title: 'Ações',
          textAlign: 'right',
          width: narrow ? 64 : 96,
          render: (produto) => (
            <RowActions gap={narrow ? 0 : 4}>
              <EditAction name={produto.nome} to={`/produtos/editar/${produto.id}`} />
              <DeleteAction name={produto.nome} onClick={() => onDelete(produto)} />
            </RowActions>
          ),
        },
      ]}
    />
  );
});
