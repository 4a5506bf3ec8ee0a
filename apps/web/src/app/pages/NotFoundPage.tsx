import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" ta="center">
        <Text fz={64} fw={800} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={2}>Página não encontrada</Title>
        <Text c="dimmed">
          O endereço <code>{pathname}</code> não existe no sistema.
        </Text>
        <Button component={Link} to="/dashboard" variant="light" mt="md">
          Ir para o Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
