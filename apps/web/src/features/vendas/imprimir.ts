import type { Venda } from '@prumo/shared/vendas';
import { fetchComprovante, type FormatoComprovante } from '../../api/vendas';
import { notifyError } from '../../components/notify';
import { errorText } from '../../lib/error-text';
import { saveBlob } from '../../lib/files';
import { VENDA_TEXTOS } from './texts';

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

/** Prints a sale's receipt: the 80 mm roll (comprovante não fiscal) or the A4 order. */
export function imprimirComprovante(
  venda: Pick<Venda, 'id' | 'numero'>,
  formato: FormatoComprovante,
) {
  return baixarPdf(() => fetchComprovante(venda, formato), VENDA_TEXTOS.erroImprimir);
}
