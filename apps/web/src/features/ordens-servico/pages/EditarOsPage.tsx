import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { OS_MESSAGES } from '@prumo/shared/ordens-servico';
import { useOrdemServico } from '../../../api/ordens-servico';
import { notifyError } from '../../../components/notify';
import { PageLoader } from '../../../components/PageLoader';
import { errorText } from '../../../lib/error-text';
import { LISTA_PATH } from '../components/OrdensServicoHub';
import { OsForm } from '../components/OsForm';

/** /servicos/editar-os/{id}: "Editar OS", once the order is loaded. */
export default function EditarOsPage() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const ordem = useOrdemServico(id);
  const failed = !Number.isInteger(id) || id <= 0 || ordem.isError;

  useEffect(() => {
    if (!failed) return;
    console.error(OS_MESSAGES.erroCarregar, ordem.error);
    notifyError(errorText(OS_MESSAGES.erroCarregar, ordem.error));
    void navigate(LISTA_PATH, { replace: true });
  }, [failed, navigate, ordem.error]);

  if (failed || !ordem.data) return <PageLoader label="Carregando ordem de serviço..." />;
  // A fresh form per order; a newer version of the same order is taken in by the form itself.
  return <OsForm key={ordem.data.id} ordem={ordem.data} />;
}
