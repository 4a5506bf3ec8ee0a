import { LocacaoForm } from '../components/LocacaoForm';

/** /contratos/locacoes/nova: "Nova Locação". */
export default function NovaLocacaoPage() {
  return <LocacaoForm />;
}
