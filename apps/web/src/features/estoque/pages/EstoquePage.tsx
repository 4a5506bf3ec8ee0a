import { Button, Group } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useDebouncedCallback } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_MANAGER, hasRole } from '@prumo/shared/auth';
import { ESTOQUE_MESSAGES, type Movimentacao } from '@prumo/shared/estoque';
import { useCategorias } from '../../../api/categorias';
import { EmptyState } from '../../../components/EmptyState';
import { ExportarLista } from '../../../components/ExportarLista';
import { ListScreen } from '../../../components/list/ListScreen';
import { PageLoader } from '../../../components/PageLoader';
import { useSession } from '../../../lib/session';
import { EstoqueFiltros } from '../components/EstoqueFiltros';
import { EstoqueTable, PAGE_SIZE } from '../components/EstoqueTable';
import { HistoricoDrawer } from '../components/HistoricoDrawer';
import { MovimentacaoModal, type MovimentacaoModalState } from '../components/MovimentacaoModal';
import {
  BUSCA_DEBOUNCE_MS,
  FILTROS_ESTOQUE_VAZIOS,
  filtroDoEstoque,
  opcoesDeCategorias,
  type EstoqueProduto,
  type FiltrosEstoque,
  type SituacaoEstoque,
  useProdutosEstoque,
} from '../estoque-view';
import { ENTRADAS_TEXTOS } from '../entradas-view';

const SITUACOES: readonly SituacaoEstoque[] = ['todos', 'baixo', 'zerado'];

function filtrosDaUrl(situacao: string | null): FiltrosEstoque {
  return SITUACOES.includes(situacao as SituacaoEstoque)
    ? { ...FILTROS_ESTOQUE_VAZIOS, situacao: situacao as SituacaoEstoque }
    : FILTROS_ESTOQUE_VAZIOS;
}

/** /estoque, "Controle de Estoque" (spec 2.11). */
export default function EstoquePage() {
  const [busca, setBusca] = useState('');
  // The server searches: asked once per burst of keys; the rows stay until its answer arrives.
  // Choosing a filter or an order applies what is typed at once.
  const [termo, setTermo] = useState('');
  const atualizarTermo = useDebouncedCallback(setTermo, BUSCA_DEBOUNCE_MS);
  // The bell's link opens the list already filtered: /estoque?situacao=baixo.
  const [searchParams] = useSearchParams();
  const [filtros, setFiltros] = useState<FiltrosEstoque>(() =>
    filtrosDaUrl(searchParams.get('situacao')),
  );
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<EstoqueProduto>>({
    columnAccessor: 'nome',
    direction: 'asc',
  });
  const { user } = useSession();
  const [modal, setModal] = useState<MovimentacaoModalState | null>(null);
  const [historicoDe, setHistoricoDe] = useState<EstoqueProduto | null>(null);

  const filtro = useMemo(
    () => filtroDoEstoque(termo, filtros, sortStatus),
    [termo, filtros, sortStatus],
  );
  const produtos = useProdutosEstoque(filtro, page, PAGE_SIZE);
  const categoriasQuery = useCategorias();
  const categorias = useMemo(
    () => opcoesDeCategorias(categoriasQuery.data ?? []),
    [categoriasQuery.data],
  );
  const rows = useMemo(() => produtos.data?.items ?? [], [produtos.data]);
  const total = produtos.data?.total ?? 0;
  // A filter that empties the last page (stock moved out of "zerado"): back to the last one.
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // (Adjusted while rendering, React's way for state that follows an answer.)
  if (produtos.data && !produtos.isPlaceholderData && page > pageCount) setPage(pageCount);
  // The drawer follows the page when its product is on it, so its stock is fresh after a
  // movement; otherwise it keeps the row it was opened from.
  const historico = historicoDe
    ? (rows.find((produto) => produto.id === historicoDe.id) ?? historicoDe)
    : null;

  const abrirNova = (produto?: EstoqueProduto) =>
    setModal({
      mode: 'create',
      produto: produto && {
        id: produto.id,
        nome: produto.nome,
        estoque: produto.estoque,
        unidade_medida: produto.unidade_medida,
      },
    });
  const abrirEdicao = (movimentacao: Movimentacao) => setModal({ mode: 'edit', movimentacao });

  return (
    <ListScreen
      header={{
        title: ESTOQUE_MESSAGES.titulo,
        breadcrumbs: [{ label: 'Início', to: '/dashboard' }, { label: 'Estoque' }],
        actions: (
          <Group gap="sm">
            {hasRole(user?.role, ADMIN_MANAGER) && (
              <Button
                component={Link}
                to="/estoque/entradas-xml"
                variant="light"
                leftSection={<IconFileImport size={16} />}
              >
                {ENTRADAS_TEXTOS.importar}
              </Button>
            )}
            {/* The catalogue's filters, read as the stock table (GET /api/estoque/exportar). */}
            <ExportarLista path="/estoque" filtro={filtro} nome="estoque" importar="estoque" />
            <Button leftSection={<IconPlus size={16} />} onClick={() => abrirNova()}>
              Nova Movimentação
            </Button>
          </Group>
        ),
      }}
      search={{
        placeholder: ESTOQUE_MESSAGES.pesquisar,
        label: 'Pesquisar produtos',
        value: busca,
        onChange: (value) => {
          setBusca(value);
          atualizarTermo(value);
          setPage(1);
        },
        extra: (
          <EstoqueFiltros
            filtros={filtros}
            categorias={categorias}
            onChange={(next) => {
              atualizarTermo.flush();
              setFiltros(next);
              setPage(1);
            }}
          />
        ),
      }}
      loadError={{ error: produtos.error, message: 'Erro ao carregar produtos' }}
      table={
        produtos.isPending ? (
          <PageLoader label="Carregando produtos..." />
        ) : rows.length === 0 ? (
          <EmptyState
            title={ESTOQUE_MESSAGES.vazioTitulo}
            hint={ESTOQUE_MESSAGES.vazioTexto}
            action={
              produtos.isError ? (
                <Button variant="light" onClick={() => produtos.refetch()}>
                  Tentar novamente
                </Button>
              ) : undefined
            }
          />
        ) : (
          <EstoqueTable
            rows={rows}
            total={total}
            page={page}
            onPageChange={setPage}
            sortStatus={sortStatus}
            onSortStatusChange={(status) => {
              atualizarTermo.flush();
              setSortStatus(status);
              setPage(1);
            }}
            onMovimentar={abrirNova}
            onHistorico={setHistoricoDe}
          />
        )
      }
    >
      <HistoricoDrawer
        produto={historico}
        onClose={() => setHistoricoDe(null)}
        onNova={abrirNova}
        onEditar={abrirEdicao}
      />
      <MovimentacaoModal state={modal} onClose={() => setModal(null)} />
    </ListScreen>
  );
}
