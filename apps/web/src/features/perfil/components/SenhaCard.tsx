import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { SENHA_MIN, perfilSenhaFormSchema, type PerfilSenhaForm } from '@prumo/shared/auth';
import { useTrocarSenha } from '../../../api/perfil';
import { PasswordField } from '../../../components/form/fields';
import { SaveButton } from '../../../components/form/SaveButton';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { PERFIL_TEXTOS } from './perfil-textos';

const VAZIO: PerfilSenhaForm = { senha_atual: '', nova_senha: '', confirmacao: '' };

/** Change own password: the current one, the new one twice. The other sessions end. */
export function SenhaCard() {
  const trocar = useTrocarSenha();
  const form = useForm<PerfilSenhaForm>({
    resolver: zodResolver(perfilSenhaFormSchema),
    defaultValues: VAZIO,
  });

  async function onValid({ senha_atual, nova_senha }: PerfilSenhaForm) {
    const saved = await saveWithFeedback(
      () => trocar.mutateAsync({ senha_atual, nova_senha }),
      { success: PERFIL_TEXTOS.senhaTrocada, failure: PERFIL_TEXTOS.erroSenha },
      form.setError,
    );
    if (saved) form.reset(VAZIO);
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="xs">
        Alterar senha
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Ao trocar a senha, as suas sessões em outros aparelhos são encerradas.
      </Text>
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit(onValid)} noValidate>
          <Stack>
            <PasswordField
              name="senha_atual"
              label="Senha atual"
              autoComplete="current-password"
              required
            />
            <PasswordField
              name="nova_senha"
              label="Nova senha"
              description={`Pelo menos ${SENHA_MIN} caracteres.`}
              required
            />
            <PasswordField name="confirmacao" label="Confirme a nova senha" required />
            <Group justify="flex-end">
              <SaveButton saving={form.formState.isSubmitting}>Alterar senha</SaveButton>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Card>
  );
}
