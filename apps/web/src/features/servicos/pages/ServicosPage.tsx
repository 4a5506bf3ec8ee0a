import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { SERVICO_MESSAGES, type ServicoListItem } from '@prumo/shared/servicos';
import { useDeleteServico, useServicos } from '../../../api/servicos';
import { EmptyState } from '../../../components/EmptyState';
import { ExportarLista } from '../../../components/ExportarLista';
import { ListScreen } from '../../../components/list/ListScreen';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { ServicosFiltros } from '../components/ServicosFiltros';
import { ServicosTable } from '../components/ServicosTable';
import {
  categoriasDe,
  contarFiltros,
  filtrarServicos,
  FILTROS_VAZIOS,
  type FiltrosServicos,
} from '../filtrar-servicos';

const EMPTY: ServicoListItem[] = [];
const NOVO = '/servicos/adicionar-servico';

/** The list's search and Filtros as GET /api/servicos reads them (the export's query). */
function filtroDaExportacao(search: string, filtros: FiltrosServicos) {
  return {
    q: search.trim(),
    categoria: filtros.categoria,
    ativo: filtros.situacao === 'todos' ? undefined : filtros.situacao === 'ativos',
  };
}

/** /servicos: the service list, searched by name or category, with Filtros (spec 2.9). */
export default function ServicosPage() {
  const query = useServicos();
  const [search, setSearch] = useState('');
  const [filtros, setFiltros] = useState<FiltrosServicos>(FILTROS_VAZIOS);
  const handleDelete = useConfirmDelete(useDeleteServico().mutateAsync, {
    confirm: SERVICO_MESSAGES.confirmarExclusao,
    success: SERVICO_MESSAGES.excluido,
    error: SERVICO_MESSAGES.erroExcluir,
  });

  const all = query.data ?? EMPTY;
  const categorias = useMemo(() => categoriasDe(all), [all]);
  const servicos = useMemo(() => filtrarServicos(all, search, filtros), [all, search, filtros]);
  const novoButton = (props: { mt?: string }) => (
    <Button component={Link} to={NOVO} leftSection={<IconPlus size={16} />} {...props}>
      Novo Serviço
    </Button>
  );

  return (
    <ListScreen
      header={{
        title: 'Serviços',
        description: 'O catálogo de serviços: preço, duração, comissão e dados fiscais.',
        breadcrumbs: [{ label: 'Início', to: '/dashboard' }, { label: 'Serviços' }],
        actions: (
          <>
            <ExportarLista
              path="/servicos"
              filtro={filtroDaExportacao(search, filtros)}
              nome="servicos"
              importar="servicos"
            />
            {novoButton({})}
          </>
        ),
      }}
      search={{
        placeholder: 'Pesquisar por nome ou categoria...',
        label: 'Pesquisar serviços',
        value: search,
        onChange: setSearch,
        extra: (
          <ServicosFiltros
            filtros={filtros}
            onChange={setFiltros}
            categorias={categorias}
            disabled={all.length === 0}
          />
        ),
      }}
      loadError={{ error: query.error, message: 'Erro ao carregar serviços' }}
      table={
        <ServicosTable
          records={servicos}
          fetching={query.isPending}
          onDelete={(servico) => void handleDelete(servico)}
          emptyState={
            all.length === 0 ? (
              <EmptyState
                title="Nenhum serviço cadastrado"
                hint="Cadastre os serviços que a empresa presta, com preço, duração e comissão."
                action={novoButton({ mt: 'xs' })}
              />
            ) : (
              <EmptyState
                title="Nenhum serviço encontrado"
                hint={
                  contarFiltros(filtros) > 0
                    ? 'Nenhum serviço corresponde à pesquisa e aos filtros.'
                    : 'Nenhum serviço corresponde à pesquisa.'
                }
              />
            )
          }
        />
      }
    />
  );
}
