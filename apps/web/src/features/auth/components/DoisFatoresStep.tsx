import './dois-fatores-styles.css';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DOIS_FATORES_MESSAGES, type LoginResponse } from '@prumo/shared/auth';
import { loginDoisFatores } from '../../../api/auth';
import { ApiError, CONNECTION_ERROR_MESSAGE } from '../../../lib/api-client';

/**
 * The second step of signing in with two factors: the authenticator app's 6-digit code, or one
 * of the recovery codes. A challenge that expired or ran out of attempts goes back to the
 * password (`onRestart` with the server's message).
 */
export function DoisFatoresStep({
  desafio,
  onSuccess,
  onRestart,
}: {
  desafio: string;
  onSuccess: (answer: LoginResponse) => void;
  onRestart: (message: string) => void;
}) {
  const [recuperacao, setRecuperacao] = useState(false);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const campo = useRef<HTMLInputElement>(null);

  // After a refused code the field is enabled again: the cursor goes back to it.
  useEffect(() => {
    if (!submitting) campo.current?.focus();
  }, [submitting, recuperacao]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!codigo.trim()) {
      setError(DOIS_FATORES_MESSAGES.codigoObrigatorio);
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      onSuccess(await loginDoisFatores({ desafio, codigo: codigo.trim() }));
    } catch (failure) {
      setSubmitting(false);
      if (failure instanceof ApiError && failure.code === 'DESAFIO_EXPIRADO') {
        onRestart(failure.serverMessage ?? DOIS_FATORES_MESSAGES.desafioExpirado);
        return;
      }
      setError(
        failure instanceof ApiError && !failure.isConnectionFailure
          ? (failure.serverMessage ?? 'Erro ao verificar o código')
          : CONNECTION_ERROR_MESSAGE,
      );
      setCodigo('');
    }
  }

  function alternar() {
    setRecuperacao((atual) => !atual);
    setCodigo('');
    setError('');
  }

  return (
    <form onSubmit={handleSubmit} data-testid="login-dois-fatores">
      <Stack>
        <Title order={2} size="h4" ta="center">
          Verificação em dois fatores
        </Title>
        <Text size="sm">
          {recuperacao
            ? 'Digite um dos códigos de recuperação que você guardou ao ativar a verificação. Cada código vale uma vez.'
            : 'Abra o aplicativo autenticador no seu celular e digite o código de 6 números mostrado para o Prumo.'}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {error}
          </Alert>
        )}
        {recuperacao ? (
          <TextInput
            key="recuperacao"
            label="Código de recuperação"
            placeholder="xxxxx-xxxxx"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            ref={campo}
            value={codigo}
            disabled={submitting}
            onChange={(event) => {
              setCodigo(event.currentTarget.value);
              setError('');
            }}
          />
        ) : (
          <TextInput
            key="totp"
            label="Código do aplicativo autenticador"
            placeholder="000000"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            ref={campo}
            value={codigo}
            disabled={submitting}
            styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
            onChange={(event) => {
              setCodigo(event.currentTarget.value.replace(/[^\d ]/g, ''));
              setError('');
            }}
          />
        )}
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={alternar}>
            {recuperacao ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
          </Anchor>
        </Group>
        <Button type="submit" size="md" disabled={submitting} fullWidth>
          {submitting ? (
            <Group gap="xs">
              <Loader size="xs" color="white" />
              Verificando...
            </Group>
          ) : (
            'Verificar'
          )}
        </Button>
        <Button
          variant="subtle"
          size="sm"
          disabled={submitting}
          onClick={() => onRestart('')}
          fullWidth
        >
          Voltar
        </Button>
      </Stack>
    </form>
  );
}
