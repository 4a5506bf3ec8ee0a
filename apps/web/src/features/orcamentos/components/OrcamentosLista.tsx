import { Box, Button, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPackage, IconPlus, IconTool } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import {
  formatNumeroOrcamento,
  ORCAMENTO_MESSAGES,
  orcamentoEditavel,
  tipoOrcamentoLabel,
  type AbaOrcamento,
  type OrcamentoResumo,
} from '@prumo/shared/orcamentos';
import {
  ORCAMENTOS_PAGE_SIZE,
  useExcluirOrcamento,
  useHaOrcamentos,
  useOrcamentos,
} from '../../../api/orcamentos';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { ExportarLista } from '../../../components/ExportarLista';
import { ListSearchBar } from '../../../components/list/ListScreen';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { PageHeader } from '../../../components/PageHeader';
import { DeleteAction, EditAction, LinkAction, RowActions } from '../../../components/RowActions';
import { filtroDaApi, filtrosDaUrl, filtrosParaUrl, type FiltrosOrcamento } from '../filtros';
import { editarPath, NOVO_PATH, visualizarPath } from '../paths';
import { OrcamentosFiltros } from './OrcamentosFiltros';
import { StatusOrcamentoBadge } from './StatusOrcamentoBadge';

/** The create button of an empty state: the services' one opens the form on Serviços. */
function CriarButton({ label, servicos = false }: { label: string; servicos?: boolean }) {
  return (
    <Button
      component={Link}
      to={servicos ? `${NOVO_PATH}?tipo=servico` : NOVO_PATH}
      leftSection={<IconPlus size={16} />}
    >
      {label}
    </Button>
  );
}

/** What an empty tab says: none at all yet, none of this kind, or none for the search. */
function Vazio({
  aba,
  filtrada,
  nenhumAinda,
}: {
  aba: AbaOrcamento;
  filtrada: boolean;
  nenhumAinda: boolean;
}) {
  if (filtrada) {
    return (
      <EmptyState
        title={ORCAMENTO_MESSAGES.vazioTodos}
        hint="Nenhum orçamento atende à pesquisa e aos filtros."
      />
    );
  }
  if (nenhumAinda) {
    return (
      <EmptyState
        title={ORCAMENTO_MESSAGES.vazioTodos}
        action={
          <CriarButton label={ORCAMENTO_MESSAGES.criarPrimeiro} servicos={aba === 'servicos'} />
        }
      />
    );
  }
  return aba === 'servicos' ? (
    <EmptyState
      title={ORCAMENTO_MESSAGES.vazioServicos}
      action={<CriarButton label={ORCAMENTO_MESSAGES.criarServicos} servicos />}
    />
  ) : (
    <EmptyState
      title={ORCAMENTO_MESSAGES.vazioProdutos}
      action={<CriarButton label={ORCAMENTO_MESSAGES.criarProdutos} />}
    />
  );
}

/**
 * /orcamentos (spec 2.12): the tabs Produtos and Serviços (a mixed quote is in both), the search
 * by número, cliente or responsável and the Filtros, all answered by the server a page at a time
 * and kept in the address; each row views, edits (while editable) and deletes its quote.
 */
export function OrcamentosLista() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filtros = useMemo(() => filtrosDaUrl(searchParams), [searchParams]);
  const [texto, setTexto] = useState(filtros.q);
  const [q] = useDebouncedValue(texto.trim(), 300);
  const telaLarga = useMediaQuery(WIDE_ONLY);

  const mudarFiltros = (novos: FiltrosOrcamento) =>
    setSearchParams(filtrosParaUrl(novos), { replace: true });
  // The typed text goes to the address once the user pauses.
  useEffect(() => {
    if (q !== filtros.q) setSearchParams(filtrosParaUrl({ ...filtros, q }), { replace: true });
  }, [q, filtros, setSearchParams]);

  const filtro = useMemo(() => filtroDaApi(filtros), [filtros]);
  // The page belongs to the filter it was chosen under: another filter starts on page 1.
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const orcamentos = useOrcamentos(filtro, page);
  const filtrada = Boolean(filtro.q || filtro.status || filtro.de || filtro.ate);
  const vazia = orcamentos.data?.total === 0;
  const haOrcamentos = useHaOrcamentos(vazia && !filtrada);
  const remove = useExcluirOrcamento();

  const excluir = useConfirmDelete(remove.mutateAsync, {
    confirm: ORCAMENTO_MESSAGES.confirmarExclusao,
    success: ORCAMENTO_MESSAGES.excluido,
    error: ORCAMENTO_MESSAGES.erroExcluir,
  });

  const columns: DataTableColumn<OrcamentoResumo>[] = [
    {
      accessor: 'numero',
      title: 'Número',
      noWrap: true,
      render: (o) => (
        <Text size="sm" fw={600} ff="monospace">
          {formatNumeroOrcamento(o.numero)}
        </Text>
      ),
    },
    {
      accessor: 'cliente_nome',
      title: 'Cliente',
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm">{o.cliente_nome}</Text>
          {/* On a phone the status, the total and the validity go under the customer. */}
          <Box hiddenFrom="sm" mt={4}>
            <StatusOrcamentoBadge status={o.status} size="xs" />
            <Text size="xs" c="dimmed">
              {formatMoney(o.valor_total)} · válido até {formatDate(o.data_vencimento)}
            </Text>
          </Box>
        </Stack>
      ),
    },
    {
      accessor: 'tipo',
      title: 'Tipo',
      visibleMediaQuery: WIDE_ONLY,
      render: (o) => tipoOrcamentoLabel(o.tipo),
    },
    {
      accessor: 'data',
      title: 'Data',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (o) => formatDate(o.data),
    },
    {
      accessor: 'data_vencimento',
      title: 'Validade',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (o) => formatDate(o.data_vencimento),
    },
    {
      accessor: 'responsavel',
      title: 'Responsável',
      visibleMediaQuery: '(min-width: 75em)',
      render: (o) => o.responsavel ?? '—',
    },
    {
      accessor: 'valor_total',
      title: 'Total',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (o) => formatMoney(o.valor_total),
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (o) => <StatusOrcamentoBadge status={o.status} />,
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (o) => {
        const nome = `orçamento ${formatNumeroOrcamento(o.numero)}`;
        const convertido = o.venda_id !== null || o.ordem_servico_id !== null;
        return (
          <RowActions>
            <LinkAction
              icon={IconEye}
              title="Visualizar"
              label={`Visualizar ${nome}`}
              to={visualizarPath(o.id)}
            />
            {orcamentoEditavel(o.status) && <EditAction name={nome} to={editarPath(o.id)} />}
            {!convertido && <DeleteAction name={nome} onClick={() => void excluir(o)} />}
          </RowActions>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={ORCAMENTO_MESSAGES.titulo}
        breadcrumbs={[{ label: 'Início', to: '/dashboard' }, { label: ORCAMENTO_MESSAGES.titulo }]}
        actions={
          <>
            <ExportarLista path="/orcamentos" filtro={filtro} nome="orcamentos" />
            <Button component={Link} to={NOVO_PATH} leftSection={<IconPlus size={16} />}>
              {ORCAMENTO_MESSAGES.novo}
            </Button>
          </>
        }
      />
      <Tabs
        value={filtros.aba}
        onChange={(aba) =>
          mudarFiltros({ ...filtros, aba: aba === 'servicos' ? 'servicos' : 'produtos' })
        }
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="produtos" leftSection={<IconPackage size={16} />}>
            Produtos
          </Tabs.Tab>
          <Tabs.Tab value="servicos" leftSection={<IconTool size={16} />}>
            Serviços
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" p="md">
        <ListSearchBar
          placeholder={ORCAMENTO_MESSAGES.busca}
          label="Pesquisar orçamentos"
          value={texto}
          onChange={setTexto}
          extra={<OrcamentosFiltros filtros={filtros} onChange={mudarFiltros} />}
        />
        <PagedListTable<OrcamentoResumo>
          data-testid="orcamentos-table"
          query={orcamentos}
          loadErrorMessage="Erro ao carregar orçamentos"
          horizontalSpacing={telaLarga ? 'sm' : 'xs'}
          page={page}
          pageSize={ORCAMENTOS_PAGE_SIZE}
          onPageChange={(novaPagina) => setPagina({ chave, page: novaPagina })}
          rowAttributes={(o) => ({ 'data-orcamento-numero': o.numero })}
          emptyState={
            <Vazio
              aba={filtros.aba}
              filtrada={filtrada}
              nenhumAinda={haOrcamentos.data === false}
            />
          }
          columns={columns}
        />
      </Paper>
    </>
  );
}
