import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { contratoStatusSchema, type Contrato } from '@prumo/shared/contratos';
import { isISODate, todayISO } from '@prumo/shared/dates';
import { useCancelamentoPrevia, useMudarSituacaoContrato } from '../../../api/contratos';
import { DateField, TextAreaField } from '../../../components/form/fields';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, errosDoSchema, resolverDeErros } from '../../../lib/form-errors';
import { useChavePorCorpo } from '../../../lib/idempotency';
import { CONTRATO_TEXTOS as T, multaTexto, nomeContrato } from '../textos';

interface CancelamentoValues {
  data: string | null;
  motivo: string;
}

const paraStatus = ({ data, motivo }: CancelamentoValues) => ({
  situacao: 'Cancelado' as const,
  motivo: motivo.trim(),
  data: data ?? '',
});

const resolver = resolverDeErros<CancelamentoValues>((values) => {
  const erros = errosDoSchema(contratoStatusSchema, paraStatus(values));
  if (!values.data) erros.data = 'Informe a data do cancelamento';
  return erros;
});

/**
 * "Cancelar contrato": the day (today unless changed) and the reason, and before confirming the
 * fidelidade fee a cancellation on that day charges, as the server computes it
 * (GET …/cancelamento?data=). The contract is cancelled for good.
 */
export function CancelarContratoModal({
  contrato,
  opened,
  onClose,
}: {
  contrato: Contrato;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${T.cancelarContrato}: ${nomeContrato(contrato.numero)}`}
      centered
    >
      {opened && <CancelarForm contrato={contrato} onClose={onClose} />}
    </Modal>
  );
}

/** The fee of a cancellation on `data`, or why it is not known yet. */
function Multa({
  dia,
  previa,
}: {
  dia: string | null;
  previa: ReturnType<typeof useCancelamentoPrevia>;
}) {
  if (!dia) return null;
  if (previa.isError) {
    return (
      <Alert color="red" variant="light" data-testid="cancelamento-multa">
        {errorText(T.erroMulta, previa.error)}
      </Alert>
    );
  }
  if (!previa.data) {
    return (
      <Group gap="xs" data-testid="cancelamento-calculando">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {T.calculandoMulta}
        </Text>
      </Group>
    );
  }
  return (
    <Alert
      color={previa.data.multa > 0 ? 'yellow' : 'gray'}
      variant="light"
      data-testid="cancelamento-multa"
    >
      {multaTexto(previa.data)}
    </Alert>
  );
}

function CancelarForm({ contrato, onClose }: { contrato: Contrato; onClose: () => void }) {
  const mudar = useMudarSituacaoContrato();
  const chaveDe = useChavePorCorpo();
  const methods = useForm<CancelamentoValues>({
    resolver,
    defaultValues: { data: todayISO(), motivo: '' },
  });
  const data = useWatch({ control: methods.control, name: 'data' });
  const dia = data && isISODate(data) ? data : null;
  // The fee must be on screen, for the day chosen, before the cancellation can be confirmed.
  const previa = useCancelamentoPrevia(contrato.id, dia);
  const multaConhecida = dia !== null && previa.data !== undefined;

  async function onValid(values: CancelamentoValues) {
    const corpo = paraStatus(values);
    try {
      await mudar.mutateAsync({ id: contrato.id, ...corpo, idempotencyKey: chaveDe(corpo) });
      notifySuccess(T.cancelado);
      onClose();
    } catch (error) {
      console.error(T.erroSituacao, error);
      applyServerFieldErrors(error, methods.setError);
      notifyError(errorText(T.erroSituacao, error));
    }
  }

  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={methods.handleSubmit(onValid)} data-testid="cancelar-contrato">
        <Stack gap="md">
          <Text size="sm">
            O contrato deixa de faturar e não pode ser reativado. As faturas já emitidas continuam
            no Financeiro.
          </Text>
          <DateField name="data" label={T.dataCancelamento} required />
          <Multa dia={dia} previa={previa} />
          <TextAreaField
            name="motivo"
            label={T.motivo}
            required
            minRows={2}
            maxLength={500}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Voltar
            </Button>
            <SaveButton
              color="red"
              saving={mudar.isPending}
              savingLabel="Cancelando..."
              disabled={mudar.isPending || !multaConhecida}
            >
              {T.cancelarContrato}
            </SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
