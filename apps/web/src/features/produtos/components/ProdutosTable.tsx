import 'mantine-datatable/styles.css';
import { Badge, type MantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { memo, type ReactNode } from 'react';
import { formatMoney } from '@prumo/shared/money';
import { isEstoqueBaixo, type ProdutoListItem } from '@prumo/shared/produtos';
import { formatQuantidade } from '../texts';
import { ProdutoThumb } from './ProdutoThumb';
import classes from './ProdutosTable.module.css';
import { RowActions, EditAction, DeleteAction } from '../../../components/RowActions';
import { PT_BR_PAGINATION, TABLE_LOOK, usePositionKeys } from '../../../components/data-table';

export const PAGE_SIZES = [25, 50, 100];

/** The thumbnail's side, in px. */
const THUMB = 36;

/** Código and Categoria give way on phones, so name, price and stock fit. */
const WIDE = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;

/**
 * Nome (description below), Código, Preço, Estoque (red at or below the minimum), Categoria,
 * Ações (spec 2.2). Shows the page the server sent (`total` products in all), so 20,000
 * products stay fast; Nome, Código, Preço and Estoque sort on the server.
 */
export const ProdutosTable = memo(function ProdutosTable({
  records,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  onDelete,
  emptyState,
  fetching,
  sortStatus,
  onSortStatusChange,
}: {
  records: ProdutoListItem[];
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onDelete: (produto: ProdutoListItem) => void;
  emptyState: ReactNode;
  fetching: boolean;
  sortStatus: DataTableSortStatus<ProdutoListItem>;
  onSortStatusChange: (status: DataTableSortStatus<ProdutoListItem>) => void;
}) {
  // On phones the thumbnail and some spacing give way, so name, price, stock and actions fit.
  const narrow = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const positionKey = usePositionKeys(records);
  return (
    <DataTable
      data-testid="produtos-table"
      {...TABLE_LOOK}
      horizontalSpacing={narrow ? 6 : 'sm'}
      minHeight={records.length === 0 ? 260 : undefined}
      fetching={fetching}
      loaderType="dots"
      records={records}
      idAccessor={positionKey}
      totalRecords={total}
      recordsPerPage={pageSize}
      page={page}
      onPageChange={onPageChange}
      recordsPerPageOptions={PAGE_SIZES}
      onRecordsPerPageChange={onPageSizeChange}
      recordsPerPageLabel="Por página"
      {...PT_BR_PAGINATION}
      sortStatus={sortStatus}
      onSortStatusChange={onSortStatusChange}
      emptyState={records.length === 0 && !fetching ? emptyState : undefined}
      customRowAttributes={(produto) => ({ 'data-produto-id': produto.id })}
      columns={[
        {
          accessor: 'nome',
          title: 'Nome',
          sortable: true,
          render: (produto) => (
            <div className={classes.nomeCell} style={{ minWidth: narrow ? 110 : 150 }}>
              {!narrow &&
                (produto.foto_id ? (
                  <ProdutoThumb
                    key={produto.id}
                    produtoId={produto.id}
                    fotoId={produto.foto_id}
                    nome={produto.nome}
                    size={THUMB}
                  />
                ) : (
                  <span className={classes.semFoto} style={{ width: THUMB, height: THUMB }}>
                    <IconPhoto size={THUMB / 2} />
                  </span>
                ))}
              <div>
                <div className={classes.nomeLinha}>
                  <span className={classes.nome} data-testid="produto-nome">
                    {produto.nome}
                  </span>
                  {!produto.ativo && (
                    <Badge size="xs" color="gray" variant="light">
                      Inativo
                    </Badge>
                  )}
                </div>
                {produto.descricao && <div className={classes.descricao}>{produto.descricao}</div>}
              </div>
            </div>
          ),
        },
        {
          accessor: 'codigo_interno',
          title: 'Código',
          sortable: true,
          visibleMediaQuery: WIDE,
          render: (produto) => (
            <>
              <div>{produto.codigo_interno ?? '—'}</div>
              {produto.codigo_barras && (
                <div className={classes.codigoBarras}>{produto.codigo_barras}</div>
              )}
            </>
          ),
        },
        {
          accessor: 'preco',
          title: 'Preço',
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          render: (produto) => formatMoney(produto.preco),
        },
        {
          accessor: 'estoque',
          title: 'Estoque',
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          render: (produto) => {
            const baixo = isEstoqueBaixo(produto.estoque, produto.estoque_minimo);
            return (
              <span
                className={baixo ? classes.estoqueBaixo : undefined}
                data-testid="produto-estoque"
                data-estoque-baixo={baixo ? 'true' : 'false'}
                title={
                  baixo
                    ? `No mínimo ou abaixo (mínimo ${formatQuantidade(produto.estoque_minimo)})`
                    : undefined
                }
              >
                {formatQuantidade(produto.estoque)} {produto.unidade_medida}
              </span>
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
