import { errorText } from '../../../lib/error-text';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  categoriaInputSchema,
  type Categoria,
  type CategoriaData,
  type CategoriaInput,
} from '@prumo/shared/produtos';
import { notifyError, notifySuccess } from '../../../components/notify';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSaveCategoria } from '../../../api/categorias';
import { GRUPO_TEXTOS } from '../texts';
import { SaveButton } from '../../../components/form/SaveButton';

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={grupo ? 'Editar Grupo' : 'Novo Grupo'}
      size={500}
      centered
    >
      {/* Keyed so each opening starts from the group's current values. */}
      {opened && <GrupoFormBody key={grupo?.id ?? 'novo'} grupo={grupo} onClose={onClose} />}
    </Modal>
  );
}

function GrupoFormBody({ grupo, onClose }: { grupo: Categoria | null; onClose: () => void }) {
  const save = useSaveCategoria();
  const form = useForm<CategoriaInput, unknown, CategoriaData>({
    resolver: zodResolver(categoriaInputSchema),
    defaultValues: { nome: grupo?.nome ?? '', descricao: grupo?.descricao ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function onValid(dados: CategoriaData) {
    const failure = grupo ? GRUPO_TEXTOS.erroAtualizar : GRUPO_TEXTOS.erroCriar;
    try {
      await save.mutateAsync({ id: grupo?.id, dados });
      notifySuccess(grupo ? GRUPO_TEXTOS.atualizado : GRUPO_TEXTOS.criado);
      onClose();
    } catch (error) {
      console.error(failure, error);
      applyServerFieldErrors(error, form.setError);
      notifyError(errorText(failure, error));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <Stack>
        <TextInput
          label="Nome"
          withAsterisk
          data-autofocus
          maxLength={120}
          {...form.register('nome')}
          error={errors.nome?.message}
        />
        <Textarea
          label="Descrição"
          autosize
          minRows={2}
          maxLength={500}
          {...form.register('descricao')}
          error={errors.descricao?.message}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <SaveButton saving={isSubmitting}>Salvar</SaveButton>
        </Group>
      </Stack>
    </form>
  );
}
