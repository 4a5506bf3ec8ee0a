import 'mantine-datatable/styles.css';
import { Badge } from '@mantine/core';
import { IconArrowsExchange, IconHistory } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { formatQuantidade, isEstoqueBaixo } from '@prumo/shared/estoque';
import { formatMoney } from '@prumo/shared/money';
import type { EstoqueProduto } from '../estoque-view';
import { PT_BR_PAGINATION, TABLE_LOOK, usePositionKeys } from '../../../components/data-table';
import { ButtonAction, RowActions } from '../../../components/RowActions';
import classes from './EstoqueTable.module.css';

export const PAGE_SIZE = 20;

/** Products with their stock (section 3.9); stock in red at or below the minimum (section 9). */
export function EstoqueTable({
  rows,
  total,
  page,
  onPageChange,
  sortStatus,
  onSortStatusChange,
  onMovimentar,
  onHistorico,
}: {
  rows: EstoqueProduto[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  sortStatus: DataTableSortStatus<EstoqueProduto>;
  onSortStatusChange: (status: DataTableSortStatus<EstoqueProduto>) => void;
  onMovimentar: (produto: EstoqueProduto) => void;
  onHistorico: (produto: EstoqueProduto) => void;
}) {
  const positionKey = usePositionKeys(rows);
  return (
    <DataTable
      data-testid="estoque-table"
      {...TABLE_LOOK}
      striped
      minHeight={120}
      records={rows}
      idAccessor={positionKey}
      totalRecords={total}
      recordsPerPage={PAGE_SIZE}
      page={page}
      onPageChange={onPageChange}
      sortStatus={sortStatus}
      onSortStatusChange={onSortStatusChange}
      {...PT_BR_PAGINATION}
      noRecordsText="Nenhum produto encontrado"
      columns={[
        {
          accessor: 'nome',
          title: 'Produto',
          sortable: true,
          // Plain elements with classes: a search repaints every row at once.
          render: (row) => (
            <>
              <div className={classes.nomeLinha}>
                <span className={classes.nome}>{row.nome}</span>
                {!row.ativo && (
                  <Badge size="xs" color="gray" variant="light">
                    Inativo
                  </Badge>
                )}
                {!row.movimenta_estoque && (
                  <Badge size="xs" color="gray" variant="outline">
                    Não movimenta estoque
                  </Badge>
                )}
              </div>
              {row.codigo_barras && <div className={classes.secundario}>{row.codigo_barras}</div>}
            </>
          ),
        },
        {
          accessor: 'categoria_nome',
          title: 'Categoria',
          sortable: true,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
        },
        {
          accessor: 'preco',
          title: 'Preço',
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          render: (row) => formatMoney(row.preco),
        },
        {
          accessor: 'estoque_minimo',
          title: 'Estoque Mínimo',
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (row) => `${formatQuantidade(row.estoque_minimo)} ${row.unidade_medida}`,
        },
        {
          accessor: 'estoque',
          title: 'Estoque',
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          render: (row) => {
            const baixo = isEstoqueBaixo(row.estoque, row.estoque_minimo);
            return (
              <span
                className={baixo ? classes.estoqueBaixo : classes.estoque}
                data-testid="estoque-atual"
                data-baixo={baixo}
              >
                {formatQuantidade(row.estoque)} {row.unidade_medida}
              </span>
            );
          },
        },
        {
          accessor: 'acoes',
          title: 'Ações',
          textAlign: 'right',
          width: 96,
          render: (row) => (
            <RowActions>
              <ButtonAction
                icon={IconArrowsExchange}
                title="Nova movimentação"
                label={`Nova movimentação de ${row.nome}`}
                onClick={() => onMovimentar(row)}
              />
              <ButtonAction
                icon={IconHistory}
                title="Histórico"
                label={`Histórico de ${row.nome}`}
                color="gray"
                onClick={() => onHistorico(row)}
              />
            </RowActions>
          ),
        },
      ]}
    />
  );
}
