import { Button, Tabs } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCurrencyReal, IconPlus, IconSettings, IconTags } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DataTableSortStatus } from 'mantine-datatable';
import type { ProdutoListItem } from '@prumo/shared/produtos';
import { matchesSearch } from '@prumo/shared/search';
import { useCategorias } from '../../../api/categorias';
import { useDeleteEtiqueta, useEtiquetas } from '../../../api/etiquetas';
import { useDeleteProduto, useProdutosPage } from '../../../api/produtos';
import { useDeleteTabelaPreco, useTabelasPrecos } from '../../../api/tabelas-precos';
import { EmptyState } from '../../../components/EmptyState';
import { ExportarLista } from '../../../components/ExportarLista';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { ListScreen } from '../../../components/list/ListScreen';
import { EtiquetasTable } from '../../../components/tables/EtiquetasTable';
import { TabelasPrecosTable } from '../../../components/tables/TabelasPrecosTable';
import {
  contarFiltros,
  FILTROS_VAZIOS,
  ProdutosFiltros,
  type FiltrosProdutos,
} from '../components/ProdutosFiltros';
import { PAGE_SIZES, ProdutosTable } from '../components/ProdutosTable';
import { BUSCA_DEBOUNCE_MS, filtroDosProdutos, ORDEM_PADRAO } from '../produtos-filtro';
import { ETIQUETA_TEXTOS, PRODUTO_TEXTOS, TABELA_TEXTOS } from '../texts';

type Aba = 'gerenciar' | 'valores' | 'etiquetas';
const ABAS: readonly Aba[] = ['gerenciar', 'valores', 'etiquetas'];

/** The top button of each tab (spec 2.2). */
const TOP_BUTTON: Record<Aba, { label: string; to: string; icon: typeof IconPlus }> = {
  gerenciar: { label: 'Adicionar Produto', to: '/produtos/adicionar-produto', icon: IconPlus },
  valores: { label: 'Configurar Valores', to: '/produtos/tabelas-precos', icon: IconSettings },
  etiquetas: { label: 'Criar Etiqueta', to: '/produtos/adicionar-etiqueta', icon: IconPlus },
};

const EMPTY: never[] = [];

/** /produtos: products, sale values (price tables) and labels, each with its search. */
export default function ProdutosPage() {
  const [params, setParams] = useSearchParams();
  const aba: Aba = ABAS.includes(params.get('aba') as Aba)
    ? (params.get('aba') as Aba)
    : 'gerenciar';
  const [search, setSearch] = useState('');
  // The server searches: it is asked once per burst of keys, and the rows on screen stay until
  // its answer arrives (keepPreviousData), then repaint at once. Choosing a filter or an order
  // applies what is typed at once.
  const [termo, setTermo] = useState('');
  const atualizarTermo = useDebouncedCallback(setTermo, BUSCA_DEBOUNCE_MS);
  const [filtros, setFiltros] = useState<FiltrosProdutos>(FILTROS_VAZIOS);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<ProdutoListItem>>(ORDEM_PADRAO);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);

  // Products (one page), labels and price tables are all loaded when the screen opens (spec 2.2).
  const filtro = useMemo(
    () => filtroDosProdutos(termo, filtros, sortStatus),
    [termo, filtros, sortStatus],
  );
  const produtosQuery = useProdutosPage(filtro, page, pageSize);
  const tabelasQuery = useTabelasPrecos();
  const etiquetasQuery = useEtiquetas();
  const categoriasQuery = useCategorias();

  const produtos = produtosQuery.data?.items ?? EMPTY;
  const totalProdutos = produtosQuery.data?.total ?? 0;
  const tabelas = useMemo(
    () => (tabelasQuery.data ?? EMPTY).filter((tabela) => matchesSearch(termo, tabela.nome)),
    [tabelasQuery.data, termo],
  );
  const etiquetas = useMemo(
    () => (etiquetasQuery.data ?? EMPTY).filter((etiqueta) => matchesSearch(termo, etiqueta.nome)),
    [etiquetasQuery.data, termo],
  );
  // A delete can empty the last page: go back to the new last one.
  const lastPage = Math.max(1, Math.ceil(totalProdutos / pageSize));
  // (Adjusted while rendering, React's way for state that follows an answer.)
  if (produtosQuery.data && !produtosQuery.isPlaceholderData && page > lastPage) {
    setPage(lastPage);
  }

  const deleteProduto = useDeleteProduto();
  const deleteTabela = useDeleteTabelaPreco();
  const deleteEtiqueta = useDeleteEtiqueta();

  const handleDeleteProduto = useConfirmDelete(deleteProduto.mutateAsync, {
    confirm: PRODUTO_TEXTOS.confirmarExclusao,
    success: PRODUTO_TEXTOS.excluido,
    error: PRODUTO_TEXTOS.erroExcluir,
  });
  const onDeleteProduto = useCallback(
    (produto: ProdutoListItem) => void handleDeleteProduto(produto),
    [handleDeleteProduto],
  );
  const onPageSizeChange = useCallback((size: number) => {
    setPageSize(size);
    setPage(1);
  }, []);
  const onSortStatusChange = useCallback(
    (status: DataTableSortStatus<ProdutoListItem>) => {
      atualizarTermo.flush();
      setSortStatus(status);
      setPage(1);
    },
    [atualizarTermo],
  );
  const handleDeleteTabela = useConfirmDelete(deleteTabela.mutateAsync, {
    confirm: TABELA_TEXTOS.confirmarExclusao,
    success: TABELA_TEXTOS.excluida,
    error: TABELA_TEXTOS.erroExcluir,
  });
  const handleDeleteEtiqueta = useConfirmDelete(deleteEtiqueta.mutateAsync, {
    confirm: ETIQUETA_TEXTOS.confirmarExclusao,
    success: ETIQUETA_TEXTOS.excluida,
    error: ETIQUETA_TEXTOS.erroExcluir,
  });

  const top = TOP_BUTTON[aba];
  const filtering = filtro.q !== undefined || contarFiltros(filtros) > 0;
  const produtosEmptyState = useMemo(
    () =>
      filtering ? (
        <EmptyState
          title="Nenhum produto encontrado"
          hint="Nenhum produto corresponde à pesquisa ou aos filtros."
        />
      ) : (
        <EmptyState
          title="Nenhum produto cadastrado"
          hint="Cadastre o primeiro produto do catálogo."
          action={
            <Button component={Link} to="/produtos/adicionar-produto" mt="xs">
              Adicionar Produto
            </Button>
          }
        />
      ),
    [filtering],
  );

  return (
    <ListScreen
      header={{
        title: 'Produtos',
        breadcrumbs: [{ label: 'Início', to: '/dashboard' }, { label: 'Produtos' }],
        actions: (
          <>
            {aba === 'gerenciar' && (
              <ExportarLista path="/produtos" filtro={filtro} nome="produtos" importar="produtos" />
            )}
            <Button
              component={Link}
              to="/produtos/etiquetas"
              variant="default"
              leftSection={<IconTags size={16} />}
            >
              Gerenciar Etiquetas
            </Button>
            <Button component={Link} to={top.to} leftSection={<top.icon size={16} />}>
              {top.label}
            </Button>
          </>
        ),
      }}
      search={{
        placeholder: 'Pesquisar produtos...',
        label: 'Pesquisar produtos',
        value: search,
        onChange: (value) => {
          setSearch(value);
          atualizarTermo(value);
          setPage(1);
        },
        extra: (
          <ProdutosFiltros
            filtros={filtros}
            onChange={(next) => {
              atualizarTermo.flush();
              setFiltros(next);
              setPage(1);
            }}
            categorias={categoriasQuery.data ?? EMPTY}
            disabled={aba !== 'gerenciar'}
          />
        ),
      }}
      // List failures are only logged and the list shows its empty state (spec 8, Lists).
      loadError={{ error: produtosQuery.error, message: 'Erro ao carregar produtos' }}
      table={
        <Tabs
          value={aba}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            if (!value || value === 'gerenciar') next.delete('aba');
            else next.set('aba', value);
            setParams(next, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="gerenciar">Gerenciar produtos</Tabs.Tab>
            <Tabs.Tab value="valores" leftSection={<IconCurrencyReal size={14} />}>
              Valores de venda
            </Tabs.Tab>
            <Tabs.Tab value="etiquetas" leftSection={<IconTags size={14} />}>
              Etiquetas
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="gerenciar">
            {/* Memoised: typing in the search box does not re-render the rows until the page arrives. */}
            <ProdutosTable
              records={produtos}
              total={totalProdutos}
              page={page}
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={onPageSizeChange}
              onDelete={onDeleteProduto}
              fetching={produtosQuery.isPending}
              emptyState={produtosEmptyState}
              sortStatus={sortStatus}
              onSortStatusChange={onSortStatusChange}
            />
          </Tabs.Panel>

          <Tabs.Panel value="valores">
            <TabelasPrecosTable
              data-testid="tabelas-precos-table"
              records={tabelas}
              onDelete={(tabela) => void handleDeleteTabela(tabela)}
              fetching={tabelasQuery.isPending}
              emptyState={
                <EmptyState
                  title="Nenhuma tabela de preços encontrada"
                  hint={
                    filtering
                      ? 'Nenhuma tabela corresponde à pesquisa.'
                      : 'Crie tabelas de preços para definir os valores de venda dos produtos.'
                  }
                  action={
                    <Button component={Link} to="/produtos/tabelas-precos" mt="xs">
                      Configurar Valores
                    </Button>
                  }
                />
              }
            />
          </Tabs.Panel>

          <Tabs.Panel value="etiquetas">
            <EtiquetasTable
              data-testid="etiquetas-table"
              records={etiquetas}
              onDelete={(etiqueta) => void handleDeleteEtiqueta(etiqueta)}
              fetching={etiquetasQuery.isPending}
              emptyState={
                <EmptyState
                  title="Nenhuma etiqueta encontrada"
                  hint={
                    filtering
                      ? 'Nenhuma etiqueta corresponde à pesquisa.'
                      : 'Crie modelos de etiqueta para imprimir os produtos.'
                  }
                  action={
                    <Button component={Link} to="/produtos/adicionar-etiqueta" mt="xs">
                      Criar Etiqueta
                    </Button>
                  }
                />
              }
            />
          </Tabs.Panel>
        </Tabs>
      }
    />
  );
}
