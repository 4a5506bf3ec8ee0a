import { Button, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  formatNumeroAssinatura,
  SITUACAO_ASSINATURA_VALUES,
  type AssinaturaResumo,
  type SituacaoAssinatura,
} from '@prumo/shared/contratos';
import { formatDate } from '@prumo/shared/dates';
import {
  ASSINATURAS_PAGE_SIZE,
  useAssinaturas,
  type AssinaturasFiltro,
} from '../../../api/assinaturas';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { FiltersPopover } from '../../../components/list/FiltersPopover';
import { ListSearchBar } from '../../../components/list/ListScreen';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { LinkAction, RowActions } from '../../../components/RowActions';
import { SituacaoAssinaturaBadge } from './SituacaoAssinaturaBadge';
import {
  ASSINATURA_TEXTOS as T,
  assinaturaPath,
  NOVA_ASSINATURA_PATH,
  nomeAssinatura,
  precoPorCiclo,
} from './textos';

const situacaoDaUrl = (params: URLSearchParams): SituacaoAssinatura | undefined => {
  const valor = params.get('situacao');
  return (SITUACAO_ASSINATURA_VALUES as readonly string[]).includes(valor ?? '')
    ? (valor as SituacaoAssinatura)
    : undefined;
};

/**
 * The subscriptions a page at a time from the server, searched by número, customer or plan and
 * filtered by situação; the search and the filter live in the address (the bell links here).
 */
export function AssinaturasLista() {
  const [searchParams, setSearchParams] = useSearchParams();
  const qUrl = searchParams.get('q') ?? '';
  const situacao = situacaoDaUrl(searchParams);
  const [texto, setTexto] = useState(qUrl);
  const [q] = useDebouncedValue(texto.trim(), 300);

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
  useEffect(() => {
    if (q !== qUrl) mudar('q', q);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new text
  }, [q]);

  const filtro = useMemo<AssinaturasFiltro>(
    () => ({ q: qUrl || undefined, situacao }),
    [qUrl, situacao],
  );
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const lista = useAssinaturas(filtro, page);
  const filtrada = Boolean(filtro.q || filtro.situacao);

  const columns: DataTableColumn<AssinaturaResumo>[] = [
    {
      accessor: 'numero',
      title: 'Número',
      noWrap: true,
      render: (a) => (
        <Text size="sm" fw={600} ff="monospace">
          {formatNumeroAssinatura(a.numero)}
        </Text>
      ),
    },
    {
      accessor: 'cliente_nome',
      title: 'Cliente',
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{a.cliente_nome}</Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {a.plano_nome} · {a.situacao}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'plano_nome',
      title: 'Plano',
      visibleMediaQuery: WIDE_ONLY,
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{a.plano_nome}</Text>
          <Text size="xs" c="dimmed">
            {precoPorCiclo(a.valor, a.ciclo)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'proxima_renovacao',
      title: 'Próxima renovação',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (a) =>
        a.proxima_renovacao
          ? formatDate(a.proxima_renovacao)
          : a.cancelar_ao_fim
            ? 'Cancela ao fim do período'
            : '—',
    },
    {
      accessor: 'situacao',
      title: 'Situação',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (a) => <SituacaoAssinaturaBadge situacao={a.situacao} />,
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (a) => (
        <RowActions>
          <LinkAction
            icon={IconEye}
            title="Ver assinatura"
            label={`Ver ${nomeAssinatura(a.numero)}`}
            to={assinaturaPath(a.id)}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <ListSearchBar
        placeholder="Pesquisar por número, cliente ou plano..."
        label="Pesquisar assinaturas"
        value={texto}
        onChange={setTexto}
        extra={
          <FiltersPopover active={situacao ? 1 : 0} onClear={() => mudar('situacao', undefined)}>
            <Select
              label="Situação"
              placeholder="Todas"
              data={SITUACAO_ASSINATURA_VALUES}
              value={situacao ?? null}
              onChange={(valor) => mudar('situacao', valor ?? undefined)}
              clearable
              comboboxProps={{ withinPortal: false }}
              data-testid="filtro-situacao-assinatura"
            />
          </FiltersPopover>
        }
      />
      <PagedListTable<AssinaturaResumo>
        data-testid="assinaturas-table"
        query={lista}
        loadErrorMessage={T.erroCarregar}
        page={page}
        pageSize={ASSINATURAS_PAGE_SIZE}
        onPageChange={(novaPagina) => setPagina({ chave, page: novaPagina })}
        rowAttributes={(a) => ({ 'data-assinatura-numero': a.numero })}
        emptyState={
          <EmptyState
            title={T.vazio}
            hint={filtrada ? T.vazioFiltrado : T.vazioDica}
            action={
              filtrada ? undefined : (
                <Button
                  component={Link}
                  to={NOVA_ASSINATURA_PATH}
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
