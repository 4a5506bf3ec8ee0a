import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconPrinter, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { FormatoExportacao } from '@prumo/shared/relatorios';
import {
  exportarRelatorio,
  type ProgressoExportacao,
  type RelatorioParams,
} from '../../../api/relatorios';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { saveBlob } from '../../../lib/files';
import { RELATORIO_TEXTOS as T } from '../textos';

const BOTOES: { formato: FormatoExportacao; label: string; Icone: typeof IconPrinter }[] = [
  { formato: 'csv', label: T.exportarCsv, Icone: IconFileTypeCsv },
  { formato: 'xlsx', label: T.exportarXlsx, Icone: IconFileSpreadsheet },
  { formato: 'pdf', label: T.imprimirPdf, Icone: IconPrinter },
];

interface Exportacao extends ProgressoExportacao {
  formato: FormatoExportacao;
}

/**
 * A report's file, with the filters and sort on screen: CSV, XLSX (both streamed, any number of
 * rows) or PDF. While it downloads, how many rows will come and how much arrived, and a
 * "Cancelar" that stops it. The PDF's row limit comes back as the server's message.
 */
export function useExportacao(id: string, params: RelatorioParams) {
  const [exportacao, setExportacao] = useState<Exportacao | null>(null);
  const controle = useRef<AbortController | null>(null);
  // Leaving the screen stops a download nobody will save.
  useEffect(() => () => controle.current?.abort(), []);

  async function exportar(formato: FormatoExportacao) {
    const controller = new AbortController();
    controle.current = controller;
    setExportacao({ formato, linhas: null, bytes: 0 });
    try {
      const { blob, fileName } = await exportarRelatorio(id, formato, params, {
        signal: controller.signal,
        onProgress: (progresso) => setExportacao({ formato, ...progresso }),
      });
      saveBlob(blob, fileName);
    } catch (error) {
      if (!controller.signal.aborted) {
        console.error(T.erroExportar, error);
        notifyError(errorText(T.erroExportar, error));
      }
    } finally {
      if (controle.current === controller) {
        controle.current = null;
        setExportacao(null);
      }
    }
  }

  return { exportacao, exportar, cancelar: () => controle.current?.abort() };
}

export function BotoesExportar({
  exportacao,
  exportar,
  desabilitado,
}: {
  exportacao: Exportacao | null;
  exportar: (formato: FormatoExportacao) => void;
  desabilitado: boolean;
}) {
  return (
    <Group gap="xs">
      {BOTOES.map(({ formato, label, Icone }) => (
        <Button
          key={formato}
          variant="default"
          size="xs"
          leftSection={<Icone size={16} />}
          loading={exportacao?.formato === formato}
          disabled={desabilitado || (exportacao !== null && exportacao.formato !== formato)}
          onClick={() => exportar(formato)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

/** The download under way: rows expected, bytes so far, and the way out. */
export function ProgressoExportar({
  exportacao,
  cancelar,
}: {
  exportacao: Exportacao;
  cancelar: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="exportacao-progresso">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={6} flex={1}>
          <Text size="sm" aria-live="polite" data-testid="exportacao-texto">
            {T.progresso(exportacao.linhas, exportacao.bytes)}
          </Text>
          {/* The server streams without a length: the bar says it runs, the text how far. */}
          <Progress value={100} striped animated size="sm" aria-label={T.gerando} />
        </Stack>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconX size={14} />}
          onClick={cancelar}
        >
          {T.cancelar}
        </Button>
      </Group>
    </Paper>
  );
}
