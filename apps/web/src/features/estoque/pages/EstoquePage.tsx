import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { ESTOQUE_MESSAGES, type Movimentacao } from '@prumo/shared/estoque';
import { EmptyState } from '../../../components/EmptyState';
import { ListScreen } from '../../../components/list/ListScreen';
import { PageLoader } from '../../../components/PageLoader';
import { EstoqueFiltros } from '../components/EstoqueFiltros';
import { EstoqueTable, PAGE_SIZE } from '../components/EstoqueTable';
import { HistoricoDrawer } from '../components/HistoricoDrawer';
import { MovimentacaoModal, type MovimentacaoModalState } from '../components/MovimentacaoModal';
import {
  categoriasDe,
  FILTROS_ESTOQUE_VAZIOS,
  filtrarEstoque,
  ordenarEstoque,
  type EstoqueProduto,
  type EstoqueSortKey,
  type FiltrosEstoque,
  useProdutosEstoque,
} from '../estoque-view';

/** /estoque, "Controle de Estoque" (spec 2.11). */
export default function EstoquePage() {
  const produtos = useProdutosEstoque();
  const [busca, setBusca] = useState('');
  const [filtros, setFiltros] = useState<FiltrosEstoque>(FILTROS_ESTOQUE_VAZIOS);
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<EstoqueProduto>>({
    columnAccessor: 'nome',
    direction: 'asc',
  });
  const [modal, setModal] = useState<MovimentacaoModalState | null>(null);
  const [historicoId, setHistoricoId] = useState<number | null>(null);

  const todos = useMemo(() => produtos.data ?? [], [produtos.data]);
  const categorias = useMemo(() => categoriasDe(todos), [todos]);
  const rows = useMemo(
    () =>
      ordenarEstoque(
        filtrarEstoque(todos, busca, filtros),
        sortStatus.columnAccessor as EstoqueSortKey,
        sortStatus.direction,
      ),
    [todos, busca, filtros, sortStatus],
  );
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageRows = rows.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);
  // The drawer follows the list, so its stock is fresh after a movement.
  const historico = todos.find((produto) => produto.id === historicoId) ?? null;

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
          <Button leftSection={<IconPlus size={16} />} onClick={() => abrirNova()}>
            Nova Movimentação
          </Button>
        ),
      }}
      search={{
        placeholder: ESTOQUE_MESSAGES.pesquisar,
        label: 'Pesquisar produtos',
        value: busca,
        onChange: (value) => {
          setBusca(value);
          setPage(1);
        },
        extra: (
          <EstoqueFiltros
            filtros={filtros}
            categorias={categorias}
            onChange={(next) => {
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
            rows={pageRows}
            total={rows.length}
            page={currentPage}
            onPageChange={setPage}
            sortStatus={sortStatus}
            onSortStatusChange={(status) => {
              setSortStatus(status);
              setPage(1);
            }}
            onMovimentar={abrirNova}
            onHistorico={(produto) => setHistoricoId(produto.id)}
          />
        )
      }
    >
      <HistoricoDrawer
        produto={historico}
        onClose={() => setHistoricoId(null)}
        onNova={abrirNova}
        onEditar={abrirEdicao}
      />
      <MovimentacaoModal state={modal} onClose={() => setModal(null)} />
    </ListScreen>
  );
}
