import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileCode, IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { NfseResumo } from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { useEmitirNfse, useNfsesDaOrigem, type OrigemNfse } from '../../api/fiscal';
import { newIdempotencyKey } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { notifyError } from '../notify';
import {
  avisarResultadoNfse,
  baixarDanfse,
  baixarXmlNfse,
  formatCodigoTributacao,
  NfseIndisponivel,
  nfsePath,
  temDanfse,
  temXmlNfse,
  tituloNfse,
  useDisponibilidadeNfse,
} from './nfse';
import { SituacaoNotaBadge } from './nota';

const ERRO_EMITIR = 'Erro ao emitir a NFS-e';

/** One note of the order or appointment: its title (a link), situação, code, value and files. */
function Nota({ nota }: { nota: NfseResumo }) {
  return (
    <Stack gap={0} data-nfse-id={nota.id}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Anchor component={Link} to={nfsePath(nota.id)} size="sm" fw={500}>
            {tituloNfse(nota)}
          </Anchor>
          <SituacaoNotaBadge situacao={nota.situacao} size="sm" />
          <Text size="xs" c="dimmed">
            {formatCodigoTributacao(nota.codigo_tributacao_nacional)} ·{' '}
            {formatMoney(nota.valor_servicos)}
          </Text>
        </Group>
        <Group gap={4}>
          {temDanfse(nota) && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPrinter size={14} />}
              onClick={() => void baixarDanfse(nota)}
            >
              DANFSe
            </Button>
          )}
          {temXmlNfse(nota) && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconFileCode size={14} />}
              onClick={() => void baixarXmlNfse(nota)}
            >
              XML
            </Button>
          )}
        </Group>
      </Group>
      {nota.situacao === 'Rejeitada' && (nota.codigo_erro || nota.mensagem_erro) && (
        <Text size="xs" c="red">
          {[nota.codigo_erro, nota.mensagem_erro].filter(Boolean).join(': ')}
        </Text>
      )}
      {nota.situacao === 'Rascunho' && (
        <Text size="xs" c="dimmed">
          Não autorizada: abra a nota para ver o motivo e transmitir.
        </Text>
      )}
    </Stack>
  );
}

/**
 * The fiscal state of a service order or an appointment (issue 30): its NFS-e (one per service
 * code), each linking to its page, with its situação and files; "Emitir NFS-e" while it is
 * concluded and has no note in force (a cancelled one leaves room for another). Where the
 * company does not issue NFS-e (its município's own issuer, or NFS-e off), that is said instead
 * of the button.
 */
export function NfseDaOrigem({
  origem,
  concluida,
  temServicos = true,
  variante = 'painel',
}: {
  origem: OrigemNfse;
  /** Concluded (an order also once delivered): what the NFS-e is issued from. */
  concluida: boolean;
  /** Whether it has services to invoice (parts go on the NF-e). */
  temServicos?: boolean;
  /** A panel of its own (the order's screen), or a section inside a modal (the appointment). */
  variante?: 'painel' | 'secao';
}) {
  const notas = useNfsesDaOrigem(origem, concluida);
  const disponibilidade = useDisponibilidadeNfse();
  const emitir = useEmitirNfse();
  const lista = notas.data ?? [];
  const emVigor = lista.filter((nota) => nota.situacao !== 'Cancelada');
  const indisponivel =
    disponibilidade === 'municipal' || disponibilidade === 'desativada' ? disponibilidade : null;
  const podeEmitir =
    concluida &&
    temServicos &&
    notas.isSuccess &&
    emVigor.length === 0 &&
    (disponibilidade === 'ativa' || disponibilidade === 'desconhecida');

  if (!concluida || (!temServicos && lista.length === 0)) return null;
  // Nothing yet to show: the notes (or the settings) are still loading.
  if (!podeEmitir && lista.length === 0 && !indisponivel) return null;

  async function enviar() {
    // One key per click: a retry of the same click is applied once; after a cancellation, a new
    // click issues new notes.
    const idempotencyKey = newIdempotencyKey();
    try {
      avisarResultadoNfse(await emitir.mutateAsync({ dados: origem, idempotencyKey }));
    } catch (error) {
      console.error(ERRO_EMITIR, error);
      notifyError(errorText(ERRO_EMITIR, error));
    }
  }

  const conteudo = (
    <Stack gap="xs" data-testid="nfse-da-origem">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          NFS-e
        </Text>
        {podeEmitir && (
          <Button
            size={variante === 'secao' ? 'xs' : 'sm'}
            variant="light"
            leftSection={<IconFileInvoice size={16} />}
            loading={emitir.isPending}
            onClick={() => void enviar()}
          >
            Emitir NFS-e
          </Button>
        )}
      </Group>
      {podeEmitir && lista.length === 0 && (
        <Text size="sm" c="dimmed">
          Ainda sem NFS-e: uma nota por código de serviço, com o cliente como tomador.
        </Text>
      )}
      {indisponivel && emVigor.length === 0 && <NfseIndisponivel motivo={indisponivel} compacto />}
      {lista.map((nota) => (
        <Nota key={nota.id} nota={nota} />
      ))}
    </Stack>
  );
  return variante === 'painel' ? (
    <Paper withBorder radius="md" p="md">
      {conteudo}
    </Paper>
  ) : (
    conteudo
  );
}
