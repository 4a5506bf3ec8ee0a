import { Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '@prumo/shared/money';
import { formatDuracao, type ServicoListItem } from '@prumo/shared/servicos';
import { WIDE_ONLY } from '../../../components/data-table';
import { ListTable } from '../../../components/list/ListTable';
import { DeleteAction, EditAction, RowActions } from '../../../components/RowActions';

export function SituacaoBadge({ ativo }: { ativo: boolean }) {
  return (
    <Badge size="sm" variant="light" color={ativo ? 'green' : 'gray'}>
      {ativo ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}

/**
 * Nome (code below), Categoria, Preço, Duração, Status, Ações (spec 2.9). On a phone the
 * category and the status go under the name.
 */
export function ServicosTable({
  records,
  fetching,
  onDelete,
  emptyState,
}: {
  records: ServicoListItem[];
  fetching: boolean;
  onDelete: (servico: ServicoListItem) => void;
  emptyState: ReactNode;
}) {
  return (
    <ListTable
      data-testid="servicos-table"
      records={records}
      fetching={fetching}
      emptyState={emptyState}
      columns={[
        {
          accessor: 'nome',
          title: 'Nome',
          render: (servico) => (
            <Stack gap={2}>
              <Text size="sm" fw={600} data-testid="servico-nome">
                {servico.nome}
              </Text>
              {servico.codigoInterno && (
                <Text size="xs" c="dimmed">
                  {servico.codigoInterno}
                </Text>
              )}
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                {servico.categoria}
                {servico.ativo ? '' : ' · Inativo'}
              </Text>
            </Stack>
          ),
        },
        { accessor: 'categoria', title: 'Categoria', visibleMediaQuery: WIDE_ONLY },
        {
          accessor: 'preco',
          title: 'Preço',
          textAlign: 'right',
          noWrap: true,
          render: (servico) => formatMoney(servico.preco),
        },
        {
          accessor: 'duracao',
          title: 'Duração',
          noWrap: true,
          render: (servico) => formatDuracao(servico.duracao),
        },
        {
          accessor: 'ativo',
          title: 'Status',
          visibleMediaQuery: WIDE_ONLY,
          render: (servico) => <SituacaoBadge ativo={servico.ativo} />,
        },
        {
          accessor: 'acoes',
          title: 'Ações',
          textAlign: 'right',
          render: (servico) => (
            <RowActions>
              <EditAction name={servico.nome} to={`/servicos/editar/${servico.id}`} />
              <DeleteAction name={servico.nome} onClick={() => onDelete(servico)} />
            </RowActions>
          ),
        },
      ]}
    />
  );
}
