import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileCode, IconPrinter } from '@tabler/icons-react';
import { formatDateTime } from '@prumo/shared/dates';
import {
  EVENTO_CARTA_CORRECAO,
  TIPO_EVENTO_LABELS,
  type EventoNfe,
  type NotaFiscal,
} from '@prumo/shared/fiscal';
import { baixarPdfCorrecao, baixarXmlEvento } from '../../../api/fiscal';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { EVENTO_TEXTOS as T } from '../eventos-textos';

function baixar(arquivo: Promise<void>) {
  arquivo.catch((error: unknown) => {
    console.error(T.erroArquivo, error);
    notifyError(errorText(T.erroArquivo, error));
  });
}

/** One registered event: its kind, when, its protocol and text, and its files. */
function Evento({ nota, evento }: { nota: NotaFiscal; evento: EventoNfe }) {
  const correcao = evento.tipo_evento === EVENTO_CARTA_CORRECAO;
  const nome = `${TIPO_EVENTO_LABELS[evento.tipo_evento]}${correcao ? ` nº ${evento.sequencia}` : ''}`;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" data-evento-id={evento.id}>
      <Stack gap={2}>
        <Group gap="xs">
          <Badge color={correcao ? 'blue' : 'red'} variant="light">
            {nome}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDateTime(evento.registrado_em)} · {T.protocolo} {evento.protocolo ?? '—'}
            {evento.usuario_nome ? ` · ${evento.usuario_nome}` : ''}
          </Text>
        </Group>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {evento.texto}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {correcao && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={14} />}
            aria-label={`PDF da ${nome}`}
            onClick={() => baixar(baixarPdfCorrecao(nota, evento))}
          >
            {T.imprimir}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileCode size={14} />}
          aria-label={`XML do evento ${nome}`}
          onClick={() => baixar(baixarXmlEvento(nota, evento))}
        >
          {T.baixarXml}
        </Button>
      </Group>
    </Group>
  );
}

/** The note's cancellation and correction letters, newest last, each with its XML (and PDF). */
export function EventosDaNotaPainel({ nota, eventos }: { nota: NotaFiscal; eventos: EventoNfe[] }) {
  if (eventos.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="nota-eventos-sefaz">
      <Title order={2} size="h4" mb="sm">
        {T.eventos}
      </Title>
      <Stack gap="sm">
        {eventos.map((evento) => (
          <Evento key={evento.id} nota={nota} evento={evento} />
        ))}
      </Stack>
    </Paper>
  );
}
