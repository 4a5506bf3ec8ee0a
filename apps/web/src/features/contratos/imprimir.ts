import { fetchContratoPdf } from '../../api/contratos';
import { useImprimir } from '../../components/use-imprimir';
import { CONTRATO_TEXTOS } from './textos';

/** The printable contract (GET /api/contratos/{id}/pdf), downloaded as "contrato-12.pdf". */
export function useImprimirContrato() {
  return useImprimir(fetchContratoPdf, CONTRATO_TEXTOS.erroImprimir);
}
