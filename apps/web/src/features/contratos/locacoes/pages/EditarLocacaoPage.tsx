import { PageLoader } from '../../../../components/PageLoader';
import { LocacaoForm } from '../components/LocacaoForm';
import { LOCACAO_TEXTOS as T } from '../textos';
import { useLocacaoDaRota } from '../use-locacao-da-rota';

/** /contratos/locacoes/{id}/editar: "Editar Locação" (while reserved), once loaded. */
export default function EditarLocacaoPage() {
  const locacao = useLocacaoDaRota();
  if (!locacao) return <PageLoader label={T.carregando} />;
  return <LocacaoForm key={locacao.id} locacao={locacao} />;
}
