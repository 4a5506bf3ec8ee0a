import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ROLE_LABELS, type Role } from '@prumo/shared/auth';

export function AccessDenied({ role, required }: { role: Role; required: readonly Role[] }) {
  const navigate = useNavigate();
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={460} ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconLock size={34} />
        </ThemeIcon>
        <Title order={2}>Acesso Negado</Title>
        <Text>Você não tem permissão para acessar esta página.</Text>
        <Text size="sm" c="dimmed" data-testid="access-denied-role">
          Seu perfil: <strong>{ROLE_LABELS[role]}</strong>
        </Text>
        <Text size="sm" c="dimmed" data-testid="access-denied-required">
          Perfis permitidos: <strong>{required.map((r) => ROLE_LABELS[r]).join(', ')}</strong>
        </Text>
        <Button mt="md" variant="light" onClick={() => navigate(-1)}>
          Voltar
        </Button>
      </Stack>
    </Center>
  );
}
