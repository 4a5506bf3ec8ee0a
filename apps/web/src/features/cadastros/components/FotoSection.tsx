import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconArrowBackUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CADASTRO_TEXTOS, FOTO_TIPOS_ACEITOS, type ArquivoInfo } from '@prumo/shared/cadastros';
import { formatFileSize, MAX_UPLOAD_BYTES, useObjectUrl } from '../../../lib/files';
import { fotoPath } from '../../../api/cadastros';
import { FormSection } from '../../../components/form/FormSection';

/** A chosen file as a data URL for the preview (read asynchronously). */
function useFilePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    const reader = new FileReader();
    reader.onload = () => {
      if (!cancelled) setPreview({ file, url: String(reader.result) });
    };
    reader.readAsDataURL(file);
    return () => {
      cancelled = true;
    };
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

/** Checks the browser can do before the upload (the server checks the content again). */
export function fotoProblem(file: File): string | null {
  if (!(FOTO_TIPOS_ACEITOS as readonly string[]).includes(file.type)) {
    return `"${file.name}" não é JPG, JPEG ou GIF.`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return `"${file.name}" excede o limite de 5MB.`;
  return null;
}

/** Foto section: JPG/JPEG/GIF up to 5MB, sent on save; on edit shows, replaces or removes it. */
export function FotoSection({
  cadastroId,
  existing,
  file,
  onFileChange,
  remover,
  onRemoverChange,
  error,
  onError,
}: {
  cadastroId?: number;
  existing: ArquivoInfo | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  remover: boolean;
  onRemoverChange: (remover: boolean) => void;
  error?: string;
  onError: (message: string | null) => void;
}) {
  const preview = useFilePreview(file);
  const showExisting = Boolean(cadastroId && existing && !remover && !file);
  const existingUrl = useObjectUrl(showExisting ? fotoPath(cadastroId!) : null);
  const src = preview ?? existingUrl;

  return (
    <FormSection title="Foto" description={CADASTRO_TEXTOS.fotoAjuda}>
      <Group align="center" gap="lg" wrap="wrap">
        <Avatar src={src} size={120} radius="md" alt="Foto do cadastro" data-testid="foto-preview">
          <IconPhoto size={40} />
        </Avatar>
        <Stack gap={6}>
          {file && (
            <Text size="sm" data-testid="foto-nome">
              {file.name} ({formatFileSize(file.size)}) — será enviada ao salvar
            </Text>
          )}
          {!file && showExisting && existing && (
            <Text size="sm" data-testid="foto-nome">
              {existing.nome} ({formatFileSize(existing.tamanho)})
            </Text>
          )}
          {remover && !file && (
            <Text size="sm" c="orange" data-testid="foto-removida">
              A foto será removida ao salvar.
            </Text>
          )}
          <Group gap="xs">
            <FileButton
              accept={FOTO_TIPOS_ACEITOS.join(',')}
              inputProps={{ 'aria-label': 'Arquivo da foto', name: 'foto' } as never}
              onChange={(chosen) => {
                if (!chosen) return;
                const problem = fotoProblem(chosen);
                onError(problem);
                if (!problem) onFileChange(chosen);
              }}
            >
              {(props) => (
                <Button variant="light" leftSection={<IconPhoto size={16} />} {...props}>
                  {existing || file ? 'Trocar foto' : 'Selecionar foto'}
                </Button>
              )}
            </FileButton>
            {file && (
              <Button variant="subtle" color="gray" onClick={() => onFileChange(null)}>
                Descartar
              </Button>
            )}
            {!file && existing && !remover && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onRemoverChange(true)}
              >
                Remover foto
              </Button>
            )}
            {!file && remover && (
              <Button
                variant="subtle"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={() => onRemoverChange(false)}
              >
                Desfazer
              </Button>
            )}
          </Group>
          {error && (
            <Text size="sm" c="red" role="alert" data-testid="foto-erro">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </FormSection>
  );
}
