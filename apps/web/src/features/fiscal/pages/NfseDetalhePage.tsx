import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useNfse } from '../../../api/fiscal';
import { BackButton } from '../../../components/BackButton';
import { tituloNfse } from '../../../components/fiscal/nfse';
import { notifyError } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { errorText } from '../../../lib/error-text';
import { NfseDetalhe } from '../components/NfseDetalhe';
import { LISTA_NFSE_PATH } from '../paths';
import { NFSE_TEXTOS, NOTA_TEXTOS } from '../textos';

/** /nota-fiscal/nfse/{id}: one NFS-e; an unknown id or a failed load goes back to the tab. */
export default function NfseDetalhePage() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const nota = useNfse(id);
  const failed = !Number.isInteger(id) || id <= 0 || nota.isError;

  useEffect(() => {
    if (!failed) return;
    console.error(NFSE_TEXTOS.erroCarregar, nota.error);
    notifyError(errorText(NFSE_TEXTOS.erroCarregar, nota.error));
    void navigate(LISTA_NFSE_PATH, { replace: true });
  }, [failed, navigate, nota.error]);

  const titulo = nota.data ? tituloNfse(nota.data) : 'NFS-e';
  return (
    <Stack gap={0}>
      <PageHeader
        title={titulo}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: NOTA_TEXTOS.titulo, to: LISTA_NFSE_PATH },
          { label: titulo },
        ]}
        actions={<BackButton to={LISTA_NFSE_PATH} />}
      />
      {nota.data && !failed ? (
        <NfseDetalhe nota={nota.data} />
      ) : (
        <PageLoader label="Carregando NFS-e..." />
      )}
    </Stack>
  );
}
