import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import {
  IconDownload,
  IconFile,
  IconPaperclip,
  IconPhoto,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@prumo/shared/dates';
import { OS_ANEXOS_MAX, type OrdemServico } from '@prumo/shared/ordens-servico';
import { anexoOsPath, useEnviarAnexosOs, useRemoverAnexoOs } from '../../../api/ordens-servico';
import { confirmAction } from '../../../components/confirm';
import { FormSection } from '../../../components/form/FormSection';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { downloadFile, formatFileSize, MAX_UPLOAD_BYTES } from '../../../lib/files';

/** What the server takes (it checks the content too). */
const ACEITOS = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';
const AJUDA = `Fotos do equipamento (JPG, PNG, GIF ou WebP) e documentos em PDF, até 5 MB cada, no máximo ${OS_ANEXOS_MAX} por ordem de serviço.`;

/** The files of `escolhidos` that fit (size and count), and what was left out and why. */
export function filtrarAnexos(
  escolhidos: readonly File[],
  jaTem: number,
): { aceitos: File[]; problema: string | null } {
  const grandes = escolhidos.filter((arquivo) => arquivo.size > MAX_UPLOAD_BYTES);
  const cabem = escolhidos.filter(
    (arquivo) => arquivo.size > 0 && arquivo.size <= MAX_UPLOAD_BYTES,
  );
  const vagas = Math.max(OS_ANEXOS_MAX - jaTem, 0);
  const problemas: string[] = [];
  if (grandes.length > 0) {
    problemas.push(
      `Excede o limite de 5 MB: ${grandes.map((arquivo) => arquivo.name).join(', ')}.`,
    );
  }
  if (cabem.length > vagas) {
    problemas.push(`Uma ordem de serviço pode ter no máximo ${OS_ANEXOS_MAX} anexos.`);
  }
  return { aceitos: cabem.slice(0, vagas), problema: problemas.join(' ') || null };
}

interface ItemAnexo {
  key: string | number;
  nome: string;
  mime: string;
  detalhe: string;
  /** The row's buttons (download, remove...). */
  acoes: ReactNode;
}

/** The section: the files, one a row, and the button that adds more. */
function SecaoAnexos({
  itens,
  enviando,
  onEscolher,
}: {
  itens: ItemAnexo[];
  enviando?: boolean;
  onEscolher: (arquivos: File[]) => void;
}) {
  return (
    <FormSection title="Anexos" description={AJUDA}>
      {itens.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum anexo.
        </Text>
      ) : (
        <Stack gap={6} data-testid="anexos-os">
          {itens.map((item) => (
            <Group key={item.key} gap="sm" wrap="nowrap" data-testid="anexo-os">
              {item.mime.startsWith('image/') ? <IconPhoto size={18} /> : <IconFile size={18} />}
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" truncate>
                  {item.nome}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.detalhe}
                </Text>
              </Stack>
              {item.acoes}
            </Group>
          ))}
        </Stack>
      )}
      <Group>
        <FileButton multiple accept={ACEITOS} onChange={onEscolher} inputProps={{ name: 'anexos' }}>
          {(props) => (
            <Button
              variant="light"
              leftSection={<IconPaperclip size={16} />}
              disabled={itens.length >= OS_ANEXOS_MAX}
              loading={enviando}
              {...props}
            >
              Adicionar anexos
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {itens.length} de {OS_ANEXOS_MAX}
        </Text>
      </Group>
    </FormSection>
  );
}

/**
 * The attachments of a saved order: sent as soon as they are chosen, each downloadable and
 * removable (with a confirmation), whatever the order's situação.
 */
export function AnexosOs({ ordem }: { ordem: OrdemServico }) {
  const enviar = useEnviarAnexosOs();
  const remover = useRemoverAnexoOs();

  async function escolher(arquivos: File[]) {
    const { aceitos, problema } = filtrarAnexos(arquivos, ordem.anexos.length);
    if (problema) notifyError(problema);
    if (aceitos.length === 0) return;
    try {
      await enviar.mutateAsync({ id: ordem.id, arquivos: aceitos });
      notifySuccess(
        aceitos.length === 1 ? 'Anexo adicionado.' : `${aceitos.length} anexos adicionados.`,
      );
    } catch (error) {
      console.error('Erro ao anexar arquivos', error);
      notifyError(errorText('Erro ao anexar arquivos', error));
    }
  }

  async function excluir(anexo: OrdemServico['anexos'][number]) {
    const ok = await confirmAction({
      title: 'Remover anexo',
      message: `Remover o anexo "${anexo.nome}" da ordem de serviço?`,
      confirmLabel: 'Remover',
    });
    if (!ok) return;
    try {
      await remover.mutateAsync({ id: ordem.id, arquivoId: anexo.id });
      notifySuccess('Anexo removido.');
    } catch (error) {
      console.error('Erro ao remover o anexo', error);
      notifyError(errorText('Erro ao remover o anexo', error));
    }
  }

  const baixar = (anexo: OrdemServico['anexos'][number]) =>
    downloadFile(anexoOsPath(ordem.id, anexo.id), anexo.nome).catch(() =>
      notifyError('Erro ao baixar o anexo. Tente novamente.'),
    );

  return (
    <SecaoAnexos
      enviando={enviar.isPending}
      onEscolher={(arquivos) => void escolher(arquivos)}
      itens={ordem.anexos.map((anexo) => ({
        key: anexo.id,
        nome: anexo.nome,
        mime: anexo.tipo_mime,
        detalhe: `${formatFileSize(anexo.tamanho)} · ${formatDateTime(anexo.created_at)}`,
        acoes: (
          <>
            <ActionIcon
              variant="subtle"
              title="Baixar"
              aria-label={`Baixar ${anexo.nome}`}
              onClick={() => void baixar(anexo)}
            >
              <IconDownload size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              title="Remover"
              aria-label={`Remover ${anexo.nome}`}
              onClick={() => void excluir(anexo)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </>
        ),
      }))}
    />
  );
}

/** The attachments chosen on a new order: kept here and sent once the order is created. */
export function AnexosNovaOs({
  arquivos,
  onChange,
}: {
  arquivos: File[];
  onChange: (arquivos: File[]) => void;
}) {
  return (
    <SecaoAnexos
      onEscolher={(escolhidos) => {
        const { aceitos, problema } = filtrarAnexos(escolhidos, arquivos.length);
        if (problema) notifyError(problema);
        onChange([...arquivos, ...aceitos]);
      }}
      itens={arquivos.map((arquivo, index) => ({
        key: `${arquivo.name}-${index}`,
        nome: arquivo.name,
        mime: arquivo.type,
        detalhe: `${formatFileSize(arquivo.size)} · enviado ao salvar`,
        acoes: (
          <ActionIcon
            variant="subtle"
            color="gray"
            title="Descartar"
            aria-label={`Descartar ${arquivo.name}`}
            onClick={() => onChange(arquivos.filter((_, i) => i !== index))}
          >
            <IconX size={18} />
          </ActionIcon>
        ),
      }))}
    />
  );
}
