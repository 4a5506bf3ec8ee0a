import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState, type FormEvent } from 'react';
import type { AutorizacaoDesconto } from '@prumo/shared/vendas';
import { ApiError } from '../lib/api-client';

/**
 * A manager's authorization of a discount above the user's limit (AUTORIZACAO_NECESSARIA),
 * asked where a sale is made: the sales screens and a quote's conversion into a sale.
 */
export const AUTORIZACAO_TEXTOS = {
  titulo: 'Autorização de desconto',
  email: 'E-mail do gerente ou administrador',
  senha: 'Senha',
  autorizar: 'Autorizar',
} as const;

/** The cashier closed the authorization without a manager's password: nothing was sent. */
export class AutorizacaoCancelada extends Error {
  constructor() {
    super('Autorização cancelada');
    this.name = 'AutorizacaoCancelada';
  }
}

function AutorizacaoForm({
  motivo,
  emailAnterior,
  onDone,
}: {
  motivo: string | undefined;
  emailAnterior: string;
  onDone: (autorizacao: AutorizacaoDesconto | null) => void;
}) {
  const [email, setEmail] = useState(emailAnterior);
  const [senha, setSenha] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() && senha) onDone({ email: email.trim(), senha });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {motivo && (
          <Alert color="yellow" variant="light" data-testid="autorizacao-motivo">
            {motivo}
          </Alert>
        )}
        <TextInput
          label={AUTORIZACAO_TEXTOS.email}
          type="email"
          autoComplete="off"
          required
          data-autofocus={!emailAnterior || undefined}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label={AUTORIZACAO_TEXTOS.senha}
          autoComplete="off"
          required
          data-autofocus={Boolean(emailAnterior) || undefined}
          value={senha}
          onChange={(event) => setSenha(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!email.trim() || !senha}>
            {AUTORIZACAO_TEXTOS.autorizar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Asks for a manager's or admin's e-mail and password (the e-mail of a refused try kept); null
 * when the cashier gives up.
 */
export function pedirAutorizacao(
  motivo: string | undefined,
  emailAnterior = '',
): Promise<AutorizacaoDesconto | null> {
  return new Promise((resolve) => {
    let resolved = false;
    const done = (autorizacao: AutorizacaoDesconto | null) => {
      if (resolved) return;
      resolved = true;
      modals.close(id);
      resolve(autorizacao);
    };
    const id = modals.open({
      title: AUTORIZACAO_TEXTOS.titulo,
      centered: true,
      children: <AutorizacaoForm motivo={motivo} emailAnterior={emailAnterior} onDone={done} />,
      onClose: () => done(null),
    });
  });
}

const precisaAutorizacao = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'AUTORIZACAO_NECESSARIA';

/**
 * Sends a sale; when the server answers that its discount needs a manager's authorization
 * (AUTORIZACAO_NECESSARIA), asks for one and sends the sale again with it, until it goes through,
 * fails for another reason, or the cashier cancels (AutorizacaoCancelada). `enviar` makes a new
 * Idempotency-Key per call: the body changes with the authorization.
 */
export async function comAutorizacao<T>(
  enviar: (autorizacao: AutorizacaoDesconto | null) => Promise<T>,
  pedir: typeof pedirAutorizacao = pedirAutorizacao,
): Promise<T> {
  try {
    return await enviar(null);
  } catch (error) {
    if (!precisaAutorizacao(error)) throw error;
    let motivo = error.serverMessage;
    let email = '';
    for (;;) {
      const autorizacao = await pedir(motivo, email);
      if (!autorizacao) throw new AutorizacaoCancelada();
      email = autorizacao.email;
      try {
        return await enviar(autorizacao);
      } catch (again) {
        if (!precisaAutorizacao(again)) throw again;
        motivo = again.serverMessage;
      }
    }
  }
}
