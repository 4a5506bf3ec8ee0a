import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconEye, IconFileCode, IconPrinter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '@prumo/shared/dates';
import type { AmbienteFiscal, NotaFiscalResumo } from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { NOTAS_PAGE_SIZE, useNotasFiscais } from '../../../api/fiscal';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import {
  baixarDanfe,
  baixarXml,
  formatDocumento,
  formatNumeroNota,
  SituacaoNotaBadge,
  temDanfe,
  temXml,
  tituloNota,
} from '../../../components/fiscal/nota';
import { ListSearchBar } from '../../../components/list/ListScreen';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { RowActions } from '../../../components/RowActions';
import { filtroDaApi, type FiltrosNota } from '../filtros';
import { notaPath } from '../paths';
import { NOTA_TEXTOS } from '../textos';
import { NotasFiltros } from './NotasFiltros';
import { NumeracaoPainel } from './NumeracaoPainel';

/** A note outside produção says where it went, in a word. */
const AMBIENTE_CURTO: Record<AmbienteFiscal, string> = {
  simulacao: 'Simulação',
  homologacao: 'Homologação',
  producao: 'Produção',
};

function Destinatario({ nota }: { nota: NotaFiscalResumo }) {
  if (!nota.destinatario_nome && !nota.destinatario_documento) {
    return (
      <Text size="sm" c="dimmed">
        {NOTA_TEXTOS.consumidorNaoIdentificado}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{nota.destinatario_nome ?? '—'}</Text>
      {nota.destinatario_documento && (
        <Text size="xs" c="dimmed">
          {formatDocumento(nota.destinatario_documento)}
        </Text>
      )}
    </Stack>
  );
}

/** The situação, and SEFAZ's code and reason for a rejection or denial. */
function Situacao({ nota }: { nota: NotaFiscalResumo }) {
  const recusada = nota.situacao === 'Rejeitada' || nota.situacao === 'Denegada';
  return (
    <Stack gap={2} align="flex-start">
      <SituacaoNotaBadge situacao={nota.situacao} />
      {recusada && nota.c_stat !== null && (
        <Text size="xs" c="red" lineClamp={2} maw={260} data-testid="nota-motivo">
          {nota.c_stat}: {nota.x_motivo}
        </Text>
      )}
      {nota.contingencia && nota.situacao !== 'Em contingência' && (
        <Text size="xs" c="dimmed">
          emitida em contingência
        </Text>
      )}
    </Stack>
  );
}

/** An action of the row that must not open the note as well. */
function Acao({
  title,
  label,
  icon,
  onClick,
  soTelaLarga = false,
}: {
  title: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** On a phone the row keeps only "Ver"; the note's screen has the rest. */
  soTelaLarga?: boolean;
}) {
  return (
    <ActionIcon
      visibleFrom={soTelaLarga ? 'sm' : undefined}
      variant="subtle"
      title={title}
      aria-label={label}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {icon}
    </ActionIcon>
  );
}

function Vazio({ aba, filtrada }: { aba: 'nfe' | 'nfce'; filtrada: boolean }) {
  if (filtrada) {
    return <EmptyState title="Nenhuma nota encontrada" hint={NOTA_TEXTOS.nenhumaFiltrada} />;
  }
  return aba === 'nfe' ? (
    <EmptyState
      title="Nenhuma NF-e emitida"
      hint="A NF-e sai de uma venda de produtos finalizada, com cliente: abra a venda e clique em Emitir NF-e."
      action={
        <Button component={Link} to="/vendas" variant="light">
          Ir para Vendas
        </Button>
      }
    />
  ) : (
    <EmptyState
      title="Nenhuma NFC-e emitida"
      hint="Com a NFC-e ativa, cada venda de balcão finalizada no PDV emite a sua e imprime o DANFCE."
      action={
        <Button component={Link} to="/vendas?aba=balcao" variant="light">
          Ir para o PDV
        </Button>
      }
    />
  );
}

/**
 * The notes of one model (NF-e or NFC-e): above them the numbering (the séries' gaps to void);
 * search by número, chave or destinatário and the Filtros (situação, period), answered by the
 * server a page at a time; each row opens the note and offers its DANFE and XML.
 */
export function NotasLista({
  filtros,
  onChange,
}: {
  filtros: FiltrosNota & { aba: 'nfe' | 'nfce' };
  onChange: (filtros: FiltrosNota) => void;
}) {
  const navigate = useNavigate();
  const [texto, setTexto] = useState(filtros.q);
  const [q] = useDebouncedValue(texto.trim(), 300);
  const narrow = useMediaQuery('(max-width: 48em)');

  // A note opened from the list: the list stays on screen while the note's page loads, and the
  // search written to the address then would bring the user back to the list.
  const saiu = useRef(false);
  const abrir = (id: number) => {
    saiu.current = true;
    void navigate(notaPath(id));
  };

  // The typed text goes to the address once the user pauses.
  useEffect(() => {
    if (q !== filtros.q && !saiu.current) onChange({ ...filtros, q });
  }, [q, filtros, onChange]);

  const filtro = useMemo(() => filtroDaApi(filtros), [filtros]);
  // The page belongs to the filter it was chosen under: another filter starts on page 1.
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const notas = useNotasFiscais(filtro, page);
  const filtrada = Boolean(filtro.q || filtro.situacao || filtro.de || filtro.ate);

  const columns: DataTableColumn<NotaFiscalResumo>[] = [
    {
      accessor: 'numero',
      title: 'Número/Série',
      noWrap: true,
      render: (nota) => (
        <Stack gap={2} align="flex-start">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} ff="monospace">
              {formatNumeroNota(nota.numero)}
            </Text>
            {nota.finalidade === 4 && (
              <Badge size="xs" color="violet" variant="light" data-testid="nota-devolucao-badge">
                Devolução
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Série {nota.serie}
            {nota.ambiente !== 'producao' ? ` · ${AMBIENTE_CURTO[nota.ambiente]}` : ''}
          </Text>
          {/* On a phone the first cell sums up the columns left out. */}
          <Box hiddenFrom="sm">
            <SituacaoNotaBadge situacao={nota.situacao} size="xs" />
            <Text size="xs" c="dimmed">
              {formatDateTime(nota.emitida_em)}
            </Text>
          </Box>
        </Stack>
      ),
    },
    {
      accessor: 'emitida_em',
      title: 'Emissão',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (nota) => formatDateTime(nota.emitida_em),
    },
    {
      accessor: 'destinatario_nome',
      title: 'Destinatário',
      visibleMediaQuery: WIDE_ONLY,
      render: (nota) => <Destinatario nota={nota} />,
    },
    {
      accessor: 'valor_total',
      title: 'Valor',
      textAlign: 'right',
      noWrap: true,
      render: (nota) => formatMoney(nota.valor_total),
    },
    {
      accessor: 'situacao',
      title: 'Situação',
      visibleMediaQuery: WIDE_ONLY,
      render: (nota) => <Situacao nota={nota} />,
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (nota) => {
        const nome = tituloNota(nota);
        return (
          <RowActions>
            <Acao
              title="Ver"
              label={`Ver ${nome}`}
              icon={<IconEye size={18} />}
              onClick={() => abrir(nota.id)}
            />
            {temDanfe(nota) && (
              <Acao
                title={nota.modelo === 65 ? 'DANFCE' : 'DANFE'}
                label={`${nota.modelo === 65 ? 'DANFCE' : 'DANFE'} da ${nome}`}
                icon={<IconPrinter size={18} />}
                onClick={() => void baixarDanfe(nota)}
                soTelaLarga
              />
            )}
            {temXml(nota) && (
              <Acao
                title="Baixar XML"
                label={`XML da ${nome}`}
                icon={<IconFileCode size={18} />}
                onClick={() => void baixarXml(nota)}
                soTelaLarga
              />
            )}
          </RowActions>
        );
      },
    },
  ];

  return (
    <>
      <NumeracaoPainel modelo={filtros.aba === 'nfce' ? 65 : 55} />
      <Paper withBorder radius="md" p="md">
        <ListSearchBar
          placeholder={NOTA_TEXTOS.pesquisar}
          label="Pesquisar notas fiscais"
          value={texto}
          onChange={setTexto}
          extra={<NotasFiltros filtros={filtros} onChange={onChange} />}
        />
        <PagedListTable<NotaFiscalResumo>
          data-testid={`notas-${filtros.aba}-table`}
          query={notas}
          loadErrorMessage={NOTA_TEXTOS.erroListar}
          horizontalSpacing={narrow ? 6 : 'sm'}
          page={page}
          pageSize={NOTAS_PAGE_SIZE}
          onPageChange={(novaPagina) => setPagina({ chave, page: novaPagina })}
          onRowClick={(nota) => abrir(nota.id)}
          rowAttributes={(nota) => ({ 'data-nota-numero': nota.numero })}
          emptyState={<Vazio aba={filtros.aba} filtrada={filtrada} />}
          columns={columns}
        />
      </Paper>
    </>
  );
}
