import { PageLoader } from '../../../components/PageLoader';
import { OrcamentoForm } from '../components/OrcamentoForm';
import { useOrcamentoDaRota } from '../use-orcamento-da-rota';

/** /orcamentos/editar/{id}: "Editar Orçamento", once the quote is loaded. */
export default function EditarOrcamentoPage() {
  const orcamento = useOrcamentoDaRota();
  if (!orcamento) return <PageLoader label="Carregando orçamento..." />;
  // A fresh form per quote.
  return <OrcamentoForm key={orcamento.id} orcamento={orcamento} />;
}
