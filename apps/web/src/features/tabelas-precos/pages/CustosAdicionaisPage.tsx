import 'mantine-datatable/styles.css';
import { Badge, Button, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney, formatPercent } from '@prumo/shared/money';
import type { CustoAdicional } from '@prumo/shared/precos';
import { matchesSearch } from '@prumo/shared/search';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { useDeleteCustoAdicional } from '../api/delete-custo-adicional';
import { useCustosAdicionais } from '../api/list-custos-adicionais';
import { CustoModal } from '../components/CustoModal';
import { CUSTO_TEXTOS, withServerMessage } from '../texts';
import { RowActions, EditAction, DeleteAction } from '../../../components/RowActions';
import { TABLE_LOOK } from '../../../components/data-table';
import { SearchInput } from '../../../components/SearchInput';

const EMPTY: CustoAdicional[] = [];
/** Columns a phone leaves out. */
const WIDE_ONLY = '(min-width: 48em)';

/** /produtos/custos-adicionais: the costs price tables add, with a create/edit modal (spec 2.6). */
export default function CustosAdicionaisPage() {
  const query = useCustosAdicionais();
  const deleteCusto = useDeleteCustoAdicional();
  const [search, setSearch] = useState('');
  const [modal, setModal] = useState<{ opened: boolean; custo: CustoAdicional | null }>({
    opened: false,
    custo: null,
  });

  useEffect(() => {
    if (query.error) console.error('Erro ao carregar custos adicionais', query.error);
  }, [query.error]);

  const custos = useMemo(
    () =>
      (query.data ?? EMPTY).filter((custo) => matchesSearch(search, custo.nome, custo.descricao)),
    [query.data, search],
  );

  async function handleDelete(custo: CustoAdicional) {
    const message =
      custo.total_tabelas > 0
        ? `${CUSTO_TEXTOS.confirmarExclusao} Ele deixará de ser somado ${
            custo.total_tabelas === 1
              ? 'à tabela que o usa'
              : `às ${custo.total_tabelas} tabelas que o usam`
          }.`
        : CUSTO_TEXTOS.confirmarExclusao;
    if (!(await confirmAction({ message }))) return;
    try {
      await deleteCusto.mutateAsync(custo.id);
      notifySuccess(CUSTO_TEXTOS.excluido);
    } catch (error) {
      console.error(CUSTO_TEXTOS.erroExcluir, error);
      notifyError(withServerMessage(CUSTO_TEXTOS.erroExcluir, error));
    }
  }

  const openNew = () => setModal({ opened: true, custo: null });

  return (
    <Stack gap={0}>
      <PageHeader
        title="Custos Adicionais"
        description="Taxas e despesas que as tabelas de preços somam ao preço dos produtos."
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: 'Tabelas de Preços', to: '/produtos/tabelas-precos' },
          { label: 'Custos Adicionais' },
        ]}
        actions={
          <>
            <Button
              component={Link}
              to="/produtos/tabelas-precos"
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Voltar
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
              Novo Custo
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          mb="md"
          placeholder="Pesquisar custos..."
          aria-label="Pesquisar custos"
          value={search}
          onValueChange={setSearch}
        />
        <DataTable
          data-testid="custos-table"
          {...TABLE_LOOK}
          minHeight={custos.length === 0 ? 260 : undefined}
          fetching={query.isPending}
          records={custos}
          emptyState={
            custos.length === 0 && !query.isPending ? (
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
            ) : undefined
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
      </Paper>
      <CustoModal
        opened={modal.opened}
        custo={modal.custo}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}
