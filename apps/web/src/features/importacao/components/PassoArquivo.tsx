import { Button, FileInput, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CAMPOS_IMPORTACAO,
  IMPORTACAO_EXTENSOES,
  IMPORTACAO_MAX_BYTES,
  IMPORTACAO_MENSAGENS,
  TIPO_IMPORTACAO_LABELS,
  TIPOS_IMPORTACAO,
  type ImportacaoArquivo,
  type TipoImportacao,
} from '@prumo/shared/importacao';
import { baixarModelo, useEnviarArquivo } from '../../../api/importacao';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { IMPORTACAO_TEXTOS as T } from '../textos';

/** What the browser can tell before sending: the extension and the size. */
function erroDoArquivo(arquivo: File): string | null {
  const nome = arquivo.name.toLowerCase();
  if (!IMPORTACAO_EXTENSOES.some((extensao) => nome.endsWith(extensao)))
    return IMPORTACAO_MENSAGENS.extensaoInvalida;
  if (arquivo.size > IMPORTACAO_MAX_BYTES) return IMPORTACAO_MENSAGENS.arquivoGrande;
  return null;
}

/** Step 1: the kind, its sample sheet, and the file, sent to be read. */
export function PassoArquivo({
  tipo,
  onTipo,
  onEnviado,
}: {
  tipo: TipoImportacao | null;
  onTipo: (tipo: TipoImportacao) => void;
  onEnviado: (arquivo: ImportacaoArquivo) => void;
}) {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erroArquivo, setErroArquivo] = useState<string | null>(null);
  const [erroTipo, setErroTipo] = useState<string | null>(null);
  const [baixando, setBaixando] = useState<'xlsx' | 'csv' | null>(null);
  const enviar = useEnviarArquivo();

  async function modelo(formato: 'xlsx' | 'csv') {
    if (!tipo) return;
    setBaixando(formato);
    try {
      await baixarModelo(tipo, formato);
    } catch (error) {
      notifyError(errorText(T.erroModelo, error));
    } finally {
      setBaixando(null);
    }
  }

  function enviarArquivo() {
    if (!tipo) setErroTipo(T.escolhaTipo);
    if (!arquivo) setErroArquivo(IMPORTACAO_MENSAGENS.arquivoObrigatorio);
    if (!tipo || !arquivo || erroArquivo) return;
    enviar.mutate(
      { tipo, arquivo },
      {
        onSuccess: onEnviado,
        onError: (error) => notifyError(errorText(T.erroEnviar, error)),
      },
    );
  }

  const obrigatorios = tipo
    ? CAMPOS_IMPORTACAO[tipo]
        .filter((campo) => campo.obrigatorio)
        .map((campo) => campo.rotulo)
        .join(', ')
    : '';

  return (
    <Stack gap="lg">
      <Radio.Group
        label={T.oQueImportar}
        value={tipo}
        error={erroTipo}
        onChange={(value) => {
          setErroTipo(null);
          onTipo(value as TipoImportacao);
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" mt="xs">
          {TIPOS_IMPORTACAO.map((valor) => (
            <Radio.Card key={valor} value={valor} p="sm" radius="md">
              <Group gap="xs" wrap="nowrap">
                <Radio.Indicator />
                <Text size="sm">{TIPO_IMPORTACAO_LABELS[valor]}</Text>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>

      {tipo && (
        <Stack gap={6}>
          {obrigatorios && (
            <Text size="sm" c="dimmed">
              {T.camposObrigatorios(obrigatorios)}
            </Text>
          )}
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={baixando === 'xlsx'}
              onClick={() => void modelo('xlsx')}
            >
              {T.modeloXlsx}
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDownload size={16} />}
              loading={baixando === 'csv'}
              onClick={() => void modelo('csv')}
            >
              {T.modeloCsv}
            </Button>
          </Group>
        </Stack>
      )}

      <FileInput
        label={T.arquivo}
        description={T.arquivoDescricao}
        placeholder={T.arquivoPlaceholder}
        accept={IMPORTACAO_EXTENSOES.join(',')}
        leftSection={<IconUpload size={16} />}
        clearable
        value={arquivo}
        error={erroArquivo}
        maw={520}
        onChange={(escolhido) => {
          setArquivo(escolhido);
          setErroArquivo(escolhido ? erroDoArquivo(escolhido) : null);
        }}
      />

      <Group justify="flex-end">
        <Button loading={enviar.isPending} onClick={enviarArquivo}>
          {T.enviar}
        </Button>
      </Group>
    </Stack>
  );
}
