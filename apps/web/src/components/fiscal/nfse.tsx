import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  NFSE_EMISSAO_MENSAGENS,
  NFSE_MENSAGENS,
  type Nfse,
  type NfseResumo,
} from '@prumo/shared/fiscal';
import { fetchDanfse, fetchXmlNfse, statusFiscalQueryOptions } from '../../api/fiscal';
import { errorText } from '../../lib/error-text';
import { saveBlob } from '../../lib/files';
import { useSession } from '../../lib/session';
import { notifyError, notifySuccess, notifyWarning } from '../notify';

/*
 * What the screens that show NFS-e share (the NFS-e tab, the note's page, the service order and
 * the appointment): the note's title and path, the service code as read, the files' downloads,
 * the result of an emission in a sentence, and whether the company issues NFS-e at all.
 */

/** The NFS-e's own screen. */
export const nfsePath = (id: number) => `/nota-fiscal/nfse/${id}`;

/** Configurações → Fiscal (admins). */
export const CONFIGURACAO_FISCAL_PATH = '/configuracoes?aba=fiscal';

/** "140101" → "14.01.01", as the national list prints the code (the list loads on its own). */
export function formatCodigoTributacao(codigo: string): string {
  return /^\d{6}$/.test(codigo)
    ? `${codigo.slice(0, 2)}.${codigo.slice(2, 4)}.${codigo.slice(4)}`
    : codigo;
}

type Identificada = Pick<NfseResumo, 'numero_nfse' | 'numero_dps' | 'serie'>;

/** "NFS-e Nº 7" once the national issuer numbered it; before that, "DPS nº 12 (série 1)". */
export const tituloNfse = (nota: Identificada) =>
  nota.numero_nfse !== null
    ? `NFS-e Nº ${nota.numero_nfse}`
    : `DPS nº ${nota.numero_dps} (série ${nota.serie})`;

/** Some XML exists once the DPS was signed (the list does not say: all but a Rascunho). */
export const temXmlNfse = (nota: Pick<NfseResumo, 'situacao'>) => nota.situacao !== 'Rascunho';

/** The DANFSe of a note in force: authorized, with its key. */
export const temDanfse = (nota: Pick<NfseResumo, 'situacao' | 'chave'>) =>
  nota.situacao === 'Autorizada' && nota.chave !== null;

type NfseArquivo = Parameters<typeof fetchDanfse>[0];

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

/** Downloads the DANFSe; a failure is told with the server's reason. */
export const baixarDanfse = (nota: NfseArquivo) =>
  baixar(() => fetchDanfse(nota), 'Erro ao gerar o DANFSe');

/** Downloads the NFS-e's XML (the DPS's, before the issuer answered). */
export const baixarXmlNfse = (nota: NfseArquivo) =>
  baixar(() => fetchXmlNfse(nota), 'Erro ao baixar o XML');

/** " (E0625: Alíquota do ISSQN inválida)": the national code and message of a refusal. */
const motivo = (nota: Pick<NfseResumo, 'codigo_erro' | 'mensagem_erro'>) =>
  nota.codigo_erro !== null || nota.mensagem_erro !== null
    ? ` (${[nota.codigo_erro, nota.mensagem_erro].filter(Boolean).join(': ')})`
    : '';

/**
 * What an emission or transmission ended in, in a sentence: authorized is a success, a refusal
 * or a draft (with why it was not sent) an error, a cancelled note a warning.
 */
export function resultadoNfse(
  nota: Pick<
    Nfse,
    | 'numero_nfse'
    | 'numero_dps'
    | 'serie'
    | 'situacao'
    | 'codigo_erro'
    | 'mensagem_erro'
    | 'pendencias'
  >,
): { tipo: 'sucesso' | 'aviso' | 'erro'; texto: string } {
  const titulo = tituloNfse(nota);
  switch (nota.situacao) {
    case 'Autorizada':
      return { tipo: 'sucesso', texto: `${titulo} autorizada.` };
    case 'Rejeitada':
      return { tipo: 'erro', texto: `${titulo} rejeitada pelo emissor nacional${motivo(nota)}.` };
    case 'Cancelada':
      return { tipo: 'aviso', texto: `${titulo} está cancelada.` };
    case 'Rascunho':
      return {
        tipo: 'erro',
        texto: nota.pendencias.length
          ? `${titulo} não foi enviada: ${nota.pendencias.join('; ')}.`
          : `${titulo} ficou em rascunho: o emissor nacional não respondeu; transmita de novo.`,
      };
  }
}

/** Tells each note's result as a notification. */
export function avisarResultadoNfse(notas: ReadonlyArray<Parameters<typeof resultadoNfse>[0]>) {
  for (const nota of notas) {
    const { tipo, texto } = resultadoNfse(nota);
    if (tipo === 'sucesso') notifySuccess(texto);
    else if (tipo === 'aviso') notifyWarning(texto);
    else notifyError(texto);
  }
}

/**
 * Whether the company issues NFS-e, from Configurações → Fiscal: 'ativa'; 'desativada'; 'municipal'
 * (its município has its own issuer); 'carregando'. Only admins read the settings: for anyone
 * else it is 'desconhecida', and the server's answer to an emission says the rest.
 */
export type DisponibilidadeNfse =
  'ativa' | 'desativada' | 'municipal' | 'carregando' | 'desconhecida';

export function useDisponibilidadeNfse(): DisponibilidadeNfse {
  // The status every role reads (the settings themselves are the admins').
  const status = useQuery(statusFiscalQueryOptions());
  if (status.isError) return 'desconhecida';
  if (!status.data) return 'carregando';
  if (!status.data.nfse_emissor_nacional) return 'municipal';
  return status.data.nfse_ativa ? 'ativa' : 'desativada';
}

/**
 * Why NFS-e are not issued, said plainly: the município's own issuer, or NFS-e turned off in
 * Configurações → Fiscal (with the way there, for the admins who may go).
 */
export function NfseIndisponivel({
  motivo: qual,
  compacto = false,
}: {
  motivo: 'municipal' | 'desativada';
  /** Inside another screen (the order, the appointment): no title, a smaller box. */
  compacto?: boolean;
}) {
  const admin = useSession().user?.role === 'admin';
  const municipal = qual === 'municipal';
  return (
    <Alert
      color={municipal ? 'blue' : 'yellow'}
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={
        compacto ? undefined : municipal ? 'NFS-e pelo emissor do município' : 'NFS-e desativada'
      }
      p={compacto ? 'xs' : undefined}
      data-testid={municipal ? 'nfse-emissor-municipal' : 'nfse-desativada'}
    >
      <Text size="sm">
        {municipal ? NFSE_MENSAGENS.emissorMunicipal : NFSE_EMISSAO_MENSAGENS.desativada}.
      </Text>
      {!municipal && admin && (
        <Group mt="xs">
          <Button
            component={Link}
            to={CONFIGURACAO_FISCAL_PATH}
            size="xs"
            variant={compacto ? 'subtle' : 'light'}
            color="yellow"
            leftSection={<IconSettings size={14} />}
          >
            Abrir Configurações → Fiscal
          </Button>
        </Group>
      )}
    </Alert>
  );
}
