import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import {
  ROLE_LABELS,
  perfilUpdateSchema,
  type PerfilUpdate,
  type Usuario,
} from '@prumo/shared/auth';
import { useUpdatePerfil } from '../../../api/perfil';
import { TextField } from '../../../components/form/fields';
import { SaveButton } from '../../../components/form/SaveButton';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { useSession } from '../../../lib/session';
import { PERFIL_TEXTOS } from './perfil-textos';

/** Own nome and e-mail; the top bar shows the new ones at once. */
export function DadosPerfilCard({ perfil }: { perfil: Usuario }) {
  const { updateUser } = useSession();
  const update = useUpdatePerfil();
  const form = useForm<PerfilUpdate>({
    resolver: zodResolver(perfilUpdateSchema),
    defaultValues: { nome: perfil.nome, email: perfil.email },
  });

  async function onValid(dados: PerfilUpdate) {
    await saveWithFeedback(
      async () => {
        const salvo = await update.mutateAsync(dados);
        updateUser({ nome: salvo.nome, email: salvo.email, role: salvo.role });
      },
      { success: PERFIL_TEXTOS.dadosSalvos, failure: PERFIL_TEXTOS.erroDados },
      form.setError,
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="xs">
        Meus dados
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Perfil de acesso: <strong>{ROLE_LABELS[perfil.role]}</strong> (só um administrador o
        altera).
      </Text>
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit(onValid)} noValidate>
          <Stack>
            <TextField name="nome" label="Nome" required maxLength={120} />
            <TextField name="email" label="E-mail" type="email" required maxLength={254} />
            <Group justify="flex-end">
              <SaveButton saving={form.formState.isSubmitting}>Salvar</SaveButton>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}
