import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Importacao, ImportacaoOpcoes, ImportacaoSimulacao } from '@prumo/shared/importacao';
import {
  baixarRecusadas,
  importacaoTerminou,
  useAoTerminarImportacao,
  useCancelarImportacao,
  useExecutarImportacao,
  useImportacao,
} from '../../../api/importacao';
import { confirmAction } from '../../../components/confirm';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { newIdempotencyKey } from '../../../lib/api-client';
import { IMPORTACAO_TEXTOS as T, STATUS_CORES } from '../textos';

/**
 * Step 4: "Importar" starts the job; while it runs, how many rows it went through (polled) and
 * the way to stop it; once it ends, what it did and the refused rows to download.
 */
export function PassoImportacao({
  id,
  opcoes,
  previa,
  onVoltar,
  onNova,
}: {
  id: number;
  opcoes: ImportacaoOpcoes;
  /** The dry run's counts, said before the user starts. */
  previa: Pick<ImportacaoSimulacao, 'criar' | 'atualizar' | 'ignorar' | 'recusar'> | null;
  onVoltar: () => void;
  onNova: () => void;
}) {
  const [iniciada, setIniciada] = useState<number | null>(null);
  // One key while this step is shown (leaving it is the only way to change the options): a retry
  // after a lost answer does not start a second job.
  const [chave] = useState(newIdempotencyKey);
  const executar = useExecutarImportacao();
  const cancelar = useCancelarImportacao();
  const job = useImportacao(iniciada);
  const aoTerminar = useAoTerminarImportacao();
  const avisado = useRef(false);
  const importacao = job.data;
  const terminou = importacao ? importacaoTerminou(importacao) : false;

  useEffect(() => {
    if (importacao && terminou && !avisado.current) {
      avisado.current = true;
      void aoTerminar(importacao);
    }
  }, [importacao, terminou, aoTerminar]);

  function iniciar() {
    executar.mutate(
      { id, opcoes, idempotencyKey: chave },
      {
        onSuccess: (resposta) => setIniciada(resposta.id),
        onError: (error) => notifyError(errorText(T.erroImportar, error)),
      },
    );
  }

  async function pedirCancelamento() {
    const confirmado = await confirmAction({
      title: T.cancelar,
      message: T.confirmarCancelar,
      confirmLabel: T.cancelar,
    });
    if (!confirmado) return;
    cancelar.mutate(id, { onError: (error) => notifyError(errorText(T.erroCancelar, error)) });
  }

  if (!importacao) {
    return (
      <Stack gap="md">
        {previa && (
          <Text size="sm">
            {T.resumoImportar(previa.criar, previa.atualizar, previa.ignorar, previa.recusar)}
          </Text>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onVoltar} disabled={executar.isPending}>
            {T.voltar}
          </Button>
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            loading={executar.isPending || (iniciada !== null && job.isPending)}
            onClick={iniciar}
          >
            {T.importar}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Andamento
      importacao={importacao}
      terminou={terminou}
      onCancelar={pedirCancelamento}
      cancelando={cancelar.isPending}
      onNova={onNova}
    />
  );
}

function Andamento({
  importacao,
  terminou,
  onCancelar,
  cancelando,
  onNova,
}: {
  importacao: Importacao;
  terminou: boolean;
  onCancelar: () => void;
  cancelando: boolean;
  onNova: () => void;
}) {
  const [baixando, setBaixando] = useState(false);
  const total = Math.max(importacao.total_linhas, 1);
  const percentual = Math.min(100, Math.round((importacao.processadas / total) * 100));

  async function recusadas() {
    setBaixando(true);
    try {
      await baixarRecusadas(importacao.id);
    } catch (error) {
      notifyError(errorText(T.erroRecusadas, error));
    } finally {
      setBaixando(false);
    }
  }

  return (
    <Stack gap="md" data-testid="importacao-andamento">
      <Group justify="space-between" gap="sm">
        <Badge
          color={STATUS_CORES[importacao.status]}
          variant="light"
          size="lg"
          data-testid="importacao-status"
        >
          {importacao.status}
        </Badge>
        <Text size="sm" aria-live="polite" data-testid="importacao-progresso">
          {T.progresso(importacao.processadas, importacao.total_linhas)}
        </Text>
      </Group>
      <Progress
        value={terminou && importacao.status === 'Concluída' ? 100 : percentual}
        animated={!terminou}
        striped={!terminou}
        color={terminou ? STATUS_CORES[importacao.status] : undefined}
        aria-label={T.progresso(importacao.processadas, importacao.total_linhas)}
      />
      {!terminou && (
        <Group justify="flex-end">
          <Button
            variant="light"
            color="red"
            leftSection={<IconX size={16} />}
            loading={cancelando}
            onClick={onCancelar}
          >
            {T.cancelar}
          </Button>
        </Group>
      )}
      {terminou && (
        <>
          {importacao.erro && (
            <Alert color="red" icon={<IconAlertTriangle size={16} />}>
              {importacao.erro}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="importacao-resultado">
            {(
              [
                [T.criados, importacao.criados],
                [T.atualizados, importacao.atualizados],
                [T.ignorados, importacao.ignorados],
                [T.recusados, importacao.recusados],
              ] as const
            ).map(([rotulo, valor]) => (
              <Paper key={rotulo} withBorder radius="md" p="sm">
                <Text size="xs" c="dimmed">
                  {rotulo}
                </Text>
                <Text fz="xl" fw={700}>
                  {valor.toLocaleString('pt-BR')}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            {importacao.recusados > 0 ? (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={baixando}
                onClick={() => void recusadas()}
              >
                {T.baixarRecusadas}
              </Button>
            ) : (
              <span />
            )}
            <Button onClick={onNova}>{T.novaImportacao}</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
