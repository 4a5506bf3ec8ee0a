import { OrcamentosLista } from '../components/OrcamentosLista';

/** /orcamentos: the quote list with its Produtos and Serviços tabs. */
export default function OrcamentosPage() {
  return <OrcamentosLista />;
}
