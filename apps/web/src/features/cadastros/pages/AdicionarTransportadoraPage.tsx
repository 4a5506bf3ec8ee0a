import { AddCadastroScreen } from '../components/CadastroFormScreen';

/** /cadastros/adicionar-transportadora */
export default function AdicionarTransportadoraPage() {
  return <AddCadastroScreen tipo="transportadora" />;
}
