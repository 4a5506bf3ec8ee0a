import { Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { formatDate } from '@prumo/shared/dates';
import {
  FONTES_ETIQUETA,
  PADROES_ETIQUETA,
  TAMANHOS_PAGINA,
  type Etiqueta,
} from '@prumo/shared/etiquetas';
import { ListTable } from '../list/ListTable';
import { DeleteAction, EditAction, LinkAction, RowActions } from '../RowActions';
import { WIDE_ONLY } from '../data-table';

const label = (list: ReadonlyArray<{ value: string; label: string }>, value: string) =>
  list.find((item) => item.value === value)?.label ?? value;
const medida = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const mm = (value: number) => (value > 0 ? medida.format(value) : 'auto');

/**
 * The label templates, as the Etiquetas tab of /produtos (spec 2.2) and /produtos/etiquetas
 * (spec 2.8, with Criado em and a print action) list them.
 */
export function EtiquetasTable({
  records,
  fetching,
  emptyState,
  onDelete,
  comImpressao = false,
  'data-testid': testId,
}: {
  records: Etiqueta[];
  fetching: boolean;
  emptyState: ReactNode;
  onDelete: (etiqueta: Etiqueta) => void;
  /** /produtos/etiquetas: Criado em and a print button per template. */
  comImpressao?: boolean;
  'data-testid': string;
}) {
  const columns: DataTableColumn<Etiqueta>[] = [
    {
      accessor: 'nome',
      title: 'Nome',
      render: (etiqueta) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {etiqueta.nome}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {mm(etiqueta.largura_etiqueta)} × {mm(etiqueta.altura_etiqueta)} mm ·{' '}
            {etiqueta.colunas_pagina}/{etiqueta.linhas_pagina || 'auto'} ·{' '}
            {etiqueta.tamanho_pagina.toUpperCase()}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'padrao',
      visibleMediaQuery: WIDE_ONLY,
      title: 'Padrão',
      render: (etiqueta) => label(PADROES_ETIQUETA, etiqueta.padrao),
    },
    {
      accessor: 'dimensoes',
      visibleMediaQuery: WIDE_ONLY,
      title: 'Dimensões',
      noWrap: true,
      render: (etiqueta) => `${mm(etiqueta.largura_etiqueta)} × ${mm(etiqueta.altura_etiqueta)} mm`,
    },
    {
      accessor: 'fonte_etiqueta',
      visibleMediaQuery: WIDE_ONLY,
      title: 'Fonte',
      noWrap: true,
      render: (etiqueta) =>
        `${label(FONTES_ETIQUETA, etiqueta.fonte_etiqueta)} ${etiqueta.tamanho_fonte} pt`,
    },
    {
      accessor: 'colunas_linhas',
      visibleMediaQuery: WIDE_ONLY,
      title: 'Colunas/Linhas',
      render: (etiqueta) => `${etiqueta.colunas_pagina}/${etiqueta.linhas_pagina || 'auto'}`,
    },
    {
      accessor: 'tamanho_pagina',
      visibleMediaQuery: WIDE_ONLY,
      title: 'Página',
      render: (etiqueta) => label(TAMANHOS_PAGINA, etiqueta.tamanho_pagina).replace(/ \(.*\)$/, ''),
    },
    ...(comImpressao
      ? [
          {
            accessor: 'created_at',
            visibleMediaQuery: WIDE_ONLY,
            title: 'Criado em',
            noWrap: true,
            render: (etiqueta: Etiqueta) => formatDate(etiqueta.created_at),
          },
        ]
      : []),
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      width: comImpressao ? 128 : 96,
      render: (etiqueta) => (
        <RowActions>
          {comImpressao && (
            <LinkAction
              icon={IconPrinter}
              title="Imprimir"
              label={`Imprimir com ${etiqueta.nome}`}
              to={`/produtos/etiquetas/imprimir?etiqueta=${etiqueta.id}`}
            />
          )}
          <EditAction name={etiqueta.nome} to={`/produtos/etiquetas/editar/${etiqueta.id}`} />
          <DeleteAction name={etiqueta.nome} onClick={() => onDelete(etiqueta)} />
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
