import { EditCadastroScreen } from '../components/CadastroFormScreen';

/** /cadastros/editar-funcionario/{id} */
export default function EditarFuncionarioPage() {
  return <EditCadastroScreen tipo="funcionario" />;
}
