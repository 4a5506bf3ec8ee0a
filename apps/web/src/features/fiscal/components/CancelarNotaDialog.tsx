import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { cancelarNotaSchema, type NotaFiscal } from '@prumo/shared/fiscal';
import { formatNumeroVenda } from '@prumo/shared/vendas';
import { useCancelarNota } from '../../../api/fiscal';
import { tituloNota } from '../../../components/fiscal/nota';
import { CheckboxField, TextAreaField } from '../../../components/form/fields';
import { notifySuccess, notifyWarning } from '../../../components/notify';
import { newIdempotencyKey } from '../../../lib/api-client';
import { EVENTO_TEXTOS as T } from '../eventos-textos';
import { Contador, EventoModal } from './EventoModal';
import { formatRestante, useSegundosRestantes } from './prazo';

/**
 * Cancelar nota (admins and managers): the justification, the time left (the server refuses
 * after it; here the button stops too) and, for a sale's note, "Cancelar também a venda", done by
 * the server once SEFAZ registers the cancellation.
 */
export function CancelarNotaDialog({
  nota,
  prazo,
  opened,
  onClose,
}: {
  nota: NotaFiscal;
  /** Seconds left when the server answered, and when that was (Date.now()). */
  prazo: { restante: number | null; lidoEm: number };
  opened: boolean;
  onClose: () => void;
}) {
  const cancelar = useCancelarNota();
  const segundos = useSegundosRestantes(prazo.restante, prazo.lidoEm);
  const encerrado = segundos !== null && segundos <= 0;
  return (
    <EventoModal
      opened={opened}
      onClose={onClose}
      title={`Cancelar ${tituloNota(nota)}`}
      schema={cancelarNotaSchema}
      defaultValues={{ justificativa: '', cancelar_venda: false }}
      confirmar={T.cancelar}
      cor="red"
      falha={T.erroCancelar}
      bloqueado={encerrado}
      enviar={async (dados) => {
        const resultado = await cancelar.mutateAsync({
          id: nota.id,
          dados,
          idempotencyKey: newIdempotencyKey(),
        });
        notifySuccess(resultado.venda_cancelada ? T.canceladaComVenda : T.cancelada);
        if (resultado.aviso) notifyWarning(resultado.aviso);
      }}
    >
      {encerrado ? (
        <Alert color="red">{T.prazoTerminado}</Alert>
      ) : (
        segundos !== null && (
          <Group gap="xs">
            <IconClockHour4 size={18} />
            <Text size="sm">{T.tempoRestante}:</Text>
            <Text size="sm" fw={700} ff="monospace" data-testid="cancelar-restante">
              {formatRestante(segundos)}
            </Text>
          </Group>
        )
      )}
      <TextAreaField
        name="justificativa"
        label={T.justificativa}
        required
        data-autofocus
        minRows={2}
        maxLength={255}
        description={<Contador name="justificativa" min={15} max={255} />}
      />
      {/* A return's note has no sale to cancel with it. */}
      {nota.venda_id !== null && nota.venda_numero !== null && (
        <Stack gap={4}>
          <CheckboxField
            name="cancelar_venda"
            label={T.cancelarVenda(formatNumeroVenda(nota.venda_numero))}
          />
          <Text size="xs" c="dimmed" pl={30}>
            {T.cancelarVendaAjuda}
          </Text>
        </Stack>
      )}
    </EventoModal>
  );
}
