import { AddCadastroScreen } from '../components/CadastroFormScreen';

/** /cadastros/adicionar-cliente */
export default function AdicionarClientePage() {
  return <AddCadastroScreen tipo="cliente" />;
}
