import { ActionIcon, Anchor, Badge, Box, Button, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconEye, IconFileCode, IconPrinter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '@prumo/shared/dates';
import { SITUACOES_NFSE, type NfseResumo } from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { formatNumeroOs } from '@prumo/shared/ordens-servico';
import { formatNumeroVenda } from '@prumo/shared/vendas';
import { NFSE_PAGE_SIZE, useNfses } from '../../../api/fiscal';
import { WIDE_ONLY } from '../../../components/data-table';
import { EmptyState } from '../../../components/EmptyState';
import { formatDocumento, SituacaoNotaBadge } from '../../../components/fiscal/nota';
import {
  baixarDanfse,
  baixarXmlNfse,
  formatCodigoTributacao,
  temDanfse,
  temXmlNfse,
  tituloNfse,
} from '../../../components/fiscal/nfse';
import { ListSearchBar } from '../../../components/list/ListScreen';
import { PagedListTable } from '../../../components/list/PagedListTable';
import { RowActions } from '../../../components/RowActions';
import { filtroNfseDaApi, type FiltrosNota } from '../filtros';
import { formatNumeroContrato } from '@prumo/shared/contratos';
import { agendamentoPath, contratoPath, nfsePath, ordemServicoPath } from '../paths';
import { NFSE_TEXTOS } from '../textos';
import { NotasFiltros } from './NotasFiltros';

/** A link inside a row that must not open the note as well. */
const naoAbrirNota = (event: MouseEvent) => event.stopPropagation();

function Tomador({ nota }: { nota: NfseResumo }) {
  if (!nota.tomador_nome && !nota.tomador_documento) {
    return (
      <Text size="sm" c="dimmed">
        {NFSE_TEXTOS.tomadorNaoIdentificado}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{nota.tomador_nome ?? '—'}</Text>
      {nota.tomador_documento && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDocumento(nota.tomador_documento)}
        </Text>
      )}
    </Stack>
  );
}

/** The service order, the appointment or the contract the note came from, as a link to it. */
export function OrigemNfse({ nota }: { nota: NfseResumo }) {
  if (nota.ordem_servico_id !== null && nota.ordem_servico_numero !== null) {
    return (
      <Anchor
        component={Link}
        to={ordemServicoPath(nota.ordem_servico_id)}
        size="sm"
        onClick={naoAbrirNota}
      >
        OS nº {formatNumeroOs(nota.ordem_servico_numero)}
      </Anchor>
    );
  }
  if (nota.venda_id !== null && nota.venda_numero !== null) {
    return (
      <Anchor component={Link} to={agendamentoPath(nota.venda_id)} size="sm" onClick={naoAbrirNota}>
        Agendamento nº {formatNumeroVenda(nota.venda_numero)}
      </Anchor>
    );
  }
  if (nota.contrato_id !== null && nota.contrato_numero !== null) {
    return (
      <Anchor component={Link} to={contratoPath(nota.contrato_id)} size="sm" onClick={naoAbrirNota}>
        Contrato nº {formatNumeroContrato(nota.contrato_numero)}
      </Anchor>
    );
  }
  return <>—</>;
}

/** The situação, and the national issuer's code and message for a refusal. */
function Situacao({ nota }: { nota: NfseResumo }) {
  return (
    <Stack gap={2} align="flex-start">
      <SituacaoNotaBadge situacao={nota.situacao} />
      {nota.situacao === 'Rejeitada' && (nota.codigo_erro || nota.mensagem_erro) && (
        <Text size="xs" c="red" lineClamp={2} maw={260} data-testid="nfse-motivo">
          {[nota.codigo_erro, nota.mensagem_erro].filter(Boolean).join(': ')}
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
}: {
  title: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    // On a phone the row keeps only "Ver"; the note's screen has the rest.
    <ActionIcon
      visibleFrom="sm"
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

function Vazio({ filtrada }: { filtrada: boolean }) {
  if (filtrada) {
    return (
      <EmptyState
        title="Nenhuma NFS-e encontrada"
        hint="Nenhuma NFS-e atende à pesquisa e aos filtros."
      />
    );
  }
  return (
    <EmptyState
      title={NFSE_TEXTOS.nenhuma}
      hint={NFSE_TEXTOS.nenhumaDica}
      action={
        <Button component={Link} to="/ordem-servicos" variant="light">
          Ir para Ordens de Serviço
        </Button>
      }
    />
  );
}

/**
 * The NFS-e tab's notes: search by número (of the NFS-e, the DPS or the order), chave or tomador
 * and the Filtros (situação, period), answered by the server a page at a time; each row opens
 * the note and offers its DANFSe and XML.
 */
export function NfseLista({
  filtros,
  onChange,
}: {
  filtros: FiltrosNota;
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
    void navigate(nfsePath(id));
  };

  // The typed text goes to the address once the user pauses.
  useEffect(() => {
    if (q !== filtros.q && !saiu.current) onChange({ ...filtros, q });
  }, [q, filtros, onChange]);

  const filtro = useMemo(() => filtroNfseDaApi(filtros), [filtros]);
  // The page belongs to the filter it was chosen under: another filter starts on page 1.
  const chave = JSON.stringify(filtro);
  const [pagina, setPagina] = useState({ chave, page: 1 });
  const page = pagina.chave === chave ? pagina.page : 1;
  const notas = useNfses(filtro, page);
  const filtrada = Boolean(filtro.q || filtro.situacao || filtro.de || filtro.ate);

  const columns: DataTableColumn<NfseResumo>[] = [
    {
      accessor: 'numero_nfse',
      title: 'NFS-e / DPS',
      noWrap: true,
      render: (nota) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm" fw={600} ff="monospace">
            {nota.numero_nfse ?? '—'}
          </Text>
          <Text size="xs" c="dimmed">
            DPS {nota.numero_dps} · Série {nota.serie}
          </Text>
          {/* On a phone the first cell sums up the columns left out. */}
          <Box hiddenFrom="sm">
            <SituacaoNotaBadge situacao={nota.situacao} size="xs" />
            <Text size="xs">{nota.tomador_nome ?? NFSE_TEXTOS.tomadorNaoIdentificado}</Text>
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
      render: (nota) => {
        const [dia, hora] = formatDateTime(nota.emitida_em).split(' ');
        return (
          <Stack gap={0}>
            <Text size="sm">{dia}</Text>
            <Text size="xs" c="dimmed">
              {hora}
            </Text>
          </Stack>
        );
      },
    },
    {
      accessor: 'tomador_nome',
      title: 'Tomador',
      visibleMediaQuery: WIDE_ONLY,
      render: (nota) => <Tomador nota={nota} />,
    },
    {
      accessor: 'origem',
      title: 'Origem / Serviço',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (nota) => (
        <Stack gap={0}>
          <OrigemNfse nota={nota} />
          <Text size="xs" c="dimmed" ff="monospace" title="Código de tributação nacional">
            {formatCodigoTributacao(nota.codigo_tributacao_nacional)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'valor_servicos',
      title: 'Valor',
      textAlign: 'right',
      noWrap: true,
      render: (nota) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm">{formatMoney(nota.valor_servicos)}</Text>
          {nota.valor_liquido !== nota.valor_servicos && (
            <Text size="xs" c="dimmed">
              líquido {formatMoney(nota.valor_liquido)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'valor_iss',
      title: 'ISS',
      textAlign: 'right',
      noWrap: true,
      visibleMediaQuery: WIDE_ONLY,
      render: (nota) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm">{formatMoney(nota.valor_iss)}</Text>
          {nota.iss_retido && (
            <Badge size="xs" variant="light" color="gray">
              retido
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'situacao',
      title: 'Situação',
      // the badge keeps its whole word ("Autorizada") when the columns are tight
      width: 144,
      visibleMediaQuery: WIDE_ONLY,
      render: (nota) => <Situacao nota={nota} />,
    },
    {
      accessor: 'acoes',
      title: 'Ações',
      textAlign: 'right',
      render: (nota) => {
        const nome = tituloNfse(nota);
        return (
          <RowActions>
            <ActionIcon
              variant="subtle"
              title="Ver"
              aria-label={`Ver ${nome}`}
              onClick={(event: MouseEvent) => {
                event.stopPropagation();
                abrir(nota.id);
              }}
            >
              <IconEye size={18} />
            </ActionIcon>
            {temDanfse(nota) && (
              <Acao
                title="DANFSe"
                label={`DANFSe da ${nome}`}
                icon={<IconPrinter size={18} />}
                onClick={() => void baixarDanfse(nota)}
              />
            )}
            {temXmlNfse(nota) && (
              <Acao
                title="Baixar XML"
                label={`XML da ${nome}`}
                icon={<IconFileCode size={18} />}
                onClick={() => void baixarXmlNfse(nota)}
              />
            )}
          </RowActions>
        );
      },
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <ListSearchBar
        placeholder={NFSE_TEXTOS.pesquisar}
        label="Pesquisar NFS-e"
        value={texto}
        onChange={setTexto}
        extra={<NotasFiltros filtros={filtros} onChange={onChange} situacoes={SITUACOES_NFSE} />}
      />
      <PagedListTable<NfseResumo>
        data-testid="notas-nfse-table"
        query={notas}
        loadErrorMessage={NFSE_TEXTOS.erroListar}
        horizontalSpacing={narrow ? 6 : 'sm'}
        page={page}
        pageSize={NFSE_PAGE_SIZE}
        onPageChange={(novaPagina) => setPagina({ chave, page: novaPagina })}
        onRowClick={(nota) => abrir(nota.id)}
        rowAttributes={(nota) => ({ 'data-nfse-id': nota.id })}
        emptyState={<Vazio filtrada={filtrada} />}
        columns={columns}
      />
    </Paper>
  );
}
