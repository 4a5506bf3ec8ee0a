import { EditCadastroScreen } from '../components/CadastroFormScreen';

/** /cadastros/editar-cliente/{id} */
export default function EditarClientePage() {
  return <EditCadastroScreen tipo="cliente" />;
}
