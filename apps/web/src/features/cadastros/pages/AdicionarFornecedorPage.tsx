import { AddCadastroScreen } from '../components/CadastroFormScreen';

/** /cadastros/adicionar-fornecedor */
export default function AdicionarFornecedorPage() {
  return <AddCadastroScreen tipo="fornecedor" />;
}
