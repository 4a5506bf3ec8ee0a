import { Button, Group, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
} from 'react-hook-form';
import type { z } from '@prumo/shared/validation';
import { FormModal } from '../../../components/form/FormModal';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors } from '../../../lib/form-errors';

/**
 * The dialog of a request to SEFAZ (cancel, correct, void): a form checked by the shared schema,
 * sent with `enviar`; SEFAZ's refusal or the server's reason is told and the dialog stays open.
 * Its body is mounted only while open, so each opening starts empty.
 */
export function EventoModal<Input extends FieldValues, Output>({
  opened,
  onClose,
  title,
  schema,
  defaultValues,
  confirmar,
  cor,
  falha,
  enviar,
  bloqueado = false,
  enviando = 'Enviando à SEFAZ...',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** The confirm button's label ("Cancelar nota"). */
  confirmar: string;
  cor?: string;
  /** The failure's title ("Erro ao cancelar a nota"). */
  falha: string;
  /** Sends the request and tells its success; a throw keeps the dialog open. */
  enviar: (dados: Output) => Promise<void>;
  /** Nothing can be sent (the deadline ended). */
  bloqueado?: boolean;
  /** The confirm button's label while sending (to SEFAZ unless told). */
  enviando?: string;
  children: ReactNode;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title}>
      <EventoForm
        schema={schema}
        defaultValues={defaultValues}
        confirmar={confirmar}
        cor={cor}
        falha={falha}
        enviar={enviar}
        bloqueado={bloqueado}
        enviando={enviando}
        onClose={onClose}
      >
        {children}
      </EventoForm>
    </FormModal>
  );
}

function EventoForm<Input extends FieldValues, Output>({
  schema,
  defaultValues,
  confirmar,
  cor,
  falha,
  enviar,
  bloqueado,
  enviando,
  onClose,
  children,
}: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  confirmar: string;
  cor?: string;
  falha: string;
  enviar: (dados: Output) => Promise<void>;
  bloqueado: boolean;
  enviando: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });

  async function onValid(dados: Output) {
    try {
      await enviar(dados);
      onClose();
    } catch (error) {
      console.error(falha, error);
      applyServerFieldErrors(error, form.setError);
      notifyError(errorText(falha, error));
    }
  }

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Voltar
            </Button>
            <SaveButton
              saving={form.formState.isSubmitting}
              savingLabel={enviando}
              color={cor}
              disabled={bloqueado || form.formState.isSubmitting}
            >
              {confirmar}
            </SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** "12/255 caracteres" under a text field, red while outside the bounds. */
export function Contador({ name, min, max }: { name: string; min: number; max: number }) {
  const valor = useWatch({ name }) as string | undefined;
  const tamanho = (valor ?? '').trim().replace(/\s+/g, ' ').length;
  const fora = tamanho > 0 && (tamanho < min || tamanho > max);
  return (
    <Text span size="xs" c={fora ? 'red' : 'dimmed'}>
      {tamanho}/{max} caracteres (mínimo {min})
    </Text>
  );
}
