import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useNotaFiscal } from '../../../api/fiscal';
import { BackButton } from '../../../components/BackButton';
import { tituloNota } from '../../../components/fiscal/nota';
import { notifyError } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { errorText } from '../../../lib/error-text';
import { NotaDetalhe } from '../components/NotaDetalhe';
import { LISTA_PATH, listaDoModeloPath } from '../paths';
import { NOTA_TEXTOS } from '../textos';

/** /nota-fiscal/{id}: one note; an unknown id or a failed load goes back to the list. */
export default function NotaFiscalDetalhePage() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const nota = useNotaFiscal(id);
  const failed = !Number.isInteger(id) || id <= 0 || nota.isError;

  useEffect(() => {
    if (!failed) return;
    console.error(NOTA_TEXTOS.erroCarregar, nota.error);
    notifyError(errorText(NOTA_TEXTOS.erroCarregar, nota.error));
    void navigate(LISTA_PATH, { replace: true });
  }, [failed, navigate, nota.error]);

  const lista = nota.data ? listaDoModeloPath(nota.data.modelo) : LISTA_PATH;
  const titulo = nota.data ? tituloNota(nota.data) : NOTA_TEXTOS.titulo;
  return (
    <Stack gap={0}>
      <PageHeader
        title={titulo}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: NOTA_TEXTOS.titulo, to: lista },
          { label: titulo },
        ]}
        actions={<BackButton to={lista} />}
      />
      {nota.data && !failed ? (
        <NotaDetalhe nota={nota.data} />
      ) : (
        <PageLoader label="Carregando nota fiscal..." />
      )}
    </Stack>
  );
}
