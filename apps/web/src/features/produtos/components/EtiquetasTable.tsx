import 'mantine-datatable/styles.css';
import { Group, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { EtiquetaResumo } from '../api/list-etiquetas';
import { EditAction, DeleteAction } from '../../../components/RowActions';
import { TABLE_LOOK } from '../../../components/data-table';

const PADROES: Record<string, string> = {
  indefinido: 'Indefinido',
  padrao1: 'Padrão 1',
  padrao2: 'Padrão 2',
  padrao3: 'Padrão 3',
  pimaco: 'Pimaco',
  personalizado: 'Personalizado',
};

const text = (value: unknown) => (value == null || value === '' ? '—' : String(value));

/** Etiquetas: Nome, Padrão, Dimensões, Fonte, Colunas/Linhas, Página, Ações (spec 2.2). */
export function EtiquetasTable({
  records,
  onDelete,
  emptyState,
  fetching,
}: {
  records: EtiquetaResumo[];
  onDelete: (etiqueta: EtiquetaResumo) => void;
  emptyState: React.ReactNode;
  fetching: boolean;
}) {
  return (
    <DataTable
      data-testid="etiquetas-table"
      {...TABLE_LOOK}
      minHeight={records.length === 0 ? 260 : undefined}
      fetching={fetching}
      records={records}
      emptyState={records.length === 0 && !fetching ? emptyState : undefined}
      columns={[
        {
          accessor: 'nome',
          title: 'Nome',
          render: (etiqueta) => (
            <Text size="sm" fw={600}>
              {etiqueta.nome}
            </Text>
          ),
        },
        {
          accessor: 'padrao',
          title: 'Padrão',
          render: (etiqueta) =>
            etiqueta.padrao ? (PADROES[etiqueta.padrao] ?? etiqueta.padrao) : '—',
        },
        {
          accessor: 'dimensoes',
          title: 'Dimensões',
          render: (etiqueta) =>
            `${text(etiqueta.largura_etiqueta)} × ${text(etiqueta.altura_etiqueta)} mm`,
        },
        {
          accessor: 'fonte_etiqueta',
          title: 'Fonte',
          render: (etiqueta) =>
            `${text(etiqueta.fonte_etiqueta)}${etiqueta.tamanho_fonte ? ` ${String(etiqueta.tamanho_fonte)}pt` : ''}`,
        },
        {
          accessor: 'colunas_linhas',
          title: 'Colunas/Linhas',
          render: (etiqueta) => `${text(etiqueta.colunas_pagina)}/${text(etiqueta.linhas_pagina)}`,
        },
        {
          accessor: 'tamanho_pagina',
          title: 'Página',
          render: (etiqueta) => text(etiqueta.tamanho_pagina).toUpperCase(),
        },
        {
          accessor: 'acoes',
          title: 'Ações',
          textAlign: 'right',
          width: 96,
          render: (etiqueta) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <EditAction name={etiqueta.nome} to={`/produtos/etiquetas/editar/${etiqueta.id}`} />
              <DeleteAction name={etiqueta.nome} onClick={() => onDelete(etiqueta)} />
            </Group>
          ),
        },
      ]}
    />
  );
}
