import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCheck,
  IconCopy,
  IconFileCode,
  IconPrinter,
  IconSend,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_MANAGER, hasRole } from '@prumo/shared/auth';
import { formatDate, formatDateTime } from '@prumo/shared/dates';
import {
  AMBIENTE_LABELS,
  MOTIVOS_CANCELAMENTO_NFSE,
  type Nfse,
  type SituacaoNfse,
} from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { useTransmitirNfse } from '../../../api/fiscal';
import { EnviarEmailButton } from '../../../components/EnviarEmailButton';
import { useListaServicosNacionais } from '../../../components/inputs/ServicoNacionalSelect';
import {
  formatChave,
  formatDocumento,
  SemValorFiscalBadge,
  SituacaoNotaBadge,
} from '../../../components/fiscal/nota';
import {
  avisarResultadoNfse,
  baixarDanfse,
  baixarXmlNfse,
  formatCodigoTributacao,
  temDanfse,
} from '../../../components/fiscal/nfse';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { CONFIGURACAO_FISCAL_PATH, SERVICOS_PATH } from '../paths';
import { NFSE_TEXTOS } from '../textos';
import { CancelarNfseDialog } from './CancelarNfseDialog';
import { OrigemNfse } from './NfseLista';

/** The situações Transmitir applies to (NFSE_EMISSAO_MENSAGENS.naoTransmissivel). */
const TRANSMISSIVEIS: readonly SituacaoNfse[] = ['Rascunho', 'Rejeitada'];

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/** The colour of a line of the timeline: what the national issuer answered, or what happened. */
function corDoEvento(tipo: string): string {
  if (tipo === 'rejeicao' || tipo === 'erro') return 'red';
  if (tipo === 'pendencia') return 'yellow';
  if (tipo === 'autorizacao') return 'teal';
  if (tipo === 'cancelamento') return 'dark';
  return 'blue';
}

/** Where a pendência is fixed: the service's Fiscal (NFS-e) section, or the fiscal settings. */
function OndeCorrigir({ pendencia }: { pendencia: string }) {
  const admin = useSession().user?.role === 'admin';
  if (pendencia.includes('Serviços → Fiscal')) {
    return (
      <Anchor component={Link} to={SERVICOS_PATH} size="sm">
        Abrir Serviços
      </Anchor>
    );
  }
  if (pendencia.includes('Configurações → Fiscal')) {
    return admin ? (
      <Anchor component={Link} to={CONFIGURACAO_FISCAL_PATH} size="sm">
        Abrir Configurações → Fiscal
      </Anchor>
    ) : (
      <Text span size="sm" c="dimmed">
        (peça a um administrador)
      </Text>
    );
  }
  return null;
}

const motivoCancelamento = (motivo: number) =>
  MOTIVOS_CANCELAMENTO_NFSE.find((m) => m.value === motivo)?.label ?? String(motivo);

/** What stopped the note, or what became of it. */
function Aviso({ nota }: { nota: Nfse }) {
  switch (nota.situacao) {
    case 'Rejeitada':
      return (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Rejeitada pelo emissor nacional"
        >
          <Text size="sm" fw={600} data-testid="nfse-rejeicao">
            {[nota.codigo_erro, nota.mensagem_erro].filter(Boolean).join(': ')}
          </Text>
          <Text size="sm" mt={4}>
            Corrija o que o emissor apontou (no cadastro do serviço em{' '}
            <Anchor component={Link} to={SERVICOS_PATH} size="sm">
              Serviços
            </Anchor>
            , do cliente ou em Configurações → Fiscal) e clique em Transmitir: a DPS mantém o número{' '}
            {nota.numero_dps}.
          </Text>
        </Alert>
      );
    case 'Rascunho':
      return (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={nota.pendencias.length > 0 ? 'Pendências' : 'Sem resposta do emissor nacional'}
          data-testid="nfse-pendencias"
        >
          {nota.pendencias.length > 0 ? (
            <>
              <Text size="sm">A DPS não foi enviada ao emissor nacional:</Text>
              <List size="sm" mt={4}>
                {nota.pendencias.map((pendencia) => (
                  <List.Item key={pendencia}>
                    {pendencia} <OndeCorrigir pendencia={pendencia} />
                  </List.Item>
                ))}
              </List>
              <Text size="sm" mt={4}>
                Corrija e clique em Transmitir: a DPS mantém o número {nota.numero_dps}.
              </Text>
            </>
          ) : (
            <Text size="sm">
              A DPS foi enviada, mas o emissor nacional não respondeu. Transmitir consulta antes a
              DPS pelo seu Id: o serviço nunca é faturado duas vezes.
            </Text>
          )}
        </Alert>
      );
    case 'Cancelada':
      return (
        <Alert
          color="dark"
          icon={<IconBan size={18} />}
          title="Cancelada no emissor nacional"
          data-testid="nfse-cancelamento"
        >
          {nota.cancelamento ? (
            <Stack gap={2}>
              <Text size="sm">
                Motivo: <b>{motivoCancelamento(nota.cancelamento.motivo)}</b> · em{' '}
                {formatDateTime(nota.cancelamento.registrado_em)}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                Justificativa: {nota.cancelamento.justificativa}
              </Text>
            </Stack>
          ) : (
            <Text size="sm">A NFS-e foi cancelada e não tem mais valor fiscal.</Text>
          )}
        </Alert>
      );
    default:
      return null;
  }
}

/** The access key in groups of 4 digits, with a button to copy it. */
function Chave({ chave }: { chave: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        Chave de acesso
      </Text>
      <Group gap={4} wrap="nowrap" align="center">
        <Text
          ff="monospace"
          size="sm"
          fw={500}
          style={{ wordBreak: 'break-word' }}
          data-testid="nfse-chave"
        >
          {formatChave(chave)}
        </Text>
        <CopyButton value={chave} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copiada' : 'Copiar chave'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                aria-label="Copiar chave"
                onClick={copy}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

/** The code of the national list and its description (the list loads on its own). */
function Servico({ codigo }: { codigo: string }) {
  const lista = useListaServicosNacionais();
  const descricao = lista?.servicoNacionalPorCodigo(codigo)?.descricao;
  return (
    <>
      <Text span ff="monospace" size="sm" fw={600} data-testid="nfse-servico">
        {formatCodigoTributacao(codigo)}
      </Text>
      {descricao && (
        <Text size="xs" c="dimmed" fw={400}>
          {descricao}
        </Text>
      )}
    </>
  );
}

/**
 * One NFS-e: its situação and what to do about it (pendências with where to fix them, the
 * national issuer's refusal, the cancellation), the DANFSe's data (key in groups of 4, competência,
 * tomador, the service code, the values with the ISS), the timeline of what was sent and
 * answered, and the actions: Transmitir, Baixar XML, DANFSe, Enviar por e-mail (the XML and the
 * DANFSe to the customer), Cancelar NFS-e.
 */
export function NfseDetalhe({ nota }: { nota: Nfse }) {
  const transmitir = useTransmitirNfse();
  const gerente = hasRole(useSession().user?.role, ADMIN_MANAGER);
  const [cancelando, setCancelando] = useState(false);

  async function enviar() {
    try {
      avisarResultadoNfse([await transmitir.mutateAsync(nota.id)]);
    } catch (error) {
      console.error(NFSE_TEXTOS.erroTransmitir, error);
      notifyError(errorText(NFSE_TEXTOS.erroTransmitir, error));
    }
  }

  return (
    <Stack gap="md" data-testid="nfse-detalhe">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <SituacaoNotaBadge situacao={nota.situacao} size="lg" />
            <SemValorFiscalBadge ambiente={nota.ambiente} size="lg" />
          </Group>
          <Group gap="xs">
            {TRANSMISSIVEIS.includes(nota.situacao) && (
              <Button
                leftSection={<IconSend size={16} />}
                loading={transmitir.isPending}
                onClick={() => void enviar()}
              >
                Transmitir
              </Button>
            )}
            {nota.tem_xml && (
              <Button
                variant="default"
                leftSection={<IconFileCode size={16} />}
                onClick={() => void baixarXmlNfse(nota)}
              >
                Baixar XML
              </Button>
            )}
            {temDanfse(nota) && (
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => void baixarDanfse(nota)}
              >
                DANFSe
              </Button>
            )}
            {nota.situacao === 'Autorizada' && <EnviarEmailButton caminho={`/nfse/${nota.id}`} />}
            {gerente && nota.situacao === 'Autorizada' && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconBan size={16} />}
                onClick={() => setCancelando(true)}
              >
                {NFSE_TEXTOS.cancelar}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>

      <Aviso nota={nota} />

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            <Campo label="Número da NFS-e">
              <Text span size="sm" fw={600} data-testid="nfse-numero">
                {nota.numero_nfse ?? '—'}
              </Text>
            </Campo>
            <Campo label="DPS / Série">
              {nota.numero_dps} / {nota.serie}
            </Campo>
            <Campo label="Emissão">{formatDateTime(nota.emitida_em)}</Campo>
            <Campo label="Autorização">
              {nota.autorizada_em ? formatDateTime(nota.autorizada_em) : '—'}
            </Campo>
            <Campo label="Competência">{formatDate(nota.competencia)}</Campo>
            <Campo label="Ambiente">{AMBIENTE_LABELS[nota.ambiente]}</Campo>
            <Campo label="Tomador">
              {nota.tomador_nome ?? NFSE_TEXTOS.tomadorNaoIdentificado}
              {nota.tomador_documento && (
                <Text size="xs" c="dimmed">
                  {formatDocumento(nota.tomador_documento)}
                </Text>
              )}
            </Campo>
            <Campo label="Origem">
              <OrigemNfse nota={nota} />
            </Campo>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Campo label="Serviço (código de tributação nacional)">
              <Servico codigo={nota.codigo_tributacao_nacional} />
            </Campo>
            {nota.descricao && (
              <Campo label="Descrição do serviço">
                <Text
                  size="sm"
                  fw={400}
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                >
                  {nota.descricao}
                </Text>
              </Campo>
            )}
          </SimpleGrid>
          {nota.chave && <Chave chave={nota.chave} />}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" data-testid="nfse-valores">
        <Title order={2} size="h4" mb="sm">
          Valores
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          <Campo label="Serviços">{formatMoney(nota.valor_servicos)}</Campo>
          <Campo label="Desconto">{formatMoney(nota.valor_desconto)}</Campo>
          <Campo label="ISS">{formatMoney(nota.valor_iss)}</Campo>
          <Campo label="ISS retido">{nota.iss_retido ? 'Sim' : 'Não'}</Campo>
          <Campo label="Valor líquido">
            <Text span size="sm" fw={700}>
              {formatMoney(nota.valor_liquido)}
            </Text>
          </Campo>
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Histórico no emissor nacional
        </Title>
        {nota.eventos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {NFSE_TEXTOS.semEventos}
          </Text>
        ) : (
          <Timeline
            bulletSize={14}
            lineWidth={2}
            active={nota.eventos.length - 1}
            data-testid="nfse-eventos"
          >
            {nota.eventos.map((evento) => (
              <Timeline.Item
                key={evento.id}
                title={evento.descricao}
                color={corDoEvento(evento.tipo)}
              >
                {evento.codigo && <Text size="sm">Código {evento.codigo}</Text>}
                <Text size="xs" c="dimmed">
                  {formatDateTime(evento.criado_em)}
                  {evento.usuario_nome ? ` · ${evento.usuario_nome}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>

      {gerente && (
        <CancelarNfseDialog nota={nota} opened={cancelando} onClose={() => setCancelando(false)} />
      )}
    </Stack>
  );
}
