import { PageLoader } from '../../../components/PageLoader';
import { ContratoView } from '../components/ContratoView';
import { CONTRATO_TEXTOS as T } from '../textos';
import { useContratoDaRota } from '../use-contrato-da-rota';

/** /contratos/{id}: the contract, its calendar, prices, bills and reajustes, and its actions. */
export default function ContratoPage() {
  const contrato = useContratoDaRota();
  if (!contrato) return <PageLoader label={T.carregando} />;
  return <ContratoView contrato={contrato} />;
}
