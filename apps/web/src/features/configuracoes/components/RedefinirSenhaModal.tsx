import { Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { SENHA_MIN, usuarioSenhaSchema, type Usuario, type UsuarioSenha } from '@prumo/shared/auth';
import { useRedefinirSenha } from '../../../api/usuarios';
import { PasswordField } from '../../../components/form/fields';
import { FormModal, ModalFormActions } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { USUARIO_TEXTOS } from './usuarios-textos';

/** An administrator gives another user a new password; that user's sessions end. */
export function RedefinirSenhaModal({
  usuario,
  onClose,
}: {
  usuario: Usuario | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={usuario !== null} onClose={onClose} title="Redefinir senha">
      {usuario && <RedefinirSenhaForm key={usuario.id} usuario={usuario} onClose={onClose} />}
    </FormModal>
  );
}

function RedefinirSenhaForm({ usuario, onClose }: { usuario: Usuario; onClose: () => void }) {
  const redefinir = useRedefinirSenha();
  const form = useForm<UsuarioSenha>({
    resolver: zodResolver(usuarioSenhaSchema),
    defaultValues: { senha: '' },
  });

  async function onValid(dados: UsuarioSenha) {
    const saved = await saveWithFeedback(
      () => redefinir.mutateAsync({ id: usuario.id, dados }),
      { success: USUARIO_TEXTOS.senhaRedefinida, failure: USUARIO_TEXTOS.erroRedefinir },
      form.setError,
    );
    if (saved) onClose();
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Stack>
          <Text size="sm">
            Nova senha de <strong>{usuario.nome}</strong> ({usuario.email}). As sessões abertas dele
            serão encerradas.
          </Text>
          <PasswordField
            name="senha"
            label="Nova senha"
            description={`Pelo menos ${SENHA_MIN} caracteres.`}
            required
            data-autofocus
          />
          <ModalFormActions onCancel={onClose} saving={form.formState.isSubmitting} />
        </Stack>
      </form>
    </FormProvider>
  );
}
