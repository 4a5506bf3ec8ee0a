import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { useMemo } from 'react';
import {
  formatarCelula,
  type ColunaRelatorio,
  type LinhaRelatorio,
  type RelatorioResposta,
  type TipoColuna,
} from '@prumo/shared/relatorios';
import { EmptyState } from '../../../components/EmptyState';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { errorText } from '../../../lib/error-text';
import { RELATORIO_TEXTOS as T } from '../textos';
import { POR_PAGINA, type Ordem } from '../url';

const NUMERICOS: ReadonlySet<TipoColuna> = new Set(['dinheiro', 'numero', 'inteiro', 'percentual']);

/** The report's columns: each formatted by its type, numbers on the right, the totals below. */
function colunasDaTabela(
  colunas: readonly ColunaRelatorio[],
  totais: Record<string, number> | undefined,
): DataTableColumn<LinhaRelatorio>[] {
  const temTotais = colunas.some((c) => c.somar);
  return colunas.map((coluna, indice) => {
    const numerico = NUMERICOS.has(coluna.tipo);
    const total = coluna.somar ? formatarCelula(totais?.[coluna.chave] ?? 0, coluna.tipo) : '';
    return {
      accessor: coluna.chave,
      title: coluna.titulo,
      sortable: true,
      textAlign: numerico ? 'right' : 'left',
      noWrap: numerico || coluna.tipo === 'data',
      // A wide report scrolls sideways rather than folding names and descriptions into columns of a word.
      cellsStyle: coluna.tipo === 'texto' ? () => ({ minWidth: 160 }) : undefined,
      render: (linha) => formatarCelula(linha[coluna.chave] ?? null, coluna.tipo),
      // The row of the whole filter's totals (not just this page's), "Total" in the first cell.
      footer: temTotais ? total || (indice === 0 ? T.total : '') : undefined,
      footerStyle: indice === 0 && !coluna.somar ? { textAlign: 'left' } : undefined,
    };
  });
}

/**
 * One page of a report as the server sent it, sorted by the server (a click on a header), the
 * totals of the whole filter below and the server's paging.
 */
export function TabelaRelatorio({
  colunas,
  query,
  ordem,
  onOrdem,
  pagina,
  onPagina,
}: {
  colunas: readonly ColunaRelatorio[];
  query: {
    data?: RelatorioResposta;
    isFetching: boolean;
    isPending: boolean;
    error: unknown;
  };
  ordem: Ordem | null;
  onOrdem: (ordem: Ordem) => void;
  pagina: number;
  onPagina: (pagina: number) => void;
}) {
  const { data, isFetching, isPending, error } = query;
  const columns = useMemo(() => colunasDaTabela(colunas, data?.totais), [colunas, data?.totais]);
  const pagedQuery = useMemo(
    () => ({
      data: data && { items: data.linhas, total: data.total },
      isFetching,
      isPending,
      error,
    }),
    [data, isFetching, isPending, error],
  );
  const sortStatus: DataTableSortStatus<LinhaRelatorio> = {
    columnAccessor: ordem?.sort ?? '',
    direction: ordem?.order ?? 'asc',
  };
  return (
    <PagedListTable<LinhaRelatorio>
      data-testid="relatorio-tabela"
      query={pagedQuery}
      loadErrorMessage={T.erroCarregar}
      columns={columns}
      page={pagina}
      pageSize={POR_PAGINA}
      onPageChange={onPagina}
      sortStatus={sortStatus}
      onSortStatusChange={(status) =>
        onOrdem({ sort: String(status.columnAccessor), order: status.direction })
      }
      emptyState={
        error && !data ? (
          <EmptyState title={errorText(T.erroCarregar, error)} />
        ) : (
          <EmptyState title={T.vazio} hint={T.vazioDica} />
        )
      }
    />
  );
}
