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
import type { ArquivoInfo } from '@prumo/shared/cadastros';
import { formatDateTime } from '@prumo/shared/dates';
import { errorText } from '../../lib/error-text';
import { downloadFile, formatFileSize, MAX_UPLOAD_BYTES } from '../../lib/files';
import { confirmAction } from '../confirm';
import { FormSection } from '../form/FormSection';
import { notifyError, notifySuccess } from '../notify';

/** What the server takes (it checks the content too). */
const ACEITOS = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';

/** A document's attachment rules and texts (a service order, a quote). */
export interface RegrasAnexos {
  /** How many files one document keeps. */
  max: number;
  /** Under the section's title: what may be attached. */
  ajuda: string;
  /** Said when more than `max` were chosen. */
  demais: string;
  /** "da ordem de serviço", in the removal question. */
  doDocumento: string;
}

/** The files of `escolhidos` that fit (size and count), and what was left out and why. */
export function filtrarAnexos(
  escolhidos: readonly File[],
  jaTem: number,
  regras: Pick<RegrasAnexos, 'max' | 'demais'>,
): { aceitos: File[]; problema: string | null } {
  const grandes = escolhidos.filter((arquivo) => arquivo.size > MAX_UPLOAD_BYTES);
  const cabem = escolhidos.filter(
    (arquivo) => arquivo.size > 0 && arquivo.size <= MAX_UPLOAD_BYTES,
  );
  const vagas = Math.max(regras.max - jaTem, 0);
  const problemas: string[] = [];
  if (grandes.length > 0) {
    problemas.push(
      `Excede o limite de 5 MB: ${grandes.map((arquivo) => arquivo.name).join(', ')}.`,
    );
  }
  if (cabem.length > vagas) problemas.push(regras.demais);
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
  regras,
  itens,
  enviando,
  onEscolher,
}: {
  regras: RegrasAnexos;
  itens: ItemAnexo[];
  enviando?: boolean;
  onEscolher: (arquivos: File[]) => void;
}) {
  return (
    <FormSection title="Anexos" description={regras.ajuda}>
      {itens.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum anexo.
        </Text>
      ) : (
        <Stack gap={6} data-testid="anexos-lista">
          {itens.map((item) => (
            <Group key={item.key} gap="sm" wrap="nowrap" data-testid="anexo-item">
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
              disabled={itens.length >= regras.max}
              loading={enviando}
              {...props}
            >
              Adicionar anexos
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {itens.length} de {regras.max}
        </Text>
      </Group>
    </FormSection>
  );
}

/**
 * The attachments of a saved document: sent as soon as they are chosen, each downloadable and
 * removable (with a confirmation).
 */
export function AnexosSalvos({
  regras,
  anexos,
  caminho,
  enviar,
  enviando,
  remover,
}: {
  regras: RegrasAnexos;
  anexos: readonly ArquivoInfo[];
  /** The API path of one file (for downloadFile). */
  caminho: (arquivoId: number) => string;
  enviar: (arquivos: File[]) => Promise<unknown>;
  enviando: boolean;
  remover: (arquivoId: number) => Promise<unknown>;
}) {
  async function escolher(arquivos: File[]) {
    const { aceitos, problema } = filtrarAnexos(arquivos, anexos.length, regras);
    if (problema) notifyError(problema);
    if (aceitos.length === 0) return;
    try {
      await enviar(aceitos);
      notifySuccess(
        aceitos.length === 1 ? 'Anexo adicionado.' : `${aceitos.length} anexos adicionados.`,
      );
    } catch (error) {
      console.error('Erro ao anexar arquivos', error);
      notifyError(errorText('Erro ao anexar arquivos', error));
    }
  }

  async function excluir(anexo: ArquivoInfo) {
    const ok = await confirmAction({
      title: 'Remover anexo',
      message: `Remover o anexo "${anexo.nome}" ${regras.doDocumento}?`,
      confirmLabel: 'Remover',
    });
    if (!ok) return;
    try {
      await remover(anexo.id);
      notifySuccess('Anexo removido.');
    } catch (error) {
      console.error('Erro ao remover o anexo', error);
      notifyError(errorText('Erro ao remover o anexo', error));
    }
  }

  const baixar = (anexo: ArquivoInfo) =>
    downloadFile(caminho(anexo.id), anexo.nome).catch(() =>
      notifyError('Erro ao baixar o anexo. Tente novamente.'),
    );

  return (
    <SecaoAnexos
      regras={regras}
      enviando={enviando}
      onEscolher={(arquivos) => void escolher(arquivos)}
      itens={anexos.map((anexo) => ({
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

/** The attachments chosen on a new document: kept here and sent once it is created. */
export function AnexosNovos({
  regras,
  arquivos,
  onChange,
}: {
  regras: RegrasAnexos;
  arquivos: File[];
  onChange: (arquivos: File[]) => void;
}) {
  return (
    <SecaoAnexos
      regras={regras}
      onEscolher={(escolhidos) => {
        const { aceitos, problema } = filtrarAnexos(escolhidos, arquivos.length, regras);
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
