import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useContrato } from '../../api/contratos';
import { notifyError } from '../../components/notify';
import { errorText } from '../../lib/error-text';
import { LISTA_PATH } from './paths';
import { CONTRATO_TEXTOS as T } from './textos';

/** The contract of the address's :id; an unknown one is told and goes back to the list. */
export function useContratoDaRota() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const contrato = useContrato(id);
  const failed = !Number.isInteger(id) || id <= 0 || contrato.isError;

  useEffect(() => {
    if (!failed) return;
    console.error(T.erroCarregarContrato, contrato.error);
    notifyError(errorText(T.erroCarregarContrato, contrato.error));
    void navigate(LISTA_PATH, { replace: true });
  }, [failed, navigate, contrato.error]);

  return failed ? undefined : contrato.data;
}
