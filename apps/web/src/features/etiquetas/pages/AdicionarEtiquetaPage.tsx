import { Stack } from '@mantine/core';
import { ETIQUETA_DEFAULTS } from '@prumo/shared/etiquetas';
import { PageHeader } from '../../../components/PageHeader';
import { useSaveEtiqueta } from '../../../api/etiquetas';
import { EtiquetaForm } from '../components/EtiquetaForm';
import { ETIQUETA_TEXTOS } from '../texts';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';

/**
 * /produtos/adicionar-etiqueta: a new label template with the defaults of section 9. After a
 * successful create the form goes back to the defaults, ready for the next one (spec 4).
 */
export default function AdicionarEtiquetaPage() {
  const save = useSaveEtiqueta();
  return (
    <Stack gap={0}>
      <PageHeader
        title="Adicionar Etiqueta"
        description="Modelo de etiqueta para imprimir os produtos."
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: 'Etiquetas', to: '/produtos' },
          { label: 'Adicionar' },
        ]}
      />
      <EtiquetaForm
        defaultValues={ETIQUETA_DEFAULTS}
        submitLabel="Salvar Etiqueta"
        cancelTo="/produtos"
        resetOnSuccess
        onSave={(dados, form) =>
          saveWithFeedback(
            () => save.mutateAsync({ dados }),
            { success: ETIQUETA_TEXTOS.criada, failure: ETIQUETA_TEXTOS.erroCriar },
            form.setError,
          )
        }
      />
    </Stack>
  );
}
