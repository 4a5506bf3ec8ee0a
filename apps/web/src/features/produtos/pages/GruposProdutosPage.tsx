import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatDate } from '@prumo/shared/dates';
import { CATEGORIA_PADRAO_ID, type Categoria } from '@prumo/shared/produtos';
import { matchesSearch } from '@prumo/shared/search';
import { useCategorias, useDeleteCategoria } from '../../../api/categorias';
import { EmptyState } from '../../../components/EmptyState';
import { ListScreen } from '../../../components/list/ListScreen';
import { ListTable } from '../../../components/list/ListTable';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { DeleteAction, EditAction, RowActions } from '../../../components/RowActions';
import { GrupoModal } from '../components/GrupoModal';
import { GRUPO_TEXTOS } from '../texts';
import { BackButton } from '../../../components/BackButton';

const EMPTY: Categoria[] = [];

/** Why a group's delete button is off, or what it does. */
function deleteTitle(grupo: Categoria): string {
  if (grupo.id === CATEGORIA_PADRAO_ID) return 'O grupo padrão não pode ser excluído';
  return grupo.total_produtos > 0 ? 'Grupo com produtos vinculados' : 'Excluir';
}

/** /produtos/grupos: product groups with a create/edit modal (spec 2.7). */
export default function GruposProdutosPage() {
  const query = useCategorias();
  const [search, setSearch] = useState('');
  const [modal, setModal] = useState<{ opened: boolean; grupo: Categoria | null }>({
    opened: false,
    grupo: null,
  });
  const handleDelete = useConfirmDelete(useDeleteCategoria().mutateAsync, {
    confirm: GRUPO_TEXTOS.confirmarExclusao,
    success: GRUPO_TEXTOS.excluido,
    error: GRUPO_TEXTOS.erroExcluir,
  });

  const grupos = useMemo(
    () =>
      (query.data ?? EMPTY).filter((grupo) => matchesSearch(search, grupo.nome, grupo.descricao)),
    [query.data, search],
  );

  const openNew = () => setModal({ opened: true, grupo: null });

  return (
    <ListScreen
      header={{
        title: 'Grupos de Produtos',
        breadcrumbs: [
          { label: 'Início', to: '/dashboard' },
          { label: 'Produtos', to: '/produtos' },
          { label: 'Grupos de Produtos' },
        ],
        actions: (
          <>
            <BackButton to="/produtos" />
            <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
              Novo Grupo
            </Button>
          </>
        ),
      }}
      search={{
        placeholder: 'Pesquisar grupos...',
        label: 'Pesquisar grupos',
        value: search,
        onChange: setSearch,
      }}
      loadError={{ error: query.error, message: 'Erro ao carregar grupos de produtos' }}
      table={
        <ListTable
          data-testid="grupos-table"
          fetching={query.isPending}
          records={grupos}
          emptyState={
            <EmptyState
              title="Nenhum grupo encontrado"
              hint={
                search
                  ? 'Nenhum grupo corresponde à pesquisa.'
                  : 'Crie grupos para organizar os produtos.'
              }
            />
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
              render: (grupo) => (
                <RowActions>
                  <EditAction name={grupo.nome} onClick={() => setModal({ opened: true, grupo })} />
                  <DeleteAction
                    name={grupo.nome}
                    title={deleteTitle(grupo)}
                    disabled={grupo.id === CATEGORIA_PADRAO_ID}
                    onClick={() => void handleDelete(grupo)}
                  />
                </RowActions>
              ),
            },
          ]}
        />
      }
    >
      <GrupoModal
        opened={modal.opened}
        grupo={modal.grupo}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
    </ListScreen>
  );
}
