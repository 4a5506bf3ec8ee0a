import 'mantine-datatable/styles.css';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCoins, IconEye, IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@prumo/shared/dates';
import { formatPercent } from '@prumo/shared/money';
import { TIPOS_TABELA_PRECO, type TabelaPreco } from '@prumo/shared/precos';
import { matchesSearch } from '@prumo/shared/search';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { useDeleteTabelaPreco } from '../api/delete-tabela-preco';
import { useTabelasPrecos } from '../api/list-tabelas-precos';
import { TipoBadge } from '../components/TipoBadge';
import { TABELA_TEXTOS, withServerMessage } from '../texts';
import { EditAction, DeleteAction } from '../../../components/RowActions';
import { TABLE_LOOK } from '../../../components/data-table';
import { SearchInput } from '../../../components/SearchInput';

const EMPTY: TabelaPreco[] = [];
/** Columns a phone leaves out (the name cell sums them up there). */
const WIDE_ONLY = '(min-width: 48em)';

/** /produtos/tabelas-precos: the price tables (spec 2.5). */
export default function TabelasPrecosPage() {
  const query = useTabelasPrecos();
  const deleteTabela = useDeleteTabelaPreco();
  const [search, setSearch] = useState('');

  useEffect(() => {
    // List failures are only logged; the list shows its empty state (spec 8, Lists).
    if (query.error) console.error('Erro ao carregar tabelas de preços', query.error);
  }, [query.error]);

  const all = query.data ?? EMPTY;
  const tabelas = useMemo(
    () => all.filter((tabela) => matchesSearch(search, tabela.nome, tabela.descricao)),
    [all, search],
  );

  async function handleDelete(tabela: TabelaPreco) {
    if (!(await confirmAction({ message: TABELA_TEXTOS.confirmarExclusao }))) return;
    try {
      await deleteTabela.mutateAsync(tabela.id);
      notifySuccess(TABELA_TEXTOS.excluida);
    } catch (error) {
      console.error(TABELA_TEXTOS.erroExcluir, error);
      notifyError(withServerMessage(TABELA_TEXTOS.erroExcluir, error));
    }
  }

  const emptyState =
    all.length === 0 ? (
      <EmptyState
        title="Nenhuma tabela de preços cadastrada"
        hint="Crie tabelas de preços (varejo, atacado, promoções) e defina a margem de cada produto nelas."
        action={
          <Button
            component={Link}
            to="/produtos/tabelas-precos/adicionar"
            leftSection={<IconPlus size={16} />}
            mt="xs"
          >
            Criar Primeira Tabela
          </Button>
        }
      />
    ) : (
      <EmptyState title="Nenhuma tabela encontrada" hint="Nenhuma tabela corresponde à pesquisa." />
    );

  return (
    <Stack gap={0}>
      <PageHeader
        title="Tabelas de Preços"
        description="Margens por tabela e os custos adicionais que cada uma soma ao preço."
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: 'Produtos', to: '/produtos' },
          { label: 'Tabelas de Preços' },
        ]}
        actions={
          <>
            <Button
              component={Link}
              to="/produtos"
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Voltar
            </Button>
            <Button
              component={Link}
              to="/produtos/custos-adicionais"
              variant="default"
              leftSection={<IconCoins size={16} />}
            >
              Custos Adicionais
            </Button>
            <Button
              component={Link}
              to="/produtos/tabelas-precos/adicionar"
              leftSection={<IconPlus size={16} />}
            >
              Nova Tabela
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          mb="md"
          placeholder="Pesquisar tabelas..."
          aria-label="Pesquisar tabelas"
          value={search}
          onValueChange={setSearch}
        />
        <DataTable
          data-testid="tabelas-precos-lista"
          {...TABLE_LOOK}
          minHeight={tabelas.length === 0 ? 280 : undefined}
          fetching={query.isPending}
          records={tabelas}
          emptyState={tabelas.length === 0 && !query.isPending ? emptyState : undefined}
          columns={[
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
              render: (tabela) => <TipoBadge tipo={tabela.tipo} />,
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
              title: 'Produtos',
              textAlign: 'right',
              visibleMediaQuery: WIDE_ONLY,
            },
            {
              accessor: 'created_at',
              title: 'Criada em',
              noWrap: true,
              visibleMediaQuery: WIDE_ONLY,
              render: (tabela) => formatDate(tabela.created_at),
            },
            {
              accessor: 'acoes',
              title: 'Ações',
              textAlign: 'right',
              width: 128,
              render: (tabela) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    component={Link}
                    to={`/produtos/tabelas-precos/${tabela.id}/produtos`}
                    variant="subtle"
                    title="Ver produtos e preços"
                    aria-label={`Ver produtos de ${tabela.nome}`}
                  >
                    <IconEye size={18} />
                  </ActionIcon>
                  <EditAction
                    name={tabela.nome}
                    to={`/produtos/tabelas-precos/editar/${tabela.id}`}
                  />
                  <DeleteAction name={tabela.nome} onClick={() => void handleDelete(tabela)} />
                </Group>
              ),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
