import { OrdensServicoHub } from '../components/OrdensServicoHub';
import { PainelOs } from '../components/PainelOs';

/** /servicos/painel-os: the hub on its "Painel" tab. */
export default function PainelOsPage() {
  return (
    <OrdensServicoHub aba="painel">
      <PainelOs />
    </OrdensServicoHub>
  );
}
