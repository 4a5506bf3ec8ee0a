import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { ActionIcon } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '@prumo/shared/dates';
import {
  FINANCEIRO_MESSAGES,
  NATUREZAS,
  STATUS_PARCELA,
  type Natureza,
  type StatusParcela,
  type Titulo,
} from '@prumo/shared/financeiro';
import { formatMoney } from '@prumo/shared/money';
import {
  FINANCEIRO_PAGE_SIZE,
  useCategoriasFinanceiras,
  useTitulos,
} from '../../../api/financeiro';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';

import { FiltersPopover } from '../../../components/list/FiltersPopover';
import { ExportarLista } from '../../../components/ExportarLista';
import { ListSearchBar } from '../../../components/list/ListScreen';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { PeriodoFiltro } from '../../../components/list/PeriodoFiltro';
import { RowActions } from '../../../components/RowActions';
import {
  contarFiltros,
  filtroDaApi,
  filtrosDaUrl,
  filtrosParaUrl,
  type FiltrosTitulo,
} from '../filtros';
import { OrigemTitulo } from './Dinheiro';
import { StatusParcelaBadge } from './StatusParcelaBadge';
import classes from './TitulosTab.module.css';

const EM_ABERTO: readonly StatusParcela[] = ['aberto', 'parcial', 'vencido'];

/** The installment a title's row shows: the first still owed, or the last one. */
export function parcelaEmFoco(titulo: Titulo) {
  return (
    titulo.parcelas.find((p) => EM_ABERTO.includes(p.status)) ??
    titulo.parcelas[titulo.parcelas.length - 1]
  );
}

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  ...STATUS_PARCELA.map(({ value, label }) => ({ value, label })),
];

function Filtros({
  natureza,
  filtros,
  onChange,
}: {
  natureza: Natureza;
  filtros: FiltrosTitulo;
  onChange: (filtros: FiltrosTitulo) => void;
}) {
  const categorias = useCategoriasFinanceiras();
  const tipo = natureza === 'pagar' ? 'despesa' : 'receita';
  const set = (parcial: Partial<FiltrosTitulo>) => onChange({ ...filtros, ...parcial });
  return (
    <FiltersPopover
      active={contarFiltros(filtros)}
      onClear={() => set({ status: '', de: '', ate: '', categoria: '' })}
    >
      <Select
        label="Status"
        allowDeselect={false}
        data={STATUS_OPTIONS}
        value={filtros.status}
        onChange={(next) => set({ status: (next ?? '') as StatusParcela | '' })}
        comboboxProps={{ withinPortal: false }}
        data-testid="filtro-status"
      />
      <Select
        label="Categoria"
        clearable
        searchable
        placeholder="Todas as categorias"
        data={(categorias.data ?? [])
          .filter((c) => c.tipo === tipo)
          .map((c) => ({ value: String(c.id), label: c.nome }))}
        value={filtros.categoria || null}
        onChange={(next) => set({ categoria: next ?? '' })}
        comboboxProps={{ withinPortal: false }}
      />
      <PeriodoFiltro rotulo="Vencimento" de={filtros.de} ate={filtros.ate} onChange={set} />
    </FiltersPopover>
  );
}

/**
 * Contas a Pagar / Contas a Receber: the titles a page at a time from the server, searched by
 * description, person or document and filtered by status, due period and category; the open
 * amount of what is listed; a row opens its title.
 */
export function TitulosTab({
  natureza,
  onNovo,
  onAbrir,
}: {
  natureza: Natureza;
  onNovo: () => void;
  onAbrir: (id: number) => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filtros = useMemo(() => filtrosDaUrl(searchParams), [searchParams]);
  const [texto, setTexto] = useState(filtros.q);
  const [q] = useDebouncedValue(texto.trim(), 300);
  const telaLarga = useMediaQuery(WIDE_ONLY);
  const info = NATUREZAS.find((n) => n.value === natureza)!;
  const novo =
    natureza === 'pagar' ? FINANCEIRO_MESSAGES.novoPagar : FINANCEIRO_MESSAGES.novoReceber;

  const mudarFiltros = (novos: FiltrosTitulo) =>
    setSearchParams((atual) => filtrosParaUrl(atual, novos), { replace: true });
  useEffect(() => {
    if (q !== filtros.q) {
      setSearchParams((atual) => filtrosParaUrl(atual, { ...filtros, q }), { replace: true });
    }
  }, [q, filtros, setSearchParams]);

  const filtro = useMemo(() => filtroDaApi(natureza, filtros), [natureza, filtros]);
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const titulos = useTitulos(filtro, page);
  const total = titulos.data?.total ?? 0;
  // What the whole filter still owes, summed by the server (not just this page).
  const emAberto = titulos.data?.saldo ?? 0;
  const filtrada = Boolean(
    filtro.q || filtro.status || filtro.de || filtro.ate || filtro.categoria_id,
  );

  const columns: DataTableColumn<Titulo>[] = [
    {
      accessor: 'vencimento',
      title: 'Vencimento',
      noWrap: true,
      render: (t) => {
        const parcela = parcelaEmFoco(t);
        return (
          <span className={parcela?.status === 'vencido' ? classes.vencido : classes.forte}>
            {parcela ? formatDate(parcela.vencimento) : '—'}
          </span>
        );
      },
    },
    {
      accessor: 'descricao',
      title: 'Descrição',
      // Plain elements with classes: a search repaints every row at once.
      render: (t) => (
        <>
          <div className={classes.forte}>{t.descricao}</div>
          <div className={classes.linha}>
            {t.pessoa_nome && <span className={classes.secundario}>{t.pessoa_nome}</span>}
            <OrigemTitulo {...t} />
          </div>
          {!telaLarga && (
            <div className={classes.linhaStatus}>
              <StatusParcelaBadge status={t.status} size="xs" />
              {t.saldo > 0 && (
                <span className={classes.secundario}>{formatMoney(t.saldo)} em aberto</span>
              )}
            </div>
          )}
        </>
      ),
    },
    {
      accessor: 'categoria_nome',
      title: 'Categoria',
      visibleMediaQuery: '(min-width: 75em)',
      render: (t) => t.categoria_nome ?? '—',
    },
    {
      accessor: 'parcelas',
      title: 'Parcela',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (t) => {
        const parcela = parcelaEmFoco(t);
        return parcela ? `${parcela.numero}/${t.parcelas.length}` : '—';
      },
    },
    {
      accessor: 'valor',
      title: 'Valor',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (t) => formatMoney(t.valor),
    },
    {
      accessor: 'saldo',
      title: 'Em aberto',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (t) => <span className={classes.saldo}>{formatMoney(t.saldo)}</span>,
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (t) => <StatusParcelaBadge status={t.status} />,
    },
    {
      accessor: 'acoes',
      title: '',
      textAlign: 'right',
      render: (t) => (
        <RowActions>
          <ActionIcon
            variant="subtle"
            title="Abrir"
            aria-label={`Abrir ${t.descricao}`}
            onClick={(event) => {
              event.stopPropagation();
              onAbrir(t.id);
            }}
          >
            <IconEye size={18} />
          </ActionIcon>
        </RowActions>
      ),
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="lg" data-testid="titulos-totais">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {natureza === 'pagar' ? 'A pagar' : 'A receber'}
            </Text>
            <Text fw={700} size="lg" data-testid="titulos-em-aberto">
              {formatMoney(emAberto)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Lançamentos
            </Text>
            <Text fw={700} size="lg">
              {total.toLocaleString('pt-BR')}
            </Text>
          </div>
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={onNovo}>
          {novo}
        </Button>
      </Group>
      <ListSearchBar
        placeholder={`Buscar por descrição, ${info.pessoa.toLowerCase()} ou documento...`}
        label={`Pesquisar ${info.label.toLowerCase()}`}
        value={texto}
        onChange={setTexto}
        extra={
          <>
            <Filtros natureza={natureza} filtros={filtros} onChange={mudarFiltros} />
            <ExportarLista
              path="/financeiro/titulos"
              filtro={filtro}
              nome={`contas-a-${natureza}`}
              compacto={!telaLarga}
            />
          </>
        }
      />
      <PagedListTable<Titulo>
        data-testid="titulos-table"
        query={titulos}
        loadErrorMessage={`Erro ao carregar ${info.label.toLowerCase()}`}
        horizontalSpacing={telaLarga ? 'sm' : 'xs'}
        page={page}
        pageSize={FINANCEIRO_PAGE_SIZE}
        onPageChange={(novaPagina) => setPagina({ chave, page: novaPagina })}
        onRowClick={(t) => onAbrir(t.id)}
        rowAttributes={(t) => ({ 'data-titulo-id': t.id })}
        emptyState={
          <EmptyState
            title={
              filtrada
                ? 'Nenhum lançamento encontrado'
                : `Nenhuma conta ${natureza === 'pagar' ? 'a pagar' : 'a receber'}`
            }
            hint={filtrada ? 'Nenhum lançamento atende à pesquisa e aos filtros.' : undefined}
            action={
              filtrada ? undefined : (
                <Button leftSection={<IconPlus size={16} />} onClick={onNovo}>
                  {novo}
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
