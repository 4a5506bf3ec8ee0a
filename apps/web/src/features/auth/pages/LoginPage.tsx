import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { EMPTY_LOGIN_MESSAGE, type DemoResponse } from '@prumo/shared/auth';
import { ApiError, CONNECTION_ERROR_MESSAGE } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { fetchDemoCredentials, login } from '../../../api/auth';
import { DemoCredentialsBox } from '../components/DemoCredentialsBox';
import classes from './LoginPage.module.css';

export function LoginPage() {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [showPasswordHelp, setShowPasswordHelp] = useState(false);
  const [demo, setDemo] = useState<DemoResponse | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchDemoCredentials(controller.signal)
      .then(setDemo)
      .catch(() => setDemo(null));
    return () => controller.abort();
  }, []);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(EMPTY_LOGIN_MESSAGE);
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      const { token, user } = await login({ email, password });
      session.login(token, user);
    } catch (failure) {
      setError(
        failure instanceof ApiError && !failure.isConnectionFailure
          ? (failure.serverMessage ?? 'Erro ao fazer login')
          : CONNECTION_ERROR_MESSAGE,
      );
      setSubmitting(false);
    }
  }

  return (
    <main className={classes.page}>
      <Card className={classes.card} shadow="xl" padding="xl" radius="lg">
        <Stack gap={4} align="center" mb="lg">
          <Title order={1} c="indigo.7">
            Prumo
          </Title>
          <Text c="dimmed">Sistema ERP Empresarial</Text>
        </Stack>

        <form onSubmit={handleSubmit}>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert" data-testid="login-error">
                {error}
              </Alert>
            )}
            <TextInput
              label="E-mail"
              type="email"
              placeholder="seu.nome@empresa.com.br"
              autoComplete="username"
              value={email}
              disabled={submitting}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setError('');
              }}
            />
            <PasswordInput
              label="Senha"
              placeholder="Digite sua senha"
              autoComplete="current-password"
              value={password}
              disabled={submitting}
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar senha' }}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setError('');
              }}
            />
            <Group justify="flex-end">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setShowPasswordHelp((shown) => !shown)}
              >
                Esqueceu sua senha?
              </Anchor>
            </Group>
            {showPasswordHelp && (
              <Text size="sm" c="dimmed" data-testid="password-help">
                Peça a um administrador do sistema para redefinir sua senha.
              </Text>
            )}
            <Button type="submit" size="md" disabled={submitting} fullWidth>
              {submitting ? (
                <Group gap="xs">
                  <Loader size="xs" color="white" />
                  Entrando...
                </Group>
              ) : (
                'Entrar'
              )}
            </Button>
          </Stack>
        </form>

        {demo?.demo && demo.email && demo.password && (
          <DemoCredentialsBox
            email={demo.email}
            password={demo.password}
            disabled={submitting}
            onFill={() => {
              setEmail(demo.email!);
              setPassword(demo.password!);
              setError('');
            }}
          />
        )}
      </Card>
    </main>
  );
}
