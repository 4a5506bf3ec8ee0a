import { AddCadastroScreen } from '../components/CadastroFormScreen';

/** /cadastros/adicionar-funcionario */
export default function AdicionarFuncionarioPage() {
  return <AddCadastroScreen tipo="funcionario" />;
}
