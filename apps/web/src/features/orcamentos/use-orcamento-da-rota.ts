import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ORCAMENTO_MESSAGES } from '@prumo/shared/orcamentos';
import { useOrcamento } from '../../api/orcamentos';
import { notifyError } from '../../components/notify';
import { errorText } from '../../lib/error-text';
import { LISTA_PATH } from './paths';

/** The quote of /orcamentos/.../{id}; an unknown id or a failed load goes back to the list. */
export function useOrcamentoDaRota() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const orcamento = useOrcamento(id);
  const failed = !Number.isInteger(id) || id <= 0 || orcamento.isError;

  useEffect(() => {
    if (!failed) return;
    console.error(ORCAMENTO_MESSAGES.naoEncontrado, orcamento.error);
    notifyError(errorText(ORCAMENTO_MESSAGES.naoEncontrado, orcamento.error));
    void navigate(LISTA_PATH, { replace: true });
  }, [failed, navigate, orcamento.error]);

  return failed ? undefined : orcamento.data;
}
