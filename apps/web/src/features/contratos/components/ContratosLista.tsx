import { Box, Button, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  formatNumeroContrato,
  SITUACAO_CONTRATO_VALUES,
  type ContratoResumo,
  type SituacaoContrato,
} from '@prumo/shared/contratos';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { CONTRATOS_PAGE_SIZE, useContratos, type ContratosFiltro } from '../../../api/contratos';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { FiltersPopover } from '../../../components/list/FiltersPopover';
import { ListSearchBar } from '../../../components/list/ListScreen';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { EditAction, LinkAction, RowActions } from '../../../components/RowActions';
import { contratoPath, editarPath, NOVO_PATH } from '../paths';
import { CONTRATO_TEXTOS as T, nomeContrato, periodicidadeLabel } from '../textos';
import { SituacaoContratoBadge } from './SituacaoContratoBadge';

const situacaoDaUrl = (params: URLSearchParams): SituacaoContrato | undefined => {
  const valor = params.get('situacao');
  return (SITUACAO_CONTRATO_VALUES as readonly string[]).includes(valor ?? '')
    ? (valor as SituacaoContrato)
    : undefined;
};

/**
 * The service contracts a page at a time from the server, searched by número, customer or
 * description and filtered by situação; the search and the filter live in the address.
 */
export function ContratosLista() {
  const [searchParams, setSearchParams] = useSearchParams();
  const qUrl = searchParams.get('q') ?? '';
  const situacao = situacaoDaUrl(searchParams);
  const [texto, setTexto] = useState(qUrl);
  const [q] = useDebouncedValue(texto.trim(), 300);
  const telaLarga = useMediaQuery(WIDE_ONLY);

  const mudar = (nome: 'q' | 'situacao', valor: string | undefined) =>
    setSearchParams(
      (atual) => {
        const next = new URLSearchParams(atual);
        if (valor) next.set(nome, valor);
        else next.delete(nome);
        return next;
      },
      { replace: true },
    );
  // The typed text goes to the address once the user pauses.
  useEffect(() => {
    if (q !== qUrl) mudar('q', q);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new text
  }, [q]);

  const filtro = useMemo<ContratosFiltro>(
    () => ({ q: qUrl || undefined, situacao }),
    [qUrl, situacao],
  );
  // The page belongs to the filter it was chosen under: another filter starts on page 1.
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const contratos = useContratos(filtro, page);
  const filtrada = Boolean(filtro.q || filtro.situacao);

  const columns: DataTableColumn<ContratoResumo>[] = [
    {
      accessor: 'numero',
      title: 'Número',
      noWrap: true,
      render: (contrato) => (
        <Text size="sm" fw={600} ff="monospace">
          {formatNumeroContrato(contrato.numero)}
        </Text>
      ),
    },
    {
      accessor: 'cliente_nome',
      title: 'Cliente',
      render: (contrato) => (
        <Stack gap={0}>
          <Text size="sm">{contrato.cliente_nome}</Text>
          {contrato.descricao && (
            <Text size="xs" c="dimmed" hiddenFrom="lg">
              {contrato.descricao}
            </Text>
          )}
          {/* On a phone the situação, the value and the next bill go under the customer. */}
          <Box hiddenFrom="sm" mt={4}>
            <SituacaoContratoBadge situacao={contrato.situacao} size="xs" />
            <Text size="xs" c="dimmed">
              {formatMoney(contrato.valor_ciclo)} · {periodicidadeLabel(contrato.periodicidade)}
              {contrato.proximo_faturamento &&
                ` · próximo ${formatDate(contrato.proximo_faturamento)}`}
            </Text>
          </Box>
        </Stack>
      ),
    },
    {
      accessor: 'descricao',
      title: 'Descrição',
      visibleMediaQuery: '(min-width: 75em)',
      render: (contrato) => contrato.descricao ?? '—',
    },
    {
      accessor: 'periodicidade',
      title: 'Periodicidade',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (contrato) => periodicidadeLabel(contrato.periodicidade),
    },
    {
      accessor: 'valor_ciclo',
      title: 'Valor',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (contrato) => formatMoney(contrato.valor_ciclo),
    },
    {
      accessor: 'proximo_faturamento',
      title: 'Próximo faturamento',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (contrato) =>
        contrato.proximo_faturamento ? formatDate(contrato.proximo_faturamento) : '—',
    },
    {
      accessor: 'situacao',
      title: 'Situação',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (contrato) => <SituacaoContratoBadge situacao={contrato.situacao} />,
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (contrato) => {
        const nome = nomeContrato(contrato.numero);
        return (
          <RowActions>
            <LinkAction
              icon={IconEye}
              title="Ver contrato"
              label={`Ver ${nome}`}
              to={contratoPath(contrato.id)}
            />
            {contrato.situacao !== 'Cancelado' && (
              <EditAction name={nome} to={editarPath(contrato.id)} />
            )}
          </RowActions>
        );
      },
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <ListSearchBar
        placeholder="Pesquisar por número, cliente ou descrição..."
        label="Pesquisar contratos"
        value={texto}
        onChange={setTexto}
        extra={
          <FiltersPopover active={situacao ? 1 : 0} onClear={() => mudar('situacao', undefined)}>
            <Select
              label="Situação"
              placeholder="Todas"
              data={SITUACAO_CONTRATO_VALUES}
              value={situacao ?? null}
              onChange={(valor) => mudar('situacao', valor ?? undefined)}
              clearable
              comboboxProps={{ withinPortal: false }}
              data-testid="filtro-situacao"
            />
          </FiltersPopover>
        }
      />
      <PagedListTable<ContratoResumo>
        data-testid="contratos-table"
        query={contratos}
        loadErrorMessage={T.erroCarregar}
        horizontalSpacing={telaLarga ? 'sm' : 'xs'}
        page={page}
        pageSize={CONTRATOS_PAGE_SIZE}
        onPageChange={(novaPagina) => setPagina({ chave, page: novaPagina })}
        rowAttributes={(contrato) => ({ 'data-contrato-numero': contrato.numero })}
        emptyState={
          <EmptyState
            title={T.vazio}
            hint={filtrada ? T.vazioFiltrado : T.vazioDica}
            action={
              filtrada ? undefined : (
                <Button component={Link} to={NOVO_PATH} leftSection={<IconPlus size={16} />}>
                  {T.novo}
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
