import { useState } from 'react';
import { fetchOrdemServicoPdf } from '../../api/ordens-servico';
import { notifyError } from '../../components/notify';
import { errorText } from '../../lib/error-text';
import { saveBlob } from '../../lib/files';

const ERRO_IMPRIMIR = 'Erro ao gerar a impressão da ordem de serviço';

/**
 * The printable order (GET /api/ordens-servico/{id}/pdf) downloaded as "os-000042.pdf"; which
 * order is being generated, for the button's loader. A failure is told with the server's reason.
 */
export function useImprimirOs() {
  const [imprimindo, setImprimindo] = useState<number | null>(null);
  async function imprimir(ordem: { id: number; numero: number }) {
    setImprimindo(ordem.id);
    try {
      const { blob, fileName } = await fetchOrdemServicoPdf(ordem);
      saveBlob(blob, fileName);
    } catch (error) {
      console.error(ERRO_IMPRIMIR, error);
      notifyError(errorText(ERRO_IMPRIMIR, error));
    } finally {
      setImprimindo(null);
    }
  }
  return { imprimindo, imprimir };
}
