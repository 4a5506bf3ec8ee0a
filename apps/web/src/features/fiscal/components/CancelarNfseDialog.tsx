import { Text } from '@mantine/core';
import { cancelarNfseSchema, MOTIVOS_CANCELAMENTO_NFSE, type Nfse } from '@prumo/shared/fiscal';
import { useCancelarNfse } from '../../../api/fiscal';
import { tituloNfse } from '../../../components/fiscal/nfse';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { notifySuccess } from '../../../components/notify';
import { NFSE_TEXTOS as T } from '../textos';
import { Contador, EventoModal } from './EventoModal';

const MOTIVO_OPCOES = MOTIVOS_CANCELAMENTO_NFSE.map(({ value, label }) => ({
  value,
  label: `${value} — ${label}`,
}));

/**
 * Cancelar NFS-e (admins and managers): the reason (cMotivo) and the justification, sent to the
 * national issuer as the event 101101; its refusal is told and the dialog stays open.
 */
export function CancelarNfseDialog({
  nota,
  opened,
  onClose,
}: {
  nota: Nfse;
  opened: boolean;
  onClose: () => void;
}) {
  const cancelar = useCancelarNfse();
  return (
    <EventoModal
      opened={opened}
      onClose={onClose}
      title={`Cancelar ${tituloNfse(nota)}`}
      schema={cancelarNfseSchema}
      defaultValues={{ justificativa: '' }}
      confirmar={T.cancelar}
      cor="red"
      falha={T.erroCancelar}
      enviando="Enviando ao emissor nacional..."
      enviar={async (dados) => {
        await cancelar.mutateAsync({ id: nota.id, dados });
        notifySuccess(T.cancelada);
      }}
    >
      <Text size="sm">
        A NFS-e deixa de valer para o tomador e o município. O cancelamento não pode ser desfeito.
      </Text>
      <SelectField
        name="motivo"
        label={T.motivo}
        required
        clearable={false}
        options={MOTIVO_OPCOES}
        comboboxProps={{ withinPortal: false }}
        data-testid="cancelar-nfse-motivo"
      />
      <TextAreaField
        name="justificativa"
        label={T.justificativa}
        required
        minRows={2}
        maxLength={255}
        description={
          <>
            {T.justificativaAjuda} <Contador name="justificativa" min={15} max={255} />
          </>
        }
      />
    </EventoModal>
  );
}
