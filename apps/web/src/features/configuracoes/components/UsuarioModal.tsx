import { Group, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import {
  SENHA_MIN,
  usuarioCreateSchema,
  usuarioUpdateSchema,
  type Usuario,
  type UsuarioCreate,
  type UsuarioUpdate,
} from '@prumo/shared/auth';
import { useCreateUsuario, useUpdateUsuario } from '../../../api/usuarios';
import { HistoricoButton } from '../../../components/HistoricoAlteracoes';
import {
  PasswordField,
  SelectField,
  SwitchField,
  TextField,
} from '../../../components/form/fields';
import { FormModal, ModalFormActions } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { ROLE_OPTIONS, USUARIO_TEXTOS } from './usuarios-textos';

/** Create a user (with an initial password) or edit one (nome, e-mail, perfil, ativo). */
export function UsuarioModal({
  opened,
  usuario,
  onClose,
}: {
  opened: boolean;
  /** The user being edited; null creates one. */
  usuario: Usuario | null;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={usuario ? 'Editar usuário' : 'Novo usuário'}
    >
      {usuario ? (
        <EditarUsuarioForm key={usuario.id} usuario={usuario} onClose={onClose} />
      ) : (
        <NovoUsuarioForm onClose={onClose} />
      )}
    </FormModal>
  );
}

function DadosFields() {
  return (
    <>
      <TextField name="nome" label="Nome" required data-autofocus maxLength={120} />
      <TextField name="email" label="E-mail" type="email" required maxLength={254} />
      <SelectField name="role" label="Perfil de acesso" required options={ROLE_OPTIONS} />
    </>
  );
}

function NovoUsuarioForm({ onClose }: { onClose: () => void }) {
  const create = useCreateUsuario();
  const form = useForm<UsuarioCreate>({
    resolver: zodResolver(usuarioCreateSchema),
    defaultValues: { nome: '', email: '', role: 'user', senha: '' },
  });

  async function onValid(dados: UsuarioCreate) {
    const saved = await saveWithFeedback(
      () => create.mutateAsync(dados),
      { success: USUARIO_TEXTOS.criado, failure: USUARIO_TEXTOS.erroCriar },
      form.setError,
    );
    if (saved) onClose();
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Stack>
          <DadosFields />
          <PasswordField
            name="senha"
            label="Senha inicial"
            description={`Pelo menos ${SENHA_MIN} caracteres. Entregue-a à pessoa, que pode trocá-la no Perfil.`}
            required
          />
          <ModalFormActions onCancel={onClose} saving={form.formState.isSubmitting} />
        </Stack>
      </form>
    </FormProvider>
  );
}

function EditarUsuarioForm({ usuario, onClose }: { usuario: Usuario; onClose: () => void }) {
  const update = useUpdateUsuario();
  const form = useForm<UsuarioUpdate>({
    resolver: zodResolver(usuarioUpdateSchema),
    defaultValues: {
      nome: usuario.nome,
      email: usuario.email,
      role: usuario.role,
      ativo: usuario.ativo,
    },
  });

  async function onValid(dados: UsuarioUpdate) {
    const saved = await saveWithFeedback(
      () => update.mutateAsync({ id: usuario.id, dados }),
      { success: USUARIO_TEXTOS.atualizado, failure: USUARIO_TEXTOS.erroAtualizar },
      form.setError,
    );
    if (saved) onClose();
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Stack>
          <DadosFields />
          <SwitchField name="ativo" label="Ativo" />
          <Text size="xs" c="dimmed">
            Desativar encerra na hora as sessões abertas do usuário; ele não entra mais até ser
            reativado.
          </Text>
          <Group justify="space-between">
            <HistoricoButton recurso="usuarios" registroId={usuario.id} />
          </Group>
          <ModalFormActions onCancel={onClose} saving={form.formState.isSubmitting} />
        </Stack>
      </form>
    </FormProvider>
  );
}
