import { ContratoForm } from '../components/ContratoForm';

/** /contratos/novo: "Novo Contrato". */
export default function NovoContratoPage() {
  return <ContratoForm />;
}
