import { fetchOrdemServicoPdf } from '../../api/ordens-servico';
import { useImprimir } from '../../components/use-imprimir';

/** The printable order (GET /api/ordens-servico/{id}/pdf), downloaded as "os-000042.pdf". */
export function useImprimirOs() {
  return useImprimir(fetchOrdemServicoPdf, 'Erro ao gerar a impressão da ordem de serviço');
}
