import { PageLoader } from '../../../components/PageLoader';
import { ContratoForm } from '../components/ContratoForm';
import { CONTRATO_TEXTOS as T } from '../textos';
import { useContratoDaRota } from '../use-contrato-da-rota';

/** /contratos/{id}/editar: "Editar Contrato", once the contract is loaded. */
export default function EditarContratoPage() {
  const contrato = useContratoDaRota();
  if (!contrato) return <PageLoader label={T.carregando} />;
  // A fresh form per contract: it starts from the loaded record and keeps what the user types.
  return <ContratoForm key={contrato.id} contrato={contrato} />;
}
