import { Box, Stack, Text } from '@mantine/core';
import { IconEye, IconFileCode } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { formatCnpj } from '@prumo/shared/brasil';
import { formatDate, formatDateTime } from '@prumo/shared/dates';
import type { EntradaNfeResumo } from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import {
  ENTRADAS_PAGE_SIZE,
  fetchXmlEntrada,
  type useEntradasNfe,
} from '../../../api/entradas-nfe';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { formatNumeroNota } from '../../../components/fiscal/nota';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { notifyError } from '../../../components/notify';
import { ButtonAction, RowActions } from '../../../components/RowActions';
import { errorText } from '../../../lib/error-text';
import { saveBlob } from '../../../lib/files';
import { ENTRADAS_TEXTOS as T } from '../entradas-view';

/** Downloads the entry's nfeProc; a failure is told with the server's reason. */
export async function baixarXmlEntrada(entrada: Pick<EntradaNfeResumo, 'id' | 'chave'>) {
  try {
    const { blob, fileName } = await fetchXmlEntrada(entrada);
    saveBlob(blob, fileName);
  } catch (error) {
    console.error(T.erroXml, error);
    notifyError(errorText(T.erroXml, error));
  }
}

/** The entries, newest first, a page at a time; a row opens its detail. */
export function EntradasLista({
  query,
  page,
  onPageChange,
  filtrada,
  onAbrir,
}: {
  query: ReturnType<typeof useEntradasNfe>;
  page: number;
  onPageChange: (page: number) => void;
  filtrada: boolean;
  onAbrir: (entrada: EntradaNfeResumo) => void;
}) {
  const columns: DataTableColumn<EntradaNfeResumo>[] = [
    {
      accessor: 'created_at',
      title: 'Lançada em',
      noWrap: true,
      render: (entrada) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(entrada.created_at)}</Text>
          <Text size="xs" c="dimmed">
            {entrada.usuario_nome ?? ''}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'fornecedor_nome',
      title: 'Fornecedor',
      render: (entrada) => (
        <Stack gap={0}>
          <Text size="sm">{entrada.fornecedor_nome}</Text>
          {entrada.fornecedor_cnpj && (
            <Text size="xs" c="dimmed">
              {formatCnpj(entrada.fornecedor_cnpj)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'numero',
      title: 'NF-e',
      noWrap: true,
      render: (entrada) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace">
            {formatNumeroNota(entrada.numero)}
          </Text>
          <Text size="xs" c="dimmed">
            Série {entrada.serie} · emitida {formatDate(entrada.emitida_em)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'total_itens',
      title: 'Itens',
      textAlign: 'right',
      visibleMediaQuery: WIDE_ONLY,
    },
    {
      accessor: 'valor_total',
      title: 'Valor',
      textAlign: 'right',
      noWrap: true,
      render: (entrada) => formatMoney(entrada.valor_total),
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (entrada) => {
        const nome = `NF-e ${entrada.numero} de ${entrada.fornecedor_nome}`;
        return (
          // The row opens the entry: its buttons stop the click there.
          <Box onClick={(event) => event.stopPropagation()}>
            <RowActions>
              <ButtonAction
                icon={IconEye}
                title="Ver"
                label={`Ver ${nome}`}
                onClick={() => onAbrir(entrada)}
              />
              <ButtonAction
                icon={IconFileCode}
                title={T.baixarXml}
                label={`XML da ${nome}`}
                onClick={() => void baixarXmlEntrada(entrada)}
              />
            </RowActions>
          </Box>
        );
      },
    },
  ];

  return (
    <PagedListTable<EntradaNfeResumo>
      data-testid="entradas-table"
      query={query}
      loadErrorMessage={T.erroListar}
      page={page}
      pageSize={ENTRADAS_PAGE_SIZE}
      onPageChange={onPageChange}
      onRowClick={onAbrir}
      emptyState={
        filtrada ? (
          <EmptyState title={T.vazioTitulo} hint={T.vazioFiltrada} />
        ) : (
          <EmptyState title={T.vazioTitulo} hint={T.vazioTexto} />
        )
      }
      columns={columns}
    />
  );
}
