import {
  Alert,
  Anchor,
  Badge,
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
  ActionIcon,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCopy,
  IconFileCode,
  IconPrinter,
  IconRefresh,
  IconSend,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@prumo/shared/dates';
import {
  AMBIENTE_LABELS,
  FISCAL_TEXTOS,
  MODELO_LABELS,
  type NotaEvento,
  type NotaFiscal,
  type SituacaoNota,
} from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { formatNumeroVenda } from '@prumo/shared/vendas';
import { useConsultarNota, useEventosDaNota, useTransmitirNota } from '../../../api/fiscal';
import {
  avisarResultadoNota,
  baixarDanfe,
  baixarXml,
  formatChave,
  formatDocumento,
  formatNumeroNota,
  SemValorFiscalBadge,
  SituacaoNotaBadge,
  temDanfe,
} from '../../../components/fiscal/nota';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { NOTA_TEXTOS } from '../textos';
import { vendaPath } from '../paths';
import { EnviarEmailButton } from '../../../components/EnviarEmailButton';
import { AcoesDeEventos, PrazoCancelamento } from './AcoesDeEventos';
import { DevolucaoDaNotaPainel, RegistrarDevolucaoButton } from './DevolucaoDaNota';
import { EventosDaNotaPainel } from './EventosDaNotaPainel';

/** The situações Transmitir applies to (FISCAL_MENSAGENS.naoTransmissivel). */
const TRANSMISSIVEIS: readonly SituacaoNota[] = ['Rascunho', 'Rejeitada', 'Em contingência'];

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

/** The colour of a line of the timeline: what SEFAZ answered, or what happened. */
function corDoEvento(evento: NotaEvento): string {
  if (evento.tipo === 'rejeicao' || evento.tipo === 'erro') return 'red';
  if (evento.tipo === 'contingencia') return 'orange';
  if (evento.tipo === 'cancelamento' || evento.tipo === 'inutilizacao') return 'dark';
  if (evento.c_stat === 100 || evento.c_stat === 150) return 'teal';
  return 'blue';
}

/** What stopped the note, or what happens to it next. */
function Aviso({ nota }: { nota: NotaFiscal }) {
  const numero = formatNumeroNota(nota.numero);
  switch (nota.situacao) {
    case 'Rejeitada':
      return (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Rejeitada pela SEFAZ">
          <Text size="sm" fw={600} data-testid="nota-rejeicao">
            {nota.c_stat}: {nota.x_motivo}
          </Text>
          <Text size="sm" mt={4}>
            Corrija o que a SEFAZ apontou (no cadastro do produto, do cliente ou em Configurações →
            Fiscal) e clique em Transmitir: a nota mantém o número {numero}.
          </Text>
        </Alert>
      );
    case 'Denegada':
      return (
        <Alert color="grape" icon={<IconAlertTriangle size={18} />} title="Uso denegado">
          <Text size="sm">
            {nota.c_stat}: {nota.x_motivo}
          </Text>
        </Alert>
      );
    case 'Em contingência':
      return (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Em contingência">
          <Text size="sm">
            Emitida sem resposta da SEFAZ. Ela é transmitida sozinha quando a SEFAZ voltar a
            responder (no prazo de 24 horas); Transmitir envia agora.
          </Text>
        </Alert>
      );
    case 'Cancelada':
      return (
        <Alert color="dark" icon={<IconAlertTriangle size={18} />} title="Cancelada na SEFAZ">
          <Text size="sm">A nota foi cancelada na SEFAZ e não tem mais valor fiscal.</Text>
        </Alert>
      );
    case 'Inutilizada':
      return (
        <Alert color="dark" icon={<IconAlertTriangle size={18} />} title="Número inutilizado">
          <Text size="sm">
            O número {numero} foi inutilizado na SEFAZ: esta nota não será transmitida.
          </Text>
        </Alert>
      );
    case 'Rascunho':
      return (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title="Pendências"
          data-testid="nota-pendencias"
        >
          {nota.pendencias.length > 0 ? (
            <List size="sm">
              {nota.pendencias.map((pendencia) => (
                <List.Item key={pendencia}>{pendencia}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">A nota ainda não foi enviada à SEFAZ.</Text>
          )}
          <Text size="sm" mt={4}>
            Corrija e clique em Transmitir: a nota mantém o número {numero}.
          </Text>
        </Alert>
      );
    default:
      return null;
  }
}

/**
 * One note: its situação and what to do about it, the data of the DANFE's header (key in groups
 * of 4, protocol, ambiente), its events at SEFAZ (cancellation, correction letters), the
 * timeline of what was sent to SEFAZ and what it answered, and the action bar: Transmitir,
 * Consultar, Baixar XML, DANFE, Enviar por e-mail, then the events' buttons (AcoesDeEventos) and
 * Registrar devolução. A return's note (finalidade 4) shows its return instead of a sale.
 */
export function NotaDetalhe({ nota }: { nota: NotaFiscal }) {
  const transmitir = useTransmitirNota();
  const consultar = useConsultarNota();
  const eventos = useEventosDaNota(nota.id);
  const [acao, setAcao] = useState<'transmitir' | 'consultar' | null>(null);
  const documento = nota.modelo === 65 ? 'DANFCE' : 'DANFE';

  async function executar(qual: 'transmitir' | 'consultar') {
    const [mutacao, erro] =
      qual === 'transmitir'
        ? [transmitir, NOTA_TEXTOS.erroTransmitir]
        : [consultar, NOTA_TEXTOS.erroConsultar];
    setAcao(qual);
    try {
      avisarResultadoNota(await mutacao.mutateAsync(nota.id));
    } catch (error) {
      console.error(erro, error);
      notifyError(errorText(erro, error));
    } finally {
      setAcao(null);
    }
  }

  return (
    <Stack gap="md" data-testid="nota-detalhe">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <SituacaoNotaBadge situacao={nota.situacao} size="lg" />
            <SemValorFiscalBadge ambiente={nota.ambiente} size="lg" />
            {nota.contingencia && (
              <Badge color="orange" variant="outline" size="lg">
                {FISCAL_TEXTOS.emitidaEmContingencia}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {TRANSMISSIVEIS.includes(nota.situacao) && (
              <Button
                leftSection={<IconSend size={16} />}
                loading={acao === 'transmitir'}
                disabled={acao !== null}
                onClick={() => void executar('transmitir')}
              >
                Transmitir
              </Button>
            )}
            {nota.situacao !== 'Rascunho' && (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={acao === 'consultar'}
                disabled={acao !== null}
                onClick={() => void executar('consultar')}
              >
                Consultar
              </Button>
            )}
            {nota.tem_xml && (
              <Button
                variant="default"
                leftSection={<IconFileCode size={16} />}
                onClick={() => void baixarXml(nota)}
              >
                Baixar XML
              </Button>
            )}
            {nota.tem_xml && temDanfe(nota) && (
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => void baixarDanfe(nota)}
              >
                {documento}
              </Button>
            )}
            {nota.situacao === 'Autorizada' && (
              <EnviarEmailButton caminho={`/notas-fiscais/${nota.id}`} />
            )}
            <AcoesDeEventos nota={nota} eventos={eventos} />
            <RegistrarDevolucaoButton nota={nota} />
          </Group>
        </Group>
        <PrazoCancelamento nota={nota} eventos={eventos} />
      </Paper>

      <Aviso nota={nota} />

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            <Campo label="Modelo">
              {MODELO_LABELS[nota.modelo]} ({nota.modelo})
            </Campo>
            <Campo label="Número / Série">
              {formatNumeroNota(nota.numero)} / {nota.serie}
            </Campo>
            <Campo label="Emissão">{formatDateTime(nota.emitida_em)}</Campo>
            <Campo label="Autorização">
              {nota.autorizada_em ? formatDateTime(nota.autorizada_em) : '—'}
            </Campo>
            <Campo label="Protocolo">
              <Text span ff="monospace" size="sm" data-testid="nota-protocolo">
                {nota.protocolo ?? '—'}
              </Text>
            </Campo>
            <Campo label="Ambiente">{AMBIENTE_LABELS[nota.ambiente]}</Campo>
            <Campo label="Destinatário">
              {nota.destinatario_nome ?? NOTA_TEXTOS.consumidorNaoIdentificado}
              {nota.destinatario_documento && (
                <Text size="xs" c="dimmed">
                  {formatDocumento(nota.destinatario_documento)}
                </Text>
              )}
            </Campo>
            <Campo label="Valor total">{formatMoney(nota.valor_total)}</Campo>
            {nota.venda_id !== null && nota.venda_numero !== null && (
              <Campo label="Venda">
                <Anchor component={Link} to={vendaPath(nota.venda_id)} size="sm">
                  Nº {formatNumeroVenda(nota.venda_numero)}
                </Anchor>
              </Campo>
            )}
            {nota.finalidade === 4 && (
              <Campo label="Finalidade">
                <Badge color="violet" variant="light" data-testid="nota-finalidade">
                  Devolução
                </Badge>
              </Campo>
            )}
          </SimpleGrid>

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
                data-testid="nota-chave"
              >
                {formatChave(nota.chave)}
              </Text>
              <CopyButton value={nota.chave} timeout={2000}>
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
          {nota.qrcode_url && (
            <Anchor href={nota.qrcode_url} target="_blank" rel="noreferrer" size="sm">
              Consultar a NFC-e no portal da SEFAZ (QR code)
            </Anchor>
          )}
        </Stack>
      </Paper>

      <DevolucaoDaNotaPainel nota={nota} />

      <EventosDaNotaPainel nota={nota} eventos={eventos.data?.eventos ?? []} />

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Histórico na SEFAZ
        </Title>
        {nota.eventos.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nada foi enviado à SEFAZ ainda.
          </Text>
        ) : (
          <Timeline
            bulletSize={14}
            lineWidth={2}
            active={nota.eventos.length - 1}
            data-testid="nota-eventos"
          >
            {nota.eventos.map((evento) => (
              <Timeline.Item key={evento.id} title={evento.descricao} color={corDoEvento(evento)}>
                {evento.c_stat !== null && (
                  <Text size="sm">
                    {evento.c_stat}: {evento.x_motivo}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(evento.criado_em)}
                  {evento.usuario_nome ? ` · ${evento.usuario_nome}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
