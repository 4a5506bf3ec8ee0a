import { ActionIcon, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconEye, IconPlayerPlay, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState, type ReactNode } from 'react';
import { formatMoney } from '@prumo/shared/money';
import { formatNumeroVenda, vendaEditavel, type VendaResumo } from '@prumo/shared/vendas';
import { useVendas, VENDAS_PAGE_SIZE } from '../../../../api/vendas';
import { WIDE_ONLY } from '../../../../components/data-table';
import { ListSearchBar } from '../../../../components/list/ListScreen';
import { PagedListTable } from '../../../../components/list/PagedListTable';
import { EditAction, RowActions } from '../../../../components/RowActions';
import { dataHoraDe } from '../../../../components/agendamentos/calendario';
import { StatusAgendamentoBadge } from '../../../../components/agendamentos/StatusAgendamentoBadge';
import { AGENDAMENTO_TEXTOS } from '../../../../components/agendamentos/textos';
import {
  podeCancelar,
  podeConcluir,
  podeIniciar,
  useAcoesAgendamento,
} from '../../../../components/agendamentos/use-acoes-agendamento';

function Acao({
  titulo,
  nome,
  cor,
  icon,
  onClick,
}: {
  titulo: string;
  nome: string;
  cor?: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color={cor}
      title={titulo}
      aria-label={`${titulo} ${nome}`}
      onClick={onClick}
    >
      {icon}
    </ActionIcon>
  );
}

/**
 * The appointments table (spec 2.13): searched by number, client or service on the server a page
 * at a time; Número, Cliente, Serviço, Data/Hora, Profissional, Valor, Status and the actions
 * (edit while Agendado, cancel, Iniciar when Agendado, Concluir when Em Andamento, view).
 */
export function AgendamentosLista({
  onEditar,
  onVer,
  emptyState,
}: {
  onEditar: (venda: VendaResumo) => void;
  onVer: (venda: VendaResumo) => void;
  emptyState: ReactNode;
}) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [page, setPage] = useState(1);
  const filtro = useMemo(() => ({ tipo: 'servico' as const, q: q || undefined }), [q]);
  const vendas = useVendas(filtro, page);
  const acoes = useAcoesAgendamento();

  const columns: DataTableColumn<VendaResumo>[] = [
    {
      accessor: 'numero',
      title: 'Número',
      noWrap: true,
      render: (venda) => (
        <Text size="sm" fw={600} ff="monospace">
          {formatNumeroVenda(venda.numero)}
        </Text>
      ),
    },
    { accessor: 'cliente_nome', title: 'Cliente', render: (venda) => venda.cliente_nome ?? '—' },
    {
      accessor: 'servico_nome',
      title: 'Serviço',
      visibleMediaQuery: WIDE_ONLY,
      render: (venda) => venda.servico_nome ?? '—',
    },
    { accessor: 'data_agendamento', title: 'Data/Hora', noWrap: true, render: dataHoraDe },
    {
      accessor: 'profissional',
      title: 'Profissional',
      visibleMediaQuery: WIDE_ONLY,
      render: (venda) => venda.profissional ?? '—',
    },
    {
      accessor: 'valor_final',
      title: 'Valor',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (venda) => formatMoney(venda.valor_final),
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (venda) => <StatusAgendamentoBadge status={venda.status} />,
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (venda) => {
        const nome = `agendamento ${formatNumeroVenda(venda.numero)}`;
        return (
          <RowActions gap={2}>
            {vendaEditavel(venda.status) && (
              <EditAction name={nome} onClick={() => onEditar(venda)} />
            )}
            {podeIniciar(venda) && (
              <Acao
                titulo={AGENDAMENTO_TEXTOS.iniciar}
                nome={nome}
                icon={<IconPlayerPlay size={18} />}
                onClick={() => void acoes.iniciar(venda)}
              />
            )}
            {podeConcluir(venda) && (
              <Acao
                titulo={AGENDAMENTO_TEXTOS.concluir}
                nome={nome}
                cor="green"
                icon={<IconCheck size={18} />}
                onClick={() => void acoes.concluir(venda)}
              />
            )}
            {podeCancelar(venda) && (
              <Acao
                titulo={AGENDAMENTO_TEXTOS.cancelar}
                nome={nome}
                cor="red"
                icon={<IconX size={18} />}
                onClick={() => void acoes.cancelar(venda)}
              />
            )}
            <Acao
              titulo={AGENDAMENTO_TEXTOS.ver}
              nome={nome}
              cor="gray"
              icon={<IconEye size={18} />}
              onClick={() => onVer(venda)}
            />
          </RowActions>
        );
      },
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <ListSearchBar
        placeholder={AGENDAMENTO_TEXTOS.pesquisar}
        label="Pesquisar agendamentos"
        value={texto}
        onChange={(value) => {
          setTexto(value);
          setPage(1);
        }}
      />
      <PagedListTable<VendaResumo>
        data-testid="agendamentos-table"
        query={vendas}
        loadErrorMessage={AGENDAMENTO_TEXTOS.erroListar}
        columns={columns}
        page={page}
        pageSize={VENDAS_PAGE_SIZE}
        onPageChange={setPage}
        emptyState={emptyState}
        rowAttributes={(venda) => ({ 'data-venda-numero': venda.numero })}
      />
    </Paper>
  );
}
