import { Badge, type BadgeProps } from '@mantine/core';
import { formatCnpj, formatCpf } from '@prumo/shared/brasil';
import {
  FISCAL_TEXTOS,
  MODELO_LABELS,
  type AmbienteFiscal,
  type NotaFiscal,
  type NotaFiscalResumo,
  type SituacaoNota,
} from '@prumo/shared/fiscal';
import { fetchDanfe, fetchXmlNota } from '../../api/fiscal';
import { errorText } from '../../lib/error-text';
import { saveBlob } from '../../lib/files';
import { notifyError, notifySuccess, notifyWarning } from '../notify';

/*
 * What the screens that show fiscal notes share (Nota Fiscal, the sale view, the counter): the
 * number and key as printed, the situação's badge and the files' downloads.
 */

/** The note's own screen. */
export const notaPath = (id: number) => `/nota-fiscal/${id}`;

/** "000.000.123": the note's number as the DANFE prints it (9 digits in groups of 3). */
export function formatNumeroNota(numero: number): string {
  return String(numero)
    .padStart(9, '0')
    .replace(/(\d{3})(?=\d)/g, '$1.');
}

/** "NF-e Nº 000.000.123". */
export const tituloNota = (nota: Pick<NotaFiscalResumo, 'modelo' | 'numero'>) =>
  `${MODELO_LABELS[nota.modelo]} Nº ${formatNumeroNota(nota.numero)}`;

/** The access key in groups of 4 digits, as the DANFE prints it. */
export function formatChave(chave: string): string {
  return chave.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The destinatário's CPF or CNPJ as written. */
export const formatDocumento = (documento: string | null) =>
  !documento ? '' : documento.length === 11 ? formatCpf(documento) : formatCnpj(documento);

/** The XML exists once the note was built and signed. */
export const temXml = (nota: Pick<NotaFiscalResumo, 'situacao'>) => nota.situacao !== 'Rascunho';

/** The DANFE (or DANFCE) only of a note with legal effect: authorized, or in contingency. */
export const temDanfe = (nota: Pick<NotaFiscalResumo, 'situacao'>) =>
  nota.situacao === 'Autorizada' || nota.situacao === 'Em contingência';

export const SITUACAO_NOTA_COR: Record<SituacaoNota, string> = {
  Rascunho: 'gray',
  Autorizada: 'teal',
  Rejeitada: 'red',
  'Em contingência': 'orange',
  Cancelada: 'dark',
  Denegada: 'grape',
  Inutilizada: 'dark',
};

export function SituacaoNotaBadge({
  situacao,
  size,
}: {
  situacao: SituacaoNota;
  size?: BadgeProps['size'];
}) {
  return (
    <Badge
      color={SITUACAO_NOTA_COR[situacao]}
      variant="light"
      size={size}
      data-testid="situacao-nota"
    >
      {situacao}
    </Badge>
  );
}

/** "SEM VALOR FISCAL" on notes of the simulation and of homologação; nothing in produção. */
export function SemValorFiscalBadge({
  ambiente,
  size,
}: {
  ambiente: AmbienteFiscal;
  size?: BadgeProps['size'];
}) {
  if (ambiente === 'producao') return null;
  return (
    <Badge color="yellow" variant="filled" size={size} c="dark">
      {FISCAL_TEXTOS.semValorFiscal}
    </Badge>
  );
}

type NotaArquivo = Parameters<typeof fetchDanfe>[0];

async function baixar(gerar: () => Promise<{ blob: Blob; fileName: string }>, erro: string) {
  try {
    const { blob, fileName } = await gerar();
    saveBlob(blob, fileName);
    return true;
  } catch (error) {
    console.error(erro, error);
    notifyError(errorText(erro, error));
    return false;
  }
}

/** Downloads (prints) the DANFE or DANFCE; a failure is told with the server's reason. */
export function baixarDanfe(nota: NotaArquivo): Promise<boolean> {
  const documento = nota.modelo === 65 ? 'DANFCE' : 'DANFE';
  return baixar(() => fetchDanfe(nota), `Erro ao gerar o ${documento}`);
}

/** Downloads the note's XML (the nfeProc once authorized). */
export function baixarXml(nota: NotaArquivo): Promise<boolean> {
  return baixar(() => fetchXmlNota(nota), 'Erro ao baixar o XML');
}

/** "(778: NCM inexistente)": SEFAZ's code and reason, when it answered. */
const motivo = (nota: Pick<NotaFiscalResumo, 'c_stat' | 'x_motivo'>) =>
  nota.c_stat !== null ? ` (${nota.c_stat}: ${nota.x_motivo ?? ''})` : '';

/**
 * What an emission, transmission or consultation ended in, in a sentence, and how to tell it:
 * authorized is a success, contingency a warning, the rest an error.
 */
export function resultadoNota(
  nota: Pick<NotaFiscal, 'modelo' | 'numero' | 'situacao' | 'c_stat' | 'x_motivo' | 'pendencias'>,
): { tipo: 'sucesso' | 'aviso' | 'erro'; texto: string } {
  const titulo = tituloNota(nota);
  switch (nota.situacao) {
    case 'Autorizada':
      return { tipo: 'sucesso', texto: `${titulo} autorizada.` };
    case 'Em contingência':
      return {
        tipo: 'aviso',
        texto: `${titulo} emitida em contingência: será transmitida quando a SEFAZ responder.`,
      };
    case 'Rejeitada':
      return { tipo: 'erro', texto: `${titulo} rejeitada pela SEFAZ${motivo(nota)}.` };
    case 'Denegada':
      return { tipo: 'erro', texto: `${titulo} denegada pela SEFAZ${motivo(nota)}.` };
    case 'Cancelada':
      return { tipo: 'aviso', texto: `${titulo} está cancelada.` };
    case 'Inutilizada':
      return { tipo: 'aviso', texto: `${titulo} teve o número inutilizado na SEFAZ.` };
    case 'Rascunho':
      return {
        tipo: 'erro',
        texto: nota.pendencias.length
          ? `${titulo} não foi enviada: ${nota.pendencias.join('; ')}.`
          : `${titulo} ficou em rascunho.`,
      };
  }
}

/** Tells the result of an action on a note as a notification. */
export function avisarResultadoNota(nota: Parameters<typeof resultadoNota>[0]): void {
  const { tipo, texto } = resultadoNota(nota);
  if (tipo === 'sucesso') notifySuccess(texto);
  else if (tipo === 'aviso') notifyWarning(texto);
  else notifyError(texto);
}
