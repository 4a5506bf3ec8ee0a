import { Button, Paper, Text } from '@mantine/core';

/** Shown only in demo mode: the demo admin's credentials and a button that fills them in. */
export function DemoCredentialsBox({
  email,
  password,
  disabled,
  onFill,
}: {
  email: string;
  password: string;
  disabled: boolean;
  onFill: () => void;
}) {
  return (
    <Paper withBorder mt="lg" p="md" radius="md" bg="indigo.0" data-testid="demo-box">
      <Text fw={600} size="sm" mb={4}>
        Credenciais de demonstração
      </Text>
      <Text size="sm">
        E-mail: <strong>{email}</strong>
      </Text>
      <Text size="sm" mb="sm">
        Senha: <strong>{password}</strong>
      </Text>
      <Button variant="light" size="xs" onClick={onFill} disabled={disabled}>
        Preencher automaticamente
      </Button>
    </Paper>
  );
}
