import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLocacao } from '../../../api/locacoes';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { LOCACOES_PATH } from './paths';
import { LOCACAO_TEXTOS as T } from './textos';

/** The rental of the address's :id; an unknown one is told and goes back to the list. */
export function useLocacaoDaRota() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const locacao = useLocacao(id);
  const failed = !Number.isInteger(id) || id <= 0 || locacao.isError;

  useEffect(() => {
    if (!failed) return;
    console.error(T.erroCarregarLocacao, locacao.error);
    notifyError(errorText(T.erroCarregarLocacao, locacao.error));
    void navigate(LOCACOES_PATH, { replace: true });
  }, [failed, navigate, locacao.error]);

  return failed ? undefined : locacao.data;
}
