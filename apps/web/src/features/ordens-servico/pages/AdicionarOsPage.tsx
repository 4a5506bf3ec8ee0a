import { OsForm } from '../components/OsForm';

/** /servicos/adicionar-os: "Adicionar OS". */
export default function AdicionarOsPage() {
  return <OsForm />;
}
