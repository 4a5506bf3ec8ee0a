import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';

/** What a route shows while its module is still being built. */
export function ComingSoonPage({ area }: { area: string }) {
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTools size={34} />
        </ThemeIcon>
        <Title order={2}>{area}</Title>
        <Text>
          O módulo <strong>{area}</strong> está em construção e chegará em breve.
        </Text>
        <Button component={Link} to="/dashboard" variant="light" mt="md">
          Voltar ao Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
