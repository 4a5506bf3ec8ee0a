import { Alert, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { formatDate } from '@prumo/shared/dates';
import {
  FINANCEIRO_MESSAGES,
  STATUS_PARCELA,
  type ParcelaResumo,
  type StatusParcela,
} from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';
import { FINANCEIRO_PAGE_SIZE, useParcelas, type ParcelasFiltro } from '../../../api/financeiro';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { ListSearchBar } from '../../../components/list/ListScreen';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { StatusParcelaBadge } from './StatusParcelaBadge';

/**
 * Boletos Bancários: the receivable installments whose method is boleto, with their state; the
 * issuing of registered boletos comes later (the tab says so). A row opens its title.
 */
export function BoletosTab({ onAbrir }: { onAbrir: (tituloId: number) => void }) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [status, setStatus] = useState<StatusParcela | ''>('');
  const telaLarga = useMediaQuery(WIDE_ONLY);
  const filtro = useMemo<ParcelasFiltro>(
    () => ({
      natureza: 'receber',
      forma_pagamento: 'boleto',
      status: status || undefined,
      q: q || undefined,
    }),
    [status, q],
  );
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const parcelas = useParcelas(filtro, page);

  const columns: DataTableColumn<ParcelaResumo>[] = [
    {
      accessor: 'vencimento',
      title: 'Vencimento',
      noWrap: true,
      render: (p) => (
        <Text size="sm" c={p.status === 'vencido' ? 'red.7' : undefined}>
          {formatDate(p.vencimento)}
        </Text>
      ),
    },
    {
      accessor: 'pessoa_nome',
      title: 'Cliente',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{p.pessoa_nome ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {p.descricao} · {p.numero}/{p.total_parcelas}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'valor',
      title: 'Valor',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (p) => formatMoney(p.valor),
    },
    {
      accessor: 'saldo',
      title: 'Em aberto',
      textAlign: 'right',
      noWrap: true,
      render: (p) => formatMoney(p.saldo),
    },
    {
      accessor: 'dias_atraso',
      title: 'Atraso',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (p) => (p.dias_atraso > 0 ? `${p.dias_atraso} dias` : '—'),
    },
    {
      accessor: 'status',
      title: 'Situação',
      noWrap: true,
      render: (p) => <StatusParcelaBadge status={p.status} size={telaLarga ? 'sm' : 'xs'} />,
    },
  ];

  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        {FINANCEIRO_MESSAGES.boletosEmBreve}
      </Alert>
      <Paper withBorder radius="md" p="md">
        <ListSearchBar
          placeholder="Buscar por cliente ou descrição..."
          label="Pesquisar boletos"
          value={texto}
          onChange={setTexto}
          extra={
            <Select
              aria-label="Situação"
              w={170}
              data={[
                { value: '', label: 'Todas as situações' },
                ...STATUS_PARCELA.map(({ value, label }) => ({ value, label })),
              ]}
              allowDeselect={false}
              value={status}
              onChange={(value) => setStatus((value ?? '') as StatusParcela | '')}
            />
          }
        />
        <PagedListTable<ParcelaResumo>
          data-testid="boletos-table"
          query={parcelas}
          loadErrorMessage="Erro ao carregar boletos"
          horizontalSpacing={telaLarga ? 'sm' : 'xs'}
          page={page}
          pageSize={FINANCEIRO_PAGE_SIZE}
          onPageChange={(novaPagina) => setPagina({ chave, page: novaPagina })}
          onRowClick={(p) => onAbrir(p.titulo_id)}
          emptyState={<EmptyState title="Nenhum recebível em boleto" />}
          columns={columns}
        />
      </Paper>
    </Stack>
  );
}
