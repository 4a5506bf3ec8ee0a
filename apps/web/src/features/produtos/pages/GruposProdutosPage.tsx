import 'mantine-datatable/styles.css';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@prumo/shared/dates';
import { CATEGORIA_PADRAO_ID, type Categoria } from '@prumo/shared/produtos';
import { matchesSearch } from '@prumo/shared/search';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { useDeleteCategoria } from '../api/delete-categoria';
import { useCategorias } from '../api/list-categorias';
import { GrupoModal } from '../components/GrupoModal';
import { GRUPO_TEXTOS, withServerMessage } from '../texts';
import { TABLE_LOOK } from '../../../components/data-table';
import { SearchInput } from '../../../components/SearchInput';

const EMPTY: Categoria[] = [];

/** /produtos/grupos: product groups with a create/edit modal (spec 2.7). */
export default function GruposProdutosPage() {
  const query = useCategorias();
  const deleteCategoria = useDeleteCategoria();
  const [search, setSearch] = useState('');
  const [modal, setModal] = useState<{ opened: boolean; grupo: Categoria | null }>({
    opened: false,
    grupo: null,
  });

  useEffect(() => {
    if (query.error) console.error('Erro ao carregar grupos de produtos', query.error);
  }, [query.error]);

  const grupos = useMemo(
    () =>
      (query.data ?? EMPTY).filter((grupo) => matchesSearch(search, grupo.nome, grupo.descricao)),
    [query.data, search],
  );

  async function handleDelete(grupo: Categoria) {
    if (!(await confirmAction({ message: GRUPO_TEXTOS.confirmarExclusao }))) return;
    try {
      await deleteCategoria.mutateAsync(grupo.id);
      notifySuccess(GRUPO_TEXTOS.excluido);
    } catch (error) {
      console.error(GRUPO_TEXTOS.erroExcluir, error);
      notifyError(withServerMessage(GRUPO_TEXTOS.erroExcluir, error));
    }
  }

  const openNew = () => setModal({ opened: true, grupo: null });

  return (
    <Stack gap={0}>
      <PageHeader
        title="Grupos de Produtos"
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: 'Produtos', to: '/produtos' },
          { label: 'Grupos de Produtos' },
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
            <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
              Novo Grupo
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          mb="md"
          placeholder="Pesquisar grupos..."
          aria-label="Pesquisar grupos"
          value={search}
          onValueChange={setSearch}
        />
        <DataTable
          data-testid="grupos-table"
          {...TABLE_LOOK}
          minHeight={grupos.length === 0 ? 260 : undefined}
          fetching={query.isPending}
          records={grupos}
          emptyState={
            grupos.length === 0 && !query.isPending ? (
              <EmptyState
                title="Nenhum grupo encontrado"
                hint={
                  search
                    ? 'Nenhum grupo corresponde à pesquisa.'
                    : 'Crie grupos para organizar os produtos.'
                }
              />
            ) : undefined
          }
          columns={[
            {
              accessor: 'nome',
              title: 'Nome',
              render: (grupo) => (
                <Text size="sm" fw={600}>
                  {grupo.nome}
                </Text>
              ),
            },
            {
              accessor: 'descricao',
              title: 'Descrição',
              render: (grupo) => (
                <Text size="sm" c={grupo.descricao ? undefined : 'dimmed'} lineClamp={2}>
                  {grupo.descricao ?? '—'}
                </Text>
              ),
            },
            { accessor: 'total_produtos', title: 'Produtos', textAlign: 'right' },
            {
              accessor: 'created_at',
              title: 'Criado em',
              noWrap: true,
              render: (grupo) => formatDate(grupo.created_at),
            },
            {
              accessor: 'acoes',
              title: 'Ações',
              textAlign: 'right',
              width: 96,
              render: (grupo) => {
                const padrao = grupo.id === CATEGORIA_PADRAO_ID;
                const emUso = grupo.total_produtos > 0;
                return (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Editar">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Editar ${grupo.nome}`}
                        onClick={() => setModal({ opened: true, grupo })}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip
                      label={
                        padrao
                          ? 'O grupo padrão não pode ser excluído'
                          : emUso
                            ? 'Grupo com produtos vinculados'
                            : 'Excluir'
                      }
                    >
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Excluir ${grupo.nome}`}
                        disabled={padrao}
                        onClick={() => void handleDelete(grupo)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                );
              },
            },
          ]}
        />
      </Paper>
      <GrupoModal
        opened={modal.opened}
        grupo={modal.grupo}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}
