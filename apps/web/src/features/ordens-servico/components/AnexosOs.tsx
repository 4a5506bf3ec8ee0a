import { OS_ANEXOS_MAX, type OrdemServico } from '@prumo/shared/ordens-servico';
import { anexoOsPath, useEnviarAnexosOs, useRemoverAnexoOs } from '../../../api/ordens-servico';
import { AnexosNovos, AnexosSalvos, type RegrasAnexos } from '../../../components/anexos/Anexos';

export const REGRAS_ANEXOS_OS: RegrasAnexos = {
  max: OS_ANEXOS_MAX,
  ajuda: `Fotos do equipamento (JPG, PNG, GIF ou WebP) e documentos em PDF, até 5 MB cada, no máximo ${OS_ANEXOS_MAX} por ordem de serviço.`,
  demais: `Uma ordem de serviço pode ter no máximo ${OS_ANEXOS_MAX} anexos.`,
  doDocumento: 'da ordem de serviço',
};

/** The attachments of a saved order, whatever its situação. */
export function AnexosOs({ ordem }: { ordem: OrdemServico }) {
  const enviar = useEnviarAnexosOs();
  const remover = useRemoverAnexoOs();
  return (
    <AnexosSalvos
      regras={REGRAS_ANEXOS_OS}
      anexos={ordem.anexos}
      caminho={(arquivoId) => anexoOsPath(ordem.id, arquivoId)}
      enviar={(arquivos) => enviar.mutateAsync({ id: ordem.id, arquivos })}
      enviando={enviar.isPending}
      remover={(arquivoId) => remover.mutateAsync({ id: ordem.id, arquivoId })}
    />
  );
}

/** The attachments chosen on a new order: sent once the order is created. */
export function AnexosNovaOs(props: { arquivos: File[]; onChange: (arquivos: File[]) => void }) {
  return <AnexosNovos regras={REGRAS_ANEXOS_OS} {...props} />;
}
