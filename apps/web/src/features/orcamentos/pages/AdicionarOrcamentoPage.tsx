import { OrcamentoForm } from '../components/OrcamentoForm';

/** /orcamentos/adicionar-orcamento: "Adicionar Orçamento". */
export default function AdicionarOrcamentoPage() {
  return <OrcamentoForm />;
}
