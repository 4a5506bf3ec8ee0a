import { fetchOrcamentoPdf } from '../../api/orcamentos';
import { useImprimir } from '../../components/use-imprimir';

/** The printable quote (GET /api/orcamentos/{id}/pdf), downloaded as "orcamento-000042.pdf". */
export function useImprimirOrcamento() {
  return useImprimir(fetchOrcamentoPdf, 'Erro ao gerar a impressão do orçamento');
}
