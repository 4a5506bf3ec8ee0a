import { Box, Button, Chip, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  formatNumeroLocacao,
  SITUACAO_LOCACAO_VALUES,
  type LocacaoResumo,
  type SituacaoLocacao,
} from '@prumo/shared/contratos';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import {
  LOCACOES_PAGE_SIZE,
  useContagemLocacoes,
  useLocacoes,
  type LocacoesListaFiltro,
} from '../../../../api/locacoes';
import { WIDE_ONLY } from '../../../../components/data-table';
import { EmptyState } from '../../../../components/EmptyState';
import { FiltersPopover } from '../../../../components/list/FiltersPopover';
import { ListSearchBar } from '../../../../components/list/ListScreen';
import { PagedListTable } from '../../../../components/list/PagedListTable';
import { EditAction, LinkAction, RowActions } from '../../../../components/RowActions';
import { editarLocacaoPath, locacaoPath, NOVA_LOCACAO_PATH } from '../paths';
import { diasTexto, LOCACAO_TEXTOS as T, nomeLocacao } from '../textos';
import { SituacaoLocacaoBadge } from './SituacaoLocacaoBadge';

const situacaoDaUrl = (params: URLSearchParams): SituacaoLocacao | undefined => {
  const valor = params.get('situacao');
  return (SITUACAO_LOCACAO_VALUES as readonly string[]).includes(valor ?? '')
    ? (valor as SituacaoLocacao)
    : undefined;
};

/**
 * The rentals a page at a time from the server, searched by número or customer, filtered by
 * situação and by "Atrasadas" (out past the planned return, with their count); the search and
 * the filters live in the address.
 */
export function LocacoesLista() {
  const [searchParams, setSearchParams] = useSearchParams();
  const qUrl = searchParams.get('q') ?? '';
  const situacao = situacaoDaUrl(searchParams);
  const atrasadas = searchParams.get('atrasadas') === 'true';
  const [texto, setTexto] = useState(qUrl);
  const [q] = useDebouncedValue(texto.trim(), 300);
  const telaLarga = useMediaQuery(WIDE_ONLY);
  const contagem = useContagemLocacoes();

  const mudar = (nome: 'q' | 'situacao' | 'atrasadas', valor: string | undefined) =>
    setSearchParams(
      (atual) => {
        const next = new URLSearchParams(atual);
        if (valor) next.set(nome, valor);
        else next.delete(nome);
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (q !== qUrl) mudar('q', q);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new text
  }, [q]);

  const filtro = useMemo<LocacoesListaFiltro>(
    () => ({ q: qUrl || undefined, situacao, atrasadas: atrasadas ? 'true' : undefined }),
    [qUrl, situacao, atrasadas],
  );
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const locacoes = useLocacoes(filtro, page);
  const filtrada = Boolean(filtro.q || filtro.situacao || filtro.atrasadas);
  const nAtrasadas = contagem.data?.atrasadas ?? 0;

  const columns: DataTableColumn<LocacaoResumo>[] = [
    {
      accessor: 'numero',
      title: 'Número',
      noWrap: true,
      render: (l) => (
        <Text size="sm" fw={600} ff="monospace">
          {formatNumeroLocacao(l.numero)}
        </Text>
      ),
    },
    {
      accessor: 'cliente_nome',
      title: 'Cliente',
      render: (l) => (
        <Stack gap={0}>
          <Text size="sm">{l.cliente_nome}</Text>
          <Text size="xs" c="dimmed">
            {l.itens_texto}
          </Text>
          <Box hiddenFrom="sm" mt={4}>
            <SituacaoLocacaoBadge situacao={l.situacao} atrasada={l.atrasada} size="xs" />
            <Text size="xs" c="dimmed">
              {formatDate(l.retirada)} a {formatDate(l.devolucao_prevista)} · {formatMoney(l.valor)}
            </Text>
          </Box>
        </Stack>
      ),
    },
    {
      accessor: 'retirada',
      title: 'Retirada',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (l) => formatDate(l.retirada),
    },
    {
      accessor: 'devolucao_prevista',
      title: 'Devolução prevista',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (l) => (
        <Text size="sm" c={l.atrasada ? 'red' : undefined}>
          {formatDate(l.devolucao_prevista)}
          {l.atrasada && ` (${diasTexto(l.dias_atraso)} de atraso)`}
        </Text>
      ),
    },
    {
      accessor: 'valor',
      title: 'Valor',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (l) => formatMoney(l.valor),
    },
    {
      accessor: 'situacao',
      title: 'Situação',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (l) => <SituacaoLocacaoBadge situacao={l.situacao} atrasada={l.atrasada} />,
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (l) => {
        const nome = nomeLocacao(l.numero);
        return (
          <RowActions>
            <LinkAction
              icon={IconEye}
              title="Ver locação"
              label={`Ver ${nome}`}
              to={locacaoPath(l.id)}
            />
            {l.situacao === 'Reservada' && <EditAction name={nome} to={editarLocacaoPath(l.id)} />}
          </RowActions>
        );
      },
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <ListSearchBar
        placeholder="Pesquisar por número ou cliente..."
        label="Pesquisar locações"
        value={texto}
        onChange={setTexto}
        extra={
          <Group gap="xs" wrap="nowrap">
            <Chip
              checked={atrasadas}
              onChange={(marcado) => mudar('atrasadas', marcado ? 'true' : undefined)}
              color="red"
              data-testid="filtro-atrasadas"
            >
              {T.atrasadas} ({nAtrasadas})
            </Chip>
            <FiltersPopover active={situacao ? 1 : 0} onClear={() => mudar('situacao', undefined)}>
              <Select
                label="Situação"
                placeholder="Todas"
                data={SITUACAO_LOCACAO_VALUES}
                value={situacao ?? null}
                onChange={(valor) => mudar('situacao', valor ?? undefined)}
                clearable
                comboboxProps={{ withinPortal: false }}
                data-testid="filtro-situacao-locacao"
              />
            </FiltersPopover>
          </Group>
        }
      />
      <PagedListTable<LocacaoResumo>
        data-testid="locacoes-table"
        query={locacoes}
        loadErrorMessage={T.erroCarregar}
        horizontalSpacing={telaLarga ? 'sm' : 'xs'}
        page={page}
        pageSize={LOCACOES_PAGE_SIZE}
        onPageChange={(novaPagina) => setPagina({ chave, page: novaPagina })}
        rowAttributes={(l) => ({ 'data-locacao-numero': l.numero })}
        emptyState={
          <EmptyState
            title={T.vazio}
            hint={filtrada ? T.vazioFiltrado : T.vazioDica}
            action={
              filtrada ? undefined : (
                <Button
                  component={Link}
                  to={NOVA_LOCACAO_PATH}
                  leftSection={<IconPlus size={16} />}
                >
                  {T.nova}
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
