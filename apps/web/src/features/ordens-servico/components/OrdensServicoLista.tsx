import { ActionIcon, Box, Button, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconPrinter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, todayISO } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { formatNumeroOs, OS_MESSAGES, type OrdemServicoResumo } from '@prumo/shared/ordens-servico';
import {
  OS_PAGE_SIZE,
  useExcluirOrdemServico,
  useOrdensServico,
} from '../../../api/ordens-servico';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { ExportarLista } from '../../../components/ExportarLista';
import { ListSearchBar } from '../../../components/list/ListScreen';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { DeleteAction, EditAction, RowActions } from '../../../components/RowActions';
import {
  filtroDaApi,
  filtrosDaUrl,
  filtrosParaUrl,
  prazoVencido,
  type FiltrosOs,
} from '../filtros';
import { useImprimirOs } from '../imprimir';
import { PrioridadeOsBadge, SituacaoOsBadge } from './badges';
import { editarOsPath, NOVA_OS_PATH } from './OrdensServicoHub';
import { OsFiltros } from './OsFiltros';

/**
 * The deadline of a row, dd/mm/aaaa: in red (data-vencida) once it passed with the order still
 * open. `compacto` is the phone's line under the customer.
 */
function Prazo({
  ordem,
  hoje,
  compacto = false,
}: {
  ordem: OrdemServicoResumo;
  hoje: string;
  compacto?: boolean;
}) {
  if (!ordem.prazo)
    return compacto ? null : (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const vencida = prazoVencido(ordem, hoje);
  return (
    <Text
      size={compacto ? 'xs' : 'sm'}
      c={vencida ? 'red' : compacto ? 'dimmed' : undefined}
      fw={vencida && !compacto ? 600 : undefined}
      title={vencida ? 'Prazo vencido' : undefined}
      data-vencida={vencida}
      data-testid="prazo-os"
    >
      {compacto && 'Prazo '}
      {formatDate(ordem.prazo)}
    </Text>
  );
}

/**
 * "Gerenciar O.S." (spec 2.10): the orders a page at a time from the server, searched by number,
 * customer or equipment, with the Filtros kept in the address (the panel links here filtered).
 */
export function OrdensServicoLista() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filtros = useMemo(() => filtrosDaUrl(searchParams), [searchParams]);
  const [texto, setTexto] = useState(filtros.q);
  const [q] = useDebouncedValue(texto.trim(), 300);
  const hoje = todayISO();
  const telaLarga = useMediaQuery(WIDE_ONLY);

  const mudarFiltros = (novos: FiltrosOs) =>
    setSearchParams(filtrosParaUrl(novos), { replace: true });
  // The typed text goes to the address once the user pauses.
  useEffect(() => {
    if (q !== filtros.q) setSearchParams(filtrosParaUrl({ ...filtros, q }), { replace: true });
  }, [q, filtros, setSearchParams]);

  const filtro = useMemo(() => filtroDaApi(filtros, filtros.q), [filtros]);
  // The page belongs to the filter it was chosen under: another filter starts on page 1.
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const setPage = (novaPagina: number) => setPagina({ chave, page: novaPagina });
  const ordens = useOrdensServico(filtro, page);
  const remove = useExcluirOrdemServico();
  const imprimir = useImprimirOs();

  const excluir = useConfirmDelete(remove.mutateAsync, {
    confirm: OS_MESSAGES.confirmarExclusao,
    success: OS_MESSAGES.excluida,
    error: OS_MESSAGES.erroExcluir,
  });

  const filtrada = Object.values(filtro).some((value) => value !== undefined);

  const columns: DataTableColumn<OrdemServicoResumo>[] = [
    {
      accessor: 'numero',
      title: 'Número',
      noWrap: true,
      render: (ordem) => (
        <Text size="sm" fw={600} ff="monospace">
          {formatNumeroOs(ordem.numero)}
        </Text>
      ),
    },
    {
      accessor: 'cliente_nome',
      title: 'Cliente',
      render: (ordem) => (
        <Stack gap={0}>
          <Text size="sm">{ordem.cliente_nome ?? '—'}</Text>
          {ordem.equipamento && (
            <Text size="xs" c="dimmed" hiddenFrom="xl">
              {ordem.equipamento}
            </Text>
          )}
          {/* On a phone the situação and the deadline go under the customer. */}
          <Box hiddenFrom="sm" mt={4}>
            <SituacaoOsBadge situacao={ordem.situacao} size="xs" />
            <Prazo ordem={ordem} hoje={hoje} compacto />
          </Box>
        </Stack>
      ),
    },
    {
      accessor: 'equipamento',
      title: 'Equipamento',
      // Under the customer's name below 88em: the row keeps its actions in view.
      visibleMediaQuery: '(min-width: 88em)',
      render: (ordem) => ordem.equipamento ?? '—',
    },
    {
      accessor: 'tecnico_nome',
      title: 'Técnico',
      visibleMediaQuery: WIDE_ONLY,
      render: (ordem) => ordem.tecnico_nome ?? '—',
    },
    {
      accessor: 'prioridade',
      title: 'Prioridade',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (ordem) => <PrioridadeOsBadge prioridade={ordem.prioridade} />,
    },
    {
      accessor: 'situacao',
      title: 'Situação',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (ordem) => <SituacaoOsBadge situacao={ordem.situacao} />,
    },
    {
      accessor: 'prazo',
      title: 'Prazo',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (ordem) => <Prazo ordem={ordem} hoje={hoje} />,
    },
    {
      accessor: 'valor_total',
      title: 'Total',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (ordem) => formatMoney(ordem.valor_total),
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (ordem) => {
        const nome = `O.S. ${formatNumeroOs(ordem.numero)}`;
        return (
          <RowActions>
            <EditAction name={nome} to={editarOsPath(ordem.id)} />
            <ActionIcon
              variant="subtle"
              color="gray"
              title="Imprimir"
              aria-label={`Imprimir ${nome}`}
              loading={imprimir.imprimindo === ordem.id}
              onClick={() => void imprimir.imprimir(ordem)}
            >
              <IconPrinter size={18} />
            </ActionIcon>
            {ordem.situacao === 'em-aberto' && (
              <DeleteAction name={nome} onClick={() => void excluir(ordem)} />
            )}
          </RowActions>
        );
      },
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <ListSearchBar
        placeholder="Pesquisar por número, cliente ou equipamento..."
        label="Pesquisar ordens de serviço"
        value={texto}
        onChange={setTexto}
        extra={
          <>
            <OsFiltros filtros={filtros} onChange={mudarFiltros} />
            <ExportarLista
              path="/ordens-servico"
              filtro={filtro}
              nome="ordens-servico"
              compacto={!telaLarga}
            />
          </>
        }
      />
      <PagedListTable<OrdemServicoResumo>
        data-testid="ordens-servico-table"
        query={ordens}
        loadErrorMessage={OS_MESSAGES.erroCarregar}
        horizontalSpacing={telaLarga ? 'sm' : 'xs'}
        page={page}
        pageSize={OS_PAGE_SIZE}
        onPageChange={setPage}
        rowAttributes={(ordem) => ({ 'data-os-numero': ordem.numero })}
        emptyState={
          <EmptyState
            title={OS_MESSAGES.vazioTitulo}
            hint={
              filtrada ? 'Nenhuma ordem atende à pesquisa e aos filtros.' : OS_MESSAGES.vazioTexto
            }
            action={
              filtrada ? undefined : (
                <Button component={Link} to={NOVA_OS_PATH} leftSection={<IconPlus size={16} />}>
                  Nova O.S.
                </Button>
              )
            }
          />
        }
        columns={columns}
      />
    </Paper>
  );
}
