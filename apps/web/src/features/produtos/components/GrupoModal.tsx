import { Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import {
  categoriaInputSchema,
  type Categoria,
  type CategoriaData,
  type CategoriaInput,
} from '@prumo/shared/produtos';
import { useSaveCategoria } from '../../../api/categorias';
import { TextAreaField, TextField } from '../../../components/form/fields';
import { FormModal, ModalFormActions } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { GRUPO_TEXTOS } from '../texts';

/** Create or edit a product group: Nome (required) and Descrição (spec 2.7). */
export function GrupoModal({
  opened,
  grupo,
  onClose,
}: {
  opened: boolean;
  /** The group being edited; null creates one. */
  grupo: Categoria | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={grupo ? 'Editar Grupo' : 'Novo Grupo'}>
      <GrupoForm key={grupo?.id ?? 'novo'} grupo={grupo} onClose={onClose} />
    </FormModal>
  );
}

function GrupoForm({ grupo, onClose }: { grupo: Categoria | null; onClose: () => void }) {
  const save = useSaveCategoria();
  const form = useForm<CategoriaInput, unknown, CategoriaData>({
    resolver: zodResolver(categoriaInputSchema),
    defaultValues: { nome: grupo?.nome ?? '', descricao: grupo?.descricao ?? '' },
  });

  async function onValid(dados: CategoriaData) {
    const saved = await saveWithFeedback(
      () => save.mutateAsync({ id: grupo?.id, dados }),
      grupo
        ? { success: GRUPO_TEXTOS.atualizado, failure: GRUPO_TEXTOS.erroAtualizar }
        : { success: GRUPO_TEXTOS.criado, failure: GRUPO_TEXTOS.erroCriar },
      form.setError,
    );
    if (saved) onClose();
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Stack>
          <TextField name="nome" label="Nome" required data-autofocus maxLength={120} />
          <TextAreaField name="descricao" label="Descrição" minRows={2} maxLength={500} />
          <ModalFormActions onCancel={onClose} saving={form.formState.isSubmitting} />
        </Stack>
      </form>
    </FormProvider>
  );
}
