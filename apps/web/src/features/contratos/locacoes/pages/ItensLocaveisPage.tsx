import { Badge, Button, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import type { ItemLocavel } from '@prumo/shared/contratos';
import { LOCACOES_PAGE_SIZE, useItensLocaveis } from '../../../../api/locacoes';
import { WIDE_ONLY } from '../../../../components/data-table';
import { EmptyState } from '../../../../components/EmptyState';
import { ListSearchBar } from '../../../../components/list/ListScreen';
import { PagedListTable } from '../../../../components/list/PagedListTable';
import { PageHeader } from '../../../../components/PageHeader';
import { EditAction, RowActions } from '../../../../components/RowActions';
import { ItemLocavelModal } from '../components/ItemLocavelModal';
import { LOCACOES_PATH } from '../paths';
import { LOCACAO_TEXTOS as T, precosTexto } from '../textos';

/** /contratos/locacoes/itens: the products for rent, their prices and units. */
export default function ItensLocaveisPage() {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [page, setPage] = useState(1);
  const itens = useItensLocaveis({ q: q || undefined }, page, LOCACOES_PAGE_SIZE);
  const [aberto, setAberto] = useState<{ item?: ItemLocavel } | null>(null);

  const columns: DataTableColumn<ItemLocavel>[] = [
    { accessor: 'produto_nome', title: 'Produto' },
    {
      accessor: 'preco_diaria',
      title: 'Preços',
      visibleMediaQuery: WIDE_ONLY,
      render: (i) => precosTexto(i),
    },
    {
      accessor: 'total_unidades',
      title: 'Unidades',
      textAlign: 'right',
      render: (i) => i.total_unidades,
    },
    {
      accessor: 'ativo',
      title: 'Situação',
      render: (i) =>
        i.ativo ? (
          <Badge variant="light" color="green">
            Disponível
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            Fora de locação
          </Badge>
        ),
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (i) => (
        <RowActions>
          <EditAction name={i.produto_nome} onClick={() => setAberto({ item: i })} />
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={T.itens}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: T.titulo, to: LOCACOES_PATH },
          { label: T.itens },
        ]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAberto({})}>
            {T.novoItem}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <ListSearchBar
          placeholder="Pesquisar pelo nome do produto..."
          label="Pesquisar itens para locação"
          value={texto}
          onChange={(v) => {
            setTexto(v);
            setPage(1);
          }}
        />
        <PagedListTable<ItemLocavel>
          data-testid="itens-locaveis-table"
          query={itens}
          loadErrorMessage={T.erroCarregarItens}
          page={page}
          pageSize={LOCACOES_PAGE_SIZE}
          onPageChange={setPage}
          emptyState={<EmptyState title={T.semItens} hint={T.semItensDica} />}
          columns={columns}
        />
        <Text size="xs" c="dimmed" mt="sm">
          Os preços valem para as próximas locações; as já reservadas guardam os seus.
        </Text>
      </Paper>
      <ItemLocavelModal
        item={aberto?.item}
        opened={aberto !== null}
        onClose={() => setAberto(null)}
      />
    </>
  );
}
