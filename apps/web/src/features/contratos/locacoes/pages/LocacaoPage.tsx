import { PageLoader } from '../../../../components/PageLoader';
import { LocacaoView } from '../components/LocacaoView';
import { LOCACAO_TEXTOS as T } from '../textos';
import { useLocacaoDaRota } from '../use-locacao-da-rota';

/** /contratos/locacoes/{id}: the rental, its units and bills, check-out, check-in, cancel. */
export default function LocacaoPage() {
  const locacao = useLocacaoDaRota();
  if (!locacao) return <PageLoader label={T.carregando} />;
  return <LocacaoView locacao={locacao} />;
}
