import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney, formatPercent } from '@prumo/shared/money';
import type { CustoAdicional } from '@prumo/shared/precos';
import { matchesSearch } from '@prumo/shared/search';
import { useCustosAdicionais, useDeleteCustoAdicional } from '../../../api/custos-adicionais';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { ListScreen } from '../../../components/list/ListScreen';
import { ListTable } from '../../../components/list/ListTable';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { DeleteAction, EditAction, RowActions } from '../../../components/RowActions';
import { CustoModal } from '../components/CustoModal';
import { CUSTO_TEXTOS } from '../texts';
import { BackButton } from '../../../components/BackButton';

const EMPTY: CustoAdicional[] = [];

/** The question names the tables that will stop adding the cost. */
function confirmarExclusao(custo: CustoAdicional): string {
  if (custo.total_tabelas === 0) return CUSTO_TEXTOS.confirmarExclusao;
  const tabelas =
    custo.total_tabelas === 1
      ? 'à tabela que o usa'
      : `às ${custo.total_tabelas} tabelas que o usam`;
  return `${CUSTO_TEXTOS.confirmarExclusao} Ele deixará de ser somado ${tabelas}.`;
}

/** /produtos/custos-adicionais: the costs price tables add, with a create/edit modal (spec 2.6). */
export default function CustosAdicionaisPage() {
  const query = useCustosAdicionais();
  const [search, setSearch] = useState('');
  const [modal, setModal] = useState<{ opened: boolean; custo: CustoAdicional | null }>({
    opened: false,
    custo: null,
  });
  const handleDelete = useConfirmDelete(useDeleteCustoAdicional().mutateAsync, {
    confirm: confirmarExclusao,
    success: CUSTO_TEXTOS.excluido,
    error: CUSTO_TEXTOS.erroExcluir,
  });

  const custos = useMemo(
    () =>
      (query.data ?? EMPTY).filter((custo) => matchesSearch(search, custo.nome, custo.descricao)),
    [query.data, search],
  );

  const openNew = () => setModal({ opened: true, custo: null });

  return (
    <ListScreen
      header={{
        title: 'Custos Adicionais',
        description: 'Taxas e despesas que as tabelas de preços somam ao preço dos produtos.',
        breadcrumbs: [
          { label: 'Início', to: '/dashboard' },
          { label: 'Tabelas de Preços', to: '/produtos/tabelas-precos' },
          { label: 'Custos Adicionais' },
        ],
        actions: (
          <>
            <BackButton to="/produtos/tabelas-precos" />
            <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
              Novo Custo
            </Button>
          </>
        ),
      }}
      search={{
        placeholder: 'Pesquisar custos...',
        label: 'Pesquisar custos',
        value: search,
        onChange: setSearch,
      }}
      loadError={{ error: query.error, message: 'Erro ao carregar custos adicionais' }}
      table={
        <ListTable
          data-testid="custos-table"
          fetching={query.isPending}
          records={custos}
          emptyState={
            <EmptyState
              title={search ? 'Nenhum custo encontrado' : 'Nenhum custo adicional cadastrado'}
              hint={
                search
                  ? 'Nenhum custo corresponde à pesquisa.'
                  : 'Cadastre taxas de cartão, fretes, embalagens ou comissões para somá-los aos preços das tabelas.'
              }
              action={
                search ? undefined : (
                  <Button leftSection={<IconPlus size={16} />} onClick={openNew} mt="xs">
                    Novo Custo
                  </Button>
                )
              }
            />
          }
          columns={[
            {
              accessor: 'nome',
              title: 'Nome',
              render: (custo) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {custo.nome}
                  </Text>
                  {custo.descricao && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {custo.descricao}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'tipo',
              title: 'Tipo',
              visibleMediaQuery: WIDE_ONLY,
              render: (custo) => (
                <Badge variant="light" color={custo.tipo === 'percentual' ? 'indigo' : 'cyan'}>
                  {custo.tipo === 'percentual' ? 'Percentual' : 'Fixo'}
                </Badge>
              ),
            },
            {
              accessor: 'valor',
              title: 'Valor',
              textAlign: 'right',
              noWrap: true,
              render: (custo) =>
                custo.tipo === 'percentual'
                  ? formatPercent(custo.valor_percentual)
                  : formatMoney(custo.valor_fixo),
            },
            {
              accessor: 'total_tabelas',
              title: 'Tabelas',
              textAlign: 'right',
              visibleMediaQuery: WIDE_ONLY,
            },
            {
              accessor: 'created_at',
              title: 'Criado em',
              noWrap: true,
              visibleMediaQuery: WIDE_ONLY,
              render: (custo) => formatDate(custo.created_at),
            },
            {
              accessor: 'acoes',
              title: 'Ações',
              textAlign: 'right',
              width: 96,
              render: (custo) => (
                <RowActions>
                  <EditAction name={custo.nome} onClick={() => setModal({ opened: true, custo })} />
                  <DeleteAction name={custo.nome} onClick={() => void handleDelete(custo)} />
                </RowActions>
              ),
            },
          ]}
        />
      }
    >
      <CustoModal
        opened={modal.opened}
        custo={modal.custo}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
    </ListScreen>
  );
}
