import { notifyError } from '../../components/notify';
import { errorText } from '../../lib/error-text';
import { saveBlob } from '../../lib/files';

/**
 * Downloads a PDF the server builds (a sale's receipt, a caixa's closing report); a failure is
 * told with the screen's text and the server's reason.
 */
export async function baixarPdf(
  gerar: () => Promise<{ blob: Blob; fileName: string }>,
  erro: string,
): Promise<void> {
  try {
    const { blob, fileName } = await gerar();
    saveBlob(blob, fileName);
  } catch (error) {
    console.error(erro, error);
    notifyError(errorText(erro, error));
  }
}
