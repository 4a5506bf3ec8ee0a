import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  doisFatoresDesativarSchema,
  DOIS_FATORES_MESSAGES,
  type DoisFatoresDesativar,
} from '@prumo/shared/auth';
import { formatDate } from '@prumo/shared/dates';
import { useDesativarDoisFatores, useDoisFatores } from '../../../api/perfil';
import { PasswordField } from '../../../components/form/fields';
import { FormModal } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { AtivarDoisFatoresModal } from './AtivarDoisFatoresModal';
import { PERFIL_TEXTOS } from './perfil-textos';

/** Perfil → Autenticação em dois fatores: on or off, and the way to change it. */
export function DoisFatoresCard() {
  const status = useDoisFatores();
  const [ativando, setAtivando] = useState(false);
  const [desativando, setDesativando] = useState(false);
  const dados = status.data;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="dois-fatores-card">
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Title order={3} size="h4">
          Autenticação em dois fatores
        </Title>
        {dados &&
          (dados.ativado ? (
            <Badge color="green" variant="light" leftSection={<IconShieldCheck size={14} />}>
              Ativada
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Desativada
            </Badge>
          ))}
      </Group>
      {status.isError ? (
        <Text c="red">{PERFIL_TEXTOS.erroCarregar}</Text>
      ) : (
        dados && (
          <Stack gap="sm">
            {dados.obrigatorio && !dados.ativado && (
              <Alert
                color="orange"
                variant="light"
                icon={<IconShieldLock size={18} />}
                data-testid="dois-fatores-obrigatorio"
              >
                {DOIS_FATORES_MESSAGES.obrigatorio}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              Além da senha, o login pede um código de 6 números do aplicativo autenticador do seu
              celular. Assim, quem descobrir a sua senha não consegue entrar.
            </Text>
            {dados.ativado ? (
              <>
                <Text size="sm">
                  Ativada em {dados.ativado_em ? formatDate(dados.ativado_em) : '-'}. Códigos de
                  recuperação ainda não usados: <strong>{dados.codigos_restantes}</strong>.
                </Text>
                <Group justify="flex-end">
                  <Button variant="light" color="red" onClick={() => setDesativando(true)}>
                    Desativar
                  </Button>
                </Group>
              </>
            ) : (
              <Group justify="flex-end">
                <Button
                  leftSection={<IconShieldLock size={16} />}
                  onClick={() => setAtivando(true)}
                >
                  Ativar
                </Button>
              </Group>
            )}
          </Stack>
        )
      )}
      <AtivarDoisFatoresModal opened={ativando} onClose={() => setAtivando(false)} />
      <FormModal
        opened={desativando}
        onClose={() => setDesativando(false)}
        title="Desativar autenticação em dois fatores"
      >
        <DesativarForm onClose={() => setDesativando(false)} />
      </FormModal>
    </Card>
  );
}

function DesativarForm({ onClose }: { onClose: () => void }) {
  const desativar = useDesativarDoisFatores();
  const form = useForm<DoisFatoresDesativar>({
    resolver: zodResolver(doisFatoresDesativarSchema),
    defaultValues: { senha_atual: '' },
  });

  async function onValid(dados: DoisFatoresDesativar) {
    const saved = await saveWithFeedback(
      () => desativar.mutateAsync(dados),
      { success: PERFIL_TEXTOS.doisFatoresDesativado, failure: PERFIL_TEXTOS.erroDesativar },
      form.setError,
    );
    if (saved) onClose();
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Stack>
          <Text size="sm">
            O login voltará a pedir só a senha e os códigos de recuperação deixam de valer. Para
            confirmar, digite a sua senha atual.
          </Text>
          <PasswordField
            name="senha_atual"
            label="Senha atual"
            autoComplete="current-password"
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={form.formState.isSubmitting}>
              Desativar
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
