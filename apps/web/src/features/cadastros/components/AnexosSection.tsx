import { ActionIcon, Button, FileButton, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconDownload,
  IconPaperclip,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { CADASTRO_TEXTOS, MAX_ANEXOS_POR_ENVIO, type ArquivoInfo } from '@prumo/shared/cadastros';
import { notifyError } from '../../../components/notify';
import { downloadFile, formatFileSize, MAX_UPLOAD_BYTES } from '../../../lib/files';
import { anexoPath } from '../../../api/cadastros';
import { FormSection } from '../../../components/form/FormSection';

/**
 * Anexos section: files up to 5MB each, several at once, sent on save. On edit it lists the
 * stored ones with download and remove (removed on save; "Desfazer" keeps them).
 */
export function AnexosSection({
  cadastroId,
  existing,
  removidos,
  onRemovidosChange,
  novos,
  onNovosChange,
  error,
  onError,
}: {
  cadastroId?: number;
  existing: ArquivoInfo[];
  removidos: number[];
  onRemovidosChange: (ids: number[]) => void;
  novos: File[];
  onNovosChange: (files: File[]) => void;
  error?: string;
  onError: (message: string | null) => void;
}) {
  function add(files: File[]) {
    const tooBig = files.filter((file) => file.size > MAX_UPLOAD_BYTES);
    const accepted = files.filter((file) => file.size <= MAX_UPLOAD_BYTES && file.size > 0);
    const room = MAX_ANEXOS_POR_ENVIO - novos.length;
    const problems: string[] = [];
    if (tooBig.length > 0) {
      problems.push(`Excede o limite de 5MB: ${tooBig.map((file) => file.name).join(', ')}.`);
    }
    if (accepted.length > room) {
      problems.push(`Envie no máximo ${MAX_ANEXOS_POR_ENVIO} anexos de cada vez.`);
    }
    onError(problems.length > 0 ? problems.join(' ') : null);
    onNovosChange([...novos, ...accepted.slice(0, Math.max(room, 0))]);
  }

  const empty = existing.length === 0 && novos.length === 0;

  return (
    <FormSection title="Anexos" description={CADASTRO_TEXTOS.anexosAjuda}>
      <Stack gap="sm">
        {empty && (
          <Text size="sm" c="dimmed">
            Nenhum anexo.
          </Text>
        )}
        {!empty && (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" data-testid="anexos">
              <Table.Tbody>
                {existing.map((anexo) => {
                  const removido = removidos.includes(anexo.id);
                  return (
                    <Table.Tr key={anexo.id} data-testid="anexo">
                      <Table.Td>
                        <Text
                          size="sm"
                          td={removido ? 'line-through' : undefined}
                          c={removido ? 'dimmed' : undefined}
                        >
                          {anexo.nome}
                        </Text>
                      </Table.Td>
                      <Table.Td w={100}>
                        <Text size="xs" c="dimmed">
                          {formatFileSize(anexo.tamanho)}
                        </Text>
                      </Table.Td>
                      <Table.Td w={96}>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {cadastroId && (
                            <Tooltip label="Baixar">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Baixar ${anexo.nome}`}
                                onClick={() =>
                                  downloadFile(anexoPath(cadastroId, anexo.id), anexo.nome).catch(
                                    () => notifyError('Erro ao baixar o anexo. Tente novamente.'),
                                  )
                                }
                              >
                                <IconDownload size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          {removido ? (
                            <Tooltip label="Desfazer">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Manter ${anexo.nome}`}
                                onClick={() =>
                                  onRemovidosChange(removidos.filter((id) => id !== anexo.id))
                                }
                              >
                                <IconArrowBackUp size={18} />
                              </ActionIcon>
                            </Tooltip>
                          ) : (
                            <Tooltip label="Remover">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Remover ${anexo.nome}`}
                                onClick={() => onRemovidosChange([...removidos, anexo.id])}
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                {novos.map((file, index) => (
                  <Table.Tr key={`${file.name}-${index}`} data-testid="anexo-novo">
                    <Table.Td>
                      <Text size="sm">{file.name}</Text>
                    </Table.Td>
                    <Table.Td w={100}>
                      <Text size="xs" c="dimmed">
                        {formatFileSize(file.size)} · novo
                      </Text>
                    </Table.Td>
                    <Table.Td w={96}>
                      <Group justify="flex-end">
                        <Tooltip label="Descartar">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Descartar ${file.name}`}
                            onClick={() => onNovosChange(novos.filter((_, i) => i !== index))}
                          >
                            <IconX size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {removidos.length > 0 && (
          <Text size="sm" c="orange">
            {removidos.length === 1
              ? '1 anexo será removido'
              : `${removidos.length} anexos serão removidos`}{' '}
            ao salvar.
          </Text>
        )}
        <Group>
          <FileButton
            multiple
            inputProps={{ 'aria-label': 'Arquivos de anexo', name: 'anexos' } as never}
            onChange={(files) => add(files)}
          >
            {(props) => (
              <Button variant="light" leftSection={<IconPaperclip size={16} />} {...props}>
                Adicionar anexos
              </Button>
            )}
          </FileButton>
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="anexos-erro">
            {error}
          </Text>
        )}
      </Stack>
    </FormSection>
  );
}
