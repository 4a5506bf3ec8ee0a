import 'mantine-datatable/styles.css';
import { ActionIcon, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import {
  CLIENTE_BALCAO,
  formaPagamentoLabel,
  formatNumeroVenda,
  STATUS_VENDA,
  VENDA_MESSAGES,
  vendaEditavel,
  type StatusVenda,
  type TipoVenda,
  type VendaResumo,
} from '@prumo/shared/vendas';
import { useDeleteVenda, useVendas, VENDAS_PAGE_SIZE } from '../../../api/vendas';
import {
  PT_BR_PAGINATION,
  TABLE_LOOK,
  usePositionKeys,
  WIDE_ONLY,
} from '../../../components/data-table';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { DeleteAction, EditAction, RowActions } from '../../../components/RowActions';
import { ExportarLista } from '../../../components/ExportarLista';
import { SearchInput } from '../../../components/SearchInput';
import { VENDA_TEXTOS } from '../texts';
import { StatusVendaBadge } from './StatusVendaBadge';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos' },
  ...STATUS_VENDA.map((status) => ({ value: status, label: status })),
];

/** The customer a row shows: the counter falls back to "Cliente Balcão" (spec 2.13). */
const clienteDe = (venda: VendaResumo) =>
  venda.cliente_nome ?? (venda.tipo === 'balcao' ? CLIENTE_BALCAO : '—');

/**
 * The sales of one tab (spec 2.13): search by number or customer and a status filter, both
 * answered by the server a page at a time; Número, Cliente, Valor Total (the final value),
 * Status, Pagamento, Data and the row's actions (edit and delete only while Pendente).
 */
export function VendasLista({
  tipo,
  onVer,
  onEditar,
  emptyState,
}: {
  tipo: TipoVenda;
  onVer: (venda: VendaResumo) => void;
  /** Product sales are edited in their modal; counter sales are not. */
  onEditar?: (venda: VendaResumo) => void;
  emptyState: ReactNode;
}) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [status, setStatus] = useState<StatusVenda | ''>('');
  const [page, setPage] = useState(1);
  const narrow = useMediaQuery('(max-width: 48em)');
  const filtro = useMemo(
    () => ({ tipo, q: q || undefined, status: status || undefined }),
    [tipo, q, status],
  );
  const vendas = useVendas(filtro, page);
  const remove = useDeleteVenda();

  useEffect(() => {
    if (vendas.error) console.error(VENDA_TEXTOS.erroListar, vendas.error);
  }, [vendas.error]);

  const excluir = useConfirmDelete(remove.mutateAsync, {
    confirm: VENDA_MESSAGES.confirmarExclusao,
    success: VENDA_TEXTOS.excluida,
    error: VENDA_TEXTOS.erroExcluir,
  });

  const records = vendas.data?.items ?? [];
  const positionKey = usePositionKeys(records);
  const total = vendas.data?.total ?? 0;
  const columns: DataTableColumn<VendaResumo>[] = [
    {
      accessor: 'numero',
      title: 'Número',
      width: narrow ? 124 : undefined,
      render: (venda) =>
        narrow ? (
          // On a phone the first cell sums up the columns left out: status and customer.
          <Stack gap={2} align="flex-start">
            <Text size="sm" fw={600} ff="monospace">
              {formatNumeroVenda(venda.numero)}
            </Text>
            <StatusVendaBadge status={venda.status} />
            <Text size="xs" c="dimmed" lineClamp={2} maw={118} style={{ whiteSpace: 'normal' }}>
              {clienteDe(venda)} · {formatDate(venda.data_venda)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" fw={600} ff="monospace">
            {formatNumeroVenda(venda.numero)}
          </Text>
        ),
    },
    {
      accessor: 'cliente_nome',
      title: 'Cliente',
      visibleMediaQuery: WIDE_ONLY,
      render: clienteDe,
    },
    {
      accessor: 'valor_final',
      title: 'Valor Total',
      textAlign: 'right',
      noWrap: true,
      render: (venda) => formatMoney(venda.valor_final),
    },
    {
      accessor: 'status',
      title: 'Status',
      visibleMediaQuery: WIDE_ONLY,
      render: (venda) => <StatusVendaBadge status={venda.status} />,
    },
    {
      accessor: 'forma_pagamento',
      title: 'Pagamento',
      visibleMediaQuery: WIDE_ONLY,
      render: (venda) => formaPagamentoLabel(venda.forma_pagamento),
    },
    {
      accessor: 'data_venda',
      title: 'Data',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (venda) => formatDate(venda.data_venda),
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (venda) => {
        const nome = `venda ${formatNumeroVenda(venda.numero)}`;
        const editavel = vendaEditavel(venda.status);
        return (
          <RowActions>
            {onEditar && editavel && <EditAction name={nome} onClick={() => onEditar(venda)} />}
            {editavel && <DeleteAction name={nome} onClick={() => void excluir(venda)} />}
            <ActionIcon
              variant="subtle"
              color="gray"
              title="Ver"
              aria-label={`Ver ${nome}`}
              onClick={() => onVer(venda)}
            >
              <IconEye size={18} />
            </ActionIcon>
          </RowActions>
        );
      },
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" mb="md" wrap="nowrap">
        <SearchInput
          flex={1}
          placeholder={VENDA_TEXTOS.pesquisar}
          aria-label="Pesquisar vendas"
          value={texto}
          onValueChange={(value) => {
            setTexto(value);
            setPage(1);
          }}
        />
        <Select
          aria-label="Status"
          w={narrow ? 125 : 160}
          allowDeselect={false}
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => {
            setStatus((value ?? '') as StatusVenda | '');
            setPage(1);
          }}
        />
        <ExportarLista path="/vendas" filtro={filtro} nome="vendas" />
      </Group>
      <DataTable<VendaResumo>
        data-testid={`vendas-${tipo}-table`}
        {...TABLE_LOOK}
        {...PT_BR_PAGINATION}
        horizontalSpacing={narrow ? 6 : 'xs'}
        striped
        minHeight={records.length === 0 ? 260 : undefined}
        fetching={vendas.isFetching && !vendas.data}
        records={records}
        totalRecords={total}
        recordsPerPage={VENDAS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        idAccessor={positionKey}
        customRowAttributes={(venda) => ({ 'data-venda-numero': venda.numero })}
        emptyState={records.length === 0 && !vendas.isPending ? emptyState : undefined}
        columns={columns}
      />
    </Paper>
  );
}
