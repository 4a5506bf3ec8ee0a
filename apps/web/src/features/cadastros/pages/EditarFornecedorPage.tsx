import { EditCadastroScreen } from '../components/CadastroFormScreen';

/** /cadastros/editar-fornecedor/{id} */
export default function EditarFornecedorPage() {
  return <EditCadastroScreen tipo="fornecedor" />;
}
