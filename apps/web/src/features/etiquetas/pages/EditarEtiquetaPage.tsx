import { Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { etiquetaParaModelo } from '@prumo/shared/etiquetas';
import { notifyError } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { HistoricoButton } from '../../../components/HistoricoAlteracoes';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api-client';
import { useEtiqueta, useSaveEtiqueta } from '../../../api/etiquetas';
import { EtiquetaForm } from '../components/EtiquetaForm';
import { ETIQUETA_TEXTOS } from '../texts';
import { BackButton } from '../../../components/BackButton';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';

const LISTA = '/produtos/etiquetas';

/** /produtos/etiquetas/editar/{id}: back and cancel go to the label list (spec 2.8). */
export default function EditarEtiquetaPage() {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const query = useEtiqueta(id, validId);
  const save = useSaveEtiqueta();
  const failed = !validId || query.isError;

  useEffect(() => {
    if (!failed) return;
    const notFound = !validId || (query.error instanceof ApiError && query.error.status === 404);
    console.error(ETIQUETA_TEXTOS.erroCarregar, query.error);
    notifyError(notFound ? ETIQUETA_TEXTOS.naoEncontrada : ETIQUETA_TEXTOS.erroCarregar);
    void navigate(LISTA, { replace: true });
  }, [failed, validId, navigate, query.error]);

  const header = (
    <PageHeader
      title="Editar Etiqueta"
      description={query.data?.nome}
      breadcrumbs={[
        { label: 'Início', to: '/dashboard' },
        { label: 'Etiquetas', to: LISTA },
        { label: 'Editar' },
      ]}
      actions={
        <Group gap="xs">
          <HistoricoButton recurso="etiquetas" registroId={id} />
          <BackButton to={LISTA} />
        </Group>
      }
    />
  );

  if (!query.data) {
    return (
      <Stack gap={0}>
        {header}
        <PageLoader label="Carregando etiqueta" />
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      {header}
      <EtiquetaForm
        key={query.data.id}
        defaultValues={etiquetaParaModelo(query.data)}
        submitLabel="Atualizar Etiqueta"
        cancelTo={LISTA}
        onSave={async (dados, form) => {
          const saved = await saveWithFeedback(
            () => save.mutateAsync({ id, dados }),
            { success: ETIQUETA_TEXTOS.atualizada, failure: ETIQUETA_TEXTOS.erroAtualizar },
            form.setError,
          );
          if (saved) void navigate(LISTA);
          return saved;
        }}
      />
    </Stack>
  );
}
