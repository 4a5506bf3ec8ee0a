import { Button } from '@mantine/core';
import { IconPlus, IconPrinter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Etiqueta } from '@prumo/shared/etiquetas';
import { matchesSearch } from '@prumo/shared/search';
import { useDeleteEtiqueta, useEtiquetas } from '../../../api/etiquetas';
import { EmptyState } from '../../../components/EmptyState';
import { ListScreen } from '../../../components/list/ListScreen';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { EtiquetasTable } from '../../../components/tables/EtiquetasTable';
import { ETIQUETA_TEXTOS } from '../texts';
import { BackButton } from '../../../components/BackButton';

const EMPTY: Etiqueta[] = [];

/** /produtos/etiquetas: the label templates (spec 2.8). */
export default function EtiquetasPage() {
  const query = useEtiquetas();
  const [search, setSearch] = useState('');
  const handleDelete = useConfirmDelete(useDeleteEtiqueta().mutateAsync, {
    confirm: ETIQUETA_TEXTOS.confirmarExclusao,
    success: ETIQUETA_TEXTOS.excluida,
    error: ETIQUETA_TEXTOS.erroExcluir,
  });

  const etiquetas = useMemo(
    () => (query.data ?? EMPTY).filter((etiqueta) => matchesSearch(search, etiqueta.nome)),
    [query.data, search],
  );

  const novaEtiqueta = (mt?: string) => (
    <Button
      component={Link}
      to="/produtos/adicionar-etiqueta"
      leftSection={<IconPlus size={16} />}
      mt={mt}
    >
      Nova Etiqueta
    </Button>
  );

  return (
    <ListScreen
      header={{
        title: 'Etiquetas',
        description: 'Modelos de etiqueta para imprimir os produtos.',
        breadcrumbs: [
          { label: 'Início', to: '/dashboard' },
          { label: 'Produtos', to: '/produtos' },
          { label: 'Etiquetas' },
        ],
        actions: (
          <>
            <BackButton to="/produtos" />
            <Button
              component={Link}
              to="/produtos/etiquetas/imprimir"
              variant="default"
              leftSection={<IconPrinter size={16} />}
            >
              Imprimir Etiquetas
            </Button>
            {novaEtiqueta()}
          </>
        ),
      }}
      search={{
        placeholder: 'Pesquisar etiquetas...',
        label: 'Pesquisar etiquetas',
        value: search,
        onChange: setSearch,
      }}
      loadError={{ error: query.error, message: 'Erro ao carregar etiquetas' }}
      table={
        <EtiquetasTable
          data-testid="etiquetas-lista"
          comImpressao
          records={etiquetas}
          fetching={query.isPending}
          onDelete={(etiqueta) => void handleDelete(etiqueta)}
          emptyState={
            <EmptyState
              title="Nenhuma etiqueta encontrada"
              hint={
                search
                  ? 'Nenhuma etiqueta corresponde à pesquisa.'
                  : 'Crie um modelo de etiqueta para imprimir os produtos.'
              }
              action={search ? undefined : novaEtiqueta('xs')}
            />
          }
        />
      }
    />
  );
}
