import { OrdensServicoHub } from '../components/OrdensServicoHub';
import { OrdensServicoLista } from '../components/OrdensServicoLista';

/** /ordem-servicos: the hub on its "Gerenciar O.S." tab. */
export default function OrdensServicoPage() {
  return (
    <OrdensServicoHub aba="gerenciar">
      <OrdensServicoLista />
    </OrdensServicoHub>
  );
}
