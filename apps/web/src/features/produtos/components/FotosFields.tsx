import { errorText } from '../../../lib/error-text';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { MAX_FOTOS_PRODUTO, type ProdutoFoto } from '@prumo/shared/produtos';
import { confirmAction } from '../../../components/confirm';
import { notifyError, notifySuccess } from '../../../components/notify';
import { formatFileSize, MAX_UPLOAD_BYTES, useObjectUrl } from '../../../lib/files';
import { useAddFotos, useDeleteFoto, fotoPath } from '../../../api/produtos';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
const ACCEPTED_TYPES = new Set(ACCEPT.split(','));
export const FOTOS_HINT = `JPG, PNG, GIF ou WebP, até ${formatFileSize(MAX_UPLOAD_BYTES)} cada, no máximo ${MAX_FOTOS_PRODUTO} fotos.`;

/**
 * The photos that may be sent: right type (the server checks the content again), at most 5 MB,
 * and no more than 10 in all. The others are reported by name.
 */
export function checkFotos(files: File[], alreadyThere: number): File[] {
  const accepted: File[] = [];
  for (const file of files) {
    if (!ACCEPTED_TYPES.has(file.type)) {
      notifyError(`"${file.name}" não é uma imagem JPG, PNG, GIF ou WebP.`);
    } else if (file.size > MAX_UPLOAD_BYTES) {
      notifyError(`"${file.name}" excede o limite de ${formatFileSize(MAX_UPLOAD_BYTES)}.`);
    } else if (alreadyThere + accepted.length >= MAX_FOTOS_PRODUTO) {
      notifyError(`Cada produto pode ter no máximo ${MAX_FOTOS_PRODUTO} fotos.`);
      break;
    } else {
      accepted.push(file);
    }
  }
  return accepted;
}

function PhotoCard({
  src,
  nome,
  detalhe,
  principal,
  onRemove,
}: {
  src: string | null;
  nome: string;
  detalhe: string;
  principal: boolean;
  onRemove: () => void;
}) {
  return (
    <Card withBorder padding="xs" radius="md" data-testid="foto-card">
      <Card.Section>
        <Image src={src} alt={nome} h={120} fit="cover" bg="var(--mantine-color-default-hover)" />
      </Card.Section>
      <Group justify="space-between" mt="xs" wrap="nowrap" gap={4}>
        <Stack gap={0} miw={0}>
          <Text size="xs" fw={500} truncate="end" title={nome}>
            {nome}
          </Text>
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              {detalhe}
            </Text>
            {principal && (
              <Badge size="xs" variant="light">
                Principal
              </Badge>
            )}
          </Group>
        </Stack>
        <Tooltip label="Remover foto">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remover ${nome}`}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}

function LocalPhoto({
  file,
  principal,
  onRemove,
}: {
  file: File;
  principal: boolean;
  onRemove: () => void;
}) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <PhotoCard
      src={url}
      nome={file.name}
      detalhe={formatFileSize(file.size)}
      principal={principal}
      onRemove={onRemove}
    />
  );
}

/** Add form: photos chosen here are sent with Salvar Produto (multipart). */
export function NovasFotos({
  files,
  onChange,
}: {
  files: File[];
  onChange: (files: File[]) => void;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {FOTOS_HINT} A primeira foto aparece na lista de produtos.
        </Text>
        <FileButton
          multiple
          accept={ACCEPT}
          onChange={(chosen) => onChange([...files, ...checkFotos(chosen, files.length)])}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={16} />}
              disabled={files.length >= MAX_FOTOS_PRODUTO}
            >
              Adicionar fotos
            </Button>
          )}
        </FileButton>
      </Group>
      {files.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          Nenhuma foto selecionada.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
          {files.map((file, index) => (
            <LocalPhoto
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              principal={index === 0}
              onRemove={() => onChange(files.filter((_, other) => other !== index))}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function StoredPhoto({
  produtoId,
  foto,
  principal,
  onRemove,
}: {
  produtoId: number;
  foto: ProdutoFoto;
  principal: boolean;
  onRemove: () => void;
}) {
  const url = useObjectUrl(fotoPath(produtoId, foto.id));
  return (
    <PhotoCard
      src={url}
      nome={foto.nome}
      detalhe={formatFileSize(foto.tamanho)}
      principal={principal}
      onRemove={onRemove}
    />
  );
}

/** Edit form: photos are added and removed at once, on the server. */
export function FotosDoProduto({ produtoId, fotos }: { produtoId: number; fotos: ProdutoFoto[] }) {
  const addFotos = useAddFotos();
  const deleteFoto = useDeleteFoto();

  async function handleAdd(chosen: File[]) {
    const accepted = checkFotos(chosen, fotos.length);
    if (accepted.length === 0) return;
    try {
      await addFotos.mutateAsync({ id: produtoId, fotos: accepted });
      notifySuccess(
        accepted.length === 1 ? 'Foto adicionada com sucesso!' : 'Fotos adicionadas com sucesso!',
      );
    } catch (error) {
      console.error('Erro ao adicionar fotos', error);
      notifyError(errorText('Erro ao adicionar fotos', error));
    }
  }

  async function handleRemove(foto: ProdutoFoto) {
    const confirmed = await confirmAction({
      title: 'Remover foto',
      message: `Tem certeza que deseja remover a foto "${foto.nome}"?`,
      confirmLabel: 'Remover',
    });
    if (!confirmed) return;
    try {
      await deleteFoto.mutateAsync({ id: produtoId, fotoId: foto.id });
      notifySuccess('Foto removida com sucesso!');
    } catch (error) {
      console.error('Erro ao remover foto', error);
      notifyError(errorText('Erro ao remover foto', error));
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {FOTOS_HINT} A primeira foto aparece na lista de produtos.
        </Text>
        <FileButton multiple accept={ACCEPT} onChange={(chosen) => void handleAdd(chosen)}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={16} />}
              loading={addFotos.isPending}
              disabled={fotos.length >= MAX_FOTOS_PRODUTO}
            >
              Adicionar fotos
            </Button>
          )}
        </FileButton>
      </Group>
      {fotos.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          Este produto ainda não tem fotos.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
          {fotos.map((foto, index) => (
            <StoredPhoto
              key={foto.id}
              produtoId={produtoId}
              foto={foto}
              principal={index === 0}
              onRemove={() => void handleRemove(foto)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
