import { Anchor, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ADMIN_MANAGER, hasRole } from '@prumo/shared/auth';
import { formatDateTime } from '@prumo/shared/dates';
import {
  TIPO_DEVOLUCAO_LABELS,
  type DevolucaoResumo,
  type TipoDevolucao,
} from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { DEVOLUCOES_PAGE_SIZE, useDevolucoes } from '../../../api/fiscal';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { DEVOLUCAO_TEXTOS as T } from '../../../components/fiscal/devolucao';
import { formatNumeroNota, SituacaoNotaBadge } from '../../../components/fiscal/nota';
import { ListSearchBar } from '../../../components/list/ListScreen';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { useSession } from '../../../lib/session';
import { notaPath } from '../paths';

type FiltroTipo = TipoDevolucao | 'todas';

const TIPOS: { value: FiltroTipo; label: string }[] = [
  { value: 'todas', label: 'Todas' },
  { value: 'cliente', label: 'De clientes' },
  { value: 'fornecedor', label: 'A fornecedores' },
];

/** The return's own NF-e: its number (to its screen) and situação. */
function NotaDaDevolucao({ devolucao }: { devolucao: DevolucaoResumo }) {
  if (devolucao.nota_id === null || devolucao.nota_numero === null) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Anchor
        component={Link}
        to={notaPath(devolucao.nota_id)}
        size="sm"
        ff="monospace"
        onClick={(event) => event.stopPropagation()}
      >
        {formatNumeroNota(devolucao.nota_numero)}
      </Anchor>
      {devolucao.nota_situacao && (
        <SituacaoNotaBadge situacao={devolucao.nota_situacao} size="xs" />
      )}
    </Stack>
  );
}

/**
 * Devoluções, in the NF-e tab (admins and managers): the returns of customers and to suppliers,
 * searched and paged by the server, each with the original note's number, who, the value and
 * its own NF-e de devolução (opened by a click).
 */
export function DevolucoesPainel() {
  const gerente = hasRole(useSession().user?.role, ADMIN_MANAGER);
  if (!gerente) return null;
  return <Lista />;
}

function Lista() {
  const navigate = useNavigate();
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [tipo, setTipo] = useState<FiltroTipo>('todas');
  const filtro = { q: q || undefined, tipo: tipo === 'todas' ? undefined : tipo };
  // The page belongs to the filter it was chosen under: another filter starts on page 1.
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const devolucoes = useDevolucoes(filtro, page);
  const filtrada = Boolean(filtro.q || filtro.tipo);

  const columns: DataTableColumn<DevolucaoResumo>[] = [
    {
      accessor: 'created_at',
      title: 'Data',
      noWrap: true,
      render: (devolucao) => formatDateTime(devolucao.created_at),
    },
    {
      accessor: 'tipo',
      title: 'Tipo',
      visibleMediaQuery: WIDE_ONLY,
      render: (devolucao) => TIPO_DEVOLUCAO_LABELS[devolucao.tipo],
    },
    {
      accessor: 'numero_origem',
      title: 'Nota de origem',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (devolucao) => (
        <Text size="sm" ff="monospace">
          {formatNumeroNota(devolucao.numero_origem)}
        </Text>
      ),
    },
    {
      accessor: 'pessoa_nome',
      title: 'Cliente / fornecedor',
      render: (devolucao) => devolucao.pessoa_nome,
    },
    {
      accessor: 'valor_total',
      title: 'Valor',
      textAlign: 'right',
      noWrap: true,
      render: (devolucao) => formatMoney(devolucao.valor_total),
    },
    {
      accessor: 'nota_numero',
      title: 'NF-e de devolução',
      render: (devolucao) => <NotaDaDevolucao devolucao={devolucao} />,
    },
  ];

  return (
    <Paper withBorder radius="md" p="md" mt="md" data-testid="devolucoes-painel">
      <Title order={2} size="h4" mb="sm">
        {T.painel}
      </Title>
      <ListSearchBar
        placeholder={T.pesquisar}
        label="Pesquisar devoluções"
        value={texto}
        onChange={setTexto}
        extra={
          <Group visibleFrom="sm">
            <SegmentedControl
              size="sm"
              aria-label="Tipo de devolução"
              data={TIPOS}
              value={tipo}
              onChange={(value) => setTipo(value as FiltroTipo)}
            />
          </Group>
        }
      />
      <PagedListTable<DevolucaoResumo>
        data-testid="devolucoes-table"
        query={devolucoes}
        loadErrorMessage={T.erroListar}
        page={page}
        pageSize={DEVOLUCOES_PAGE_SIZE}
        onPageChange={(novaPagina) => setPagina({ chave, page: novaPagina })}
        onRowClick={(devolucao) => {
          if (devolucao.nota_id !== null) void navigate(notaPath(devolucao.nota_id));
        }}
        rowAttributes={(devolucao) => ({ 'data-devolucao-id': devolucao.id })}
        emptyState={
          filtrada ? (
            <EmptyState title={T.vazio} hint={T.vazioFiltrada} />
          ) : (
            <EmptyState title={T.vazio} hint={T.vazioAjuda} />
          )
        }
        columns={columns}
      />
    </Paper>
  );
}
