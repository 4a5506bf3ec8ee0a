import { EditCadastroScreen } from '../components/CadastroFormScreen';

/** /cadastros/editar-transportadora/{id} */
export default function EditarTransportadoraPage() {
  return <EditCadastroScreen tipo="transportadora" />;
}
