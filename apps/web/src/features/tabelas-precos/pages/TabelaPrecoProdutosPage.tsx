import { errorText } from '../../../lib/error-text';
import 'mantine-datatable/styles.css';
import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoney, formatPercent } from '@prumo/shared/money';
import {
  MARGEM_MAXIMA,
  PRECO_MESSAGES,
  TIPOS_TABELA_PRECO,
  type TabelaProduto,
} from '@prumo/shared/precos';
import { matchesSearch } from '@prumo/shared/search';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { PercentInput } from '../../../components/inputs/DecimalInput';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useDefinirMargens, useTabelaPreco, useProdutosTabela } from '../../../api/tabelas-precos';
import { useCategorias } from '../../../api/categorias';
import { MARGEM_TEXTOS, TABELA_TEXTOS } from '../texts';
import { PT_BR_PAGINATION, TABLE_LOOK } from '../../../components/data-table';
import { SearchInput } from '../../../components/SearchInput';
import { BackButton } from '../../../components/BackButton';

const LISTA = '/produtos/tabelas-precos';
const PAGE_SIZES = [25, 50, 100];
type Situacao = 'todos' | 'com' | 'sem';

/**
 * /produtos/tabelas-precos/{id}/produtos (the spec does not show it): every product with its
 * cost, margin and final price in the table, filterable by text, group and whether it has a
 * price; one margin can be set for the selected products, or for all the filtered ones.
 */
export default function TabelaPrecoProdutosPage() {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const tabela = useTabelaPreco(id, validId);
  const produtos = useProdutosTabela(id, validId);
  const failed = !validId || tabela.isError || produtos.isError;

  useEffect(() => {
    if (!failed) return;
    console.error(TABELA_TEXTOS.erroCarregar, tabela.error ?? produtos.error);
    notifyError(TABELA_TEXTOS.erroCarregar);
    void navigate(LISTA, { replace: true });
  }, [failed, navigate, tabela.error, produtos.error]);

  const nome = tabela.data?.nome ?? 'Tabela de preços';
  const tipo = TIPOS_TABELA_PRECO.find((item) => item.value === tabela.data?.tipo)?.label;
  const header = (
    <PageHeader
      title={nome}
      description={
        tabela.data
          ? `${tipo} · margem padrão ${formatPercent(tabela.data.margem_padrao)} · ${tabela.data.total_produtos} ${
              tabela.data.total_produtos === 1 ? 'produto com preço' : 'produtos com preço'
            }`
          : undefined
      }
      breadcrumbs={[
        { label: 'Início', to: '/dashboard' },
        { label: 'Tabelas de Preços', to: LISTA },
        { label: 'Produtos da tabela' },
      ]}
      actions={
        <>
          <BackButton to={LISTA} />
          <Button
            component={Link}
            to={`/produtos/tabelas-precos/editar/${id}`}
            variant="default"
            leftSection={<IconPencil size={16} />}
          >
            Editar Tabela
          </Button>
        </>
      }
    />
  );

  if (!tabela.data || !produtos.data) {
    return (
      <Stack gap={0}>
        {header}
        <PageLoader label="Carregando produtos da tabela" />
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      {header}
      <ProdutosDaTabela
        key={tabela.data.id}
        tabelaId={tabela.data.id}
        margemPadrao={tabela.data.margem_padrao}
        produtos={produtos.data}
      />
    </Stack>
  );
}

function ProdutosDaTabela({
  tabelaId,
  margemPadrao,
  produtos,
}: {
  tabelaId: number;
  margemPadrao: number;
  produtos: TabelaProduto[];
}) {
  const categorias = useCategorias();
  const definir = useDefinirMargens();
  const [search, setSearch] = useState('');
  const [termo] = useDebouncedValue(search, 150);
  const [grupo, setGrupo] = useState<string | null>(null);
  const [situacao, setSituacao] = useState<Situacao>('todos');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [selecionados, setSelecionados] = useState<Set<number>>(() => new Set());
  const [margem, setMargem] = useState<number | null>(margemPadrao);
  const [ativo, setAtivo] = useState(true);

  const filtrados = useMemo(
    () =>
      produtos.filter(
        (produto) =>
          (grupo === null || produto.categoria_id === Number(grupo)) &&
          (situacao === 'todos' || (situacao === 'com') === (produto.margem !== null)) &&
          matchesSearch(termo, produto.nome, produto.codigo_interno, produto.codigo_barras),
      ),
    [produtos, grupo, situacao, termo],
  );
  const lastPage = Math.max(1, Math.ceil(filtrados.length / pageSize));
  const currentPage = Math.min(page, lastPage);
  const pageRecords = filtrados.slice((currentPage - 1) * pageSize, currentPage * pageSize);
  const selectedOnPage = pageRecords.filter((produto) => selecionados.has(produto.produto_id));

  async function aplicar(ids: number[], valor: number | null) {
    try {
      const { atualizados } = await definir.mutateAsync({
        id: tabelaId,
        dados: { produto_ids: ids, margem: valor, ativo },
      });
      notifySuccess(
        valor === null
          ? MARGEM_TEXTOS.removidas(atualizados)
          : MARGEM_TEXTOS.definidas(atualizados),
      );
      setSelecionados(new Set());
    } catch (error) {
      const base = valor === null ? MARGEM_TEXTOS.erroRemover : MARGEM_TEXTOS.erroDefinir;
      console.error(base, error);
      notifyError(errorText(base, error));
    }
  }

  async function aplicarSelecionados() {
    if (margem === null) return notifyError(PRECO_MESSAGES.margemObrigatoria);
    await aplicar([...selecionados], margem);
  }

  async function aplicarFiltrados() {
    if (margem === null) return notifyError(PRECO_MESSAGES.margemObrigatoria);
    const total = filtrados.length;
    const confirmed = await confirmAction({
      title: 'Definir margem',
      message: `Definir a margem de ${formatPercent(margem)} para ${
        total === 1 ? '1 produto' : `${total} produtos`
      } (todos os produtos filtrados)?`,
      confirmLabel: 'Definir margem',
      danger: false,
    });
    if (confirmed)
      await aplicar(
        filtrados.map((produto) => produto.produto_id),
        margem,
      );
  }

  async function removerSelecionados() {
    const confirmed = await confirmAction({
      title: 'Remover preços',
      message: MARGEM_TEXTOS.confirmarRemocao(selecionados.size),
      confirmLabel: 'Remover',
    });
    if (confirmed) await aplicar([...selecionados], null);
  }

  const grupoOptions = (categorias.data ?? []).map((categoria) => ({
    value: String(categoria.id),
    label: categoria.nome,
  }));
  const saving = definir.isPending;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={600}>Definir margem em lote</Text>
          <Group align="flex-end" gap="sm">
            <PercentInput
              label="Margem (%)"
              max={MARGEM_MAXIMA}
              w={150}
              value={margem}
              onValueChange={(value: unknown) => setMargem(value as number | null)}
            />
            <Switch
              label="Preço ativo"
              checked={ativo}
              onChange={(event) => setAtivo(event.currentTarget.checked)}
              mb={8}
            />
            <Button
              onClick={() => void aplicarSelecionados()}
              disabled={selecionados.size === 0 || saving}
              loading={saving}
            >
              Aplicar aos selecionados ({selecionados.size})
            </Button>
            <Button
              variant="light"
              onClick={() => void aplicarFiltrados()}
              disabled={filtrados.length === 0 || saving}
            >
              Aplicar aos filtrados ({filtrados.length})
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => void removerSelecionados()}
              disabled={selecionados.size === 0 || saving}
            >
              Remover preços ({selecionados.size})
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
          <SearchInput
            placeholder="Pesquisar por nome ou código..."
            aria-label="Pesquisar produtos"
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
          <Select
            aria-label="Grupo"
            placeholder="Todos os grupos"
            data={grupoOptions}
            clearable
            searchable
            value={grupo}
            onChange={(value) => {
              setGrupo(value);
              setPage(1);
            }}
          />
          <SegmentedControl
            aria-label="Situação do preço"
            data={[
              { value: 'todos', label: 'Todos' },
              { value: 'com', label: 'Com preço' },
              { value: 'sem', label: 'Sem preço' },
            ]}
            value={situacao}
            onChange={(value) => {
              setSituacao(value as Situacao);
              setPage(1);
            }}
          />
        </SimpleGrid>
        <DataTable
          data-testid="tabela-produtos"
          {...TABLE_LOOK}
          minHeight={pageRecords.length === 0 ? 260 : undefined}
          records={pageRecords}
          idAccessor="produto_id"
          selectedRecords={selectedOnPage}
          onSelectedRecordsChange={(records) => {
            const next = new Set(selecionados);
            for (const produto of pageRecords) next.delete(produto.produto_id);
            for (const produto of records) next.add(produto.produto_id);
            setSelecionados(next);
          }}
          totalRecords={filtrados.length}
          recordsPerPage={pageSize}
          page={currentPage}
          onPageChange={setPage}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          recordsPerPageLabel="Por página"
          {...PT_BR_PAGINATION}
          emptyState={
            pageRecords.length === 0 ? (
              <EmptyState
                title="Nenhum produto encontrado"
                hint="Nenhum produto corresponde à pesquisa ou aos filtros."
              />
            ) : undefined
          }
          customRowAttributes={(produto) => ({ 'data-produto-id': produto.produto_id })}
          columns={[
            {
              accessor: 'nome',
              title: 'Produto',
              render: (produto) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600} c={produto.produto_ativo ? undefined : 'dimmed'}>
                    {produto.nome}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[produto.codigo_interno, produto.codigo_barras].filter(Boolean).join(' · ') ||
                      '—'}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'categoria_nome', title: 'Grupo', visibleMediaQuery: '(min-width: 48em)' },
            {
              accessor: 'custo',
              title: 'Custo',
              visibleMediaQuery: '(min-width: 48em)',
              textAlign: 'right',
              noWrap: true,
              render: (produto) => formatMoney(produto.custo),
            },
            {
              accessor: 'margem',
              title: 'Margem %',
              textAlign: 'right',
              noWrap: true,
              render: (produto) => (produto.margem === null ? '—' : formatPercent(produto.margem)),
            },
            {
              accessor: 'preco_final',
              title: 'Preço Final',
              textAlign: 'right',
              noWrap: true,
              render: (produto) =>
                produto.preco_final === null ? (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                ) : (
                  <Text size="sm" fw={600}>
                    {formatMoney(produto.preco_final)}
                  </Text>
                ),
            },
            {
              accessor: 'preco_ativo',
              title: 'Status',
              visibleMediaQuery: '(min-width: 48em)',
              render: (produto) =>
                produto.margem === null ? (
                  <Badge variant="light" color="gray">
                    Sem preço
                  </Badge>
                ) : produto.preco_ativo ? (
                  <Badge variant="light" color="teal">
                    Ativo
                  </Badge>
                ) : (
                  <Badge variant="light" color="red">
                    Inativo
                  </Badge>
                ),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
