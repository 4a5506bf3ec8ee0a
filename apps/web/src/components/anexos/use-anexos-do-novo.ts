import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/error-text';
import { notifyError } from '../notify';

/**
 * The files chosen on a new document (a quote, a service order), sent once it is created. When
 * they fail the document exists: `aviso` says so and its edit screen (`editar`) opens, where the
 * files can be tried again.
 */
export function useAnexosDoNovo(
  enviar: (input: { id: number; arquivos: File[] }) => Promise<unknown>,
  { aviso, editar }: { aviso: string; editar: (id: number) => string },
) {
  const navigate = useNavigate();
  const [arquivos, setArquivos] = useState<File[]>([]);

  /** Sends the chosen files to the created document; false when they failed. */
  async function enviarAo(id: number): Promise<boolean> {
    if (arquivos.length === 0) return true;
    try {
      await enviar({ id, arquivos });
      return true;
    } catch (error) {
      console.error('Erro ao anexar arquivos', error);
      notifyError(errorText(aviso, error));
      void navigate(editar(id), { replace: true });
      return false;
    }
  }

  return { arquivos, setArquivos, enviarAo };
}
