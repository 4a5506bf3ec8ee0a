import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FormProvider, useForm } from 'react-hook-form';
import type { Contrato } from '@prumo/shared/contratos';
import { todayISO } from '@prumo/shared/dates';
import { useNovoPrecoContrato } from '../../../api/contratos';
import { DateField } from '../../../components/form/fields';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, resolverDeErros } from '../../../lib/form-errors';
import { useChavePorCorpo } from '../../../lib/idempotency';
import {
  errosDoNovoPreco,
  itemParaForm,
  novoPrecoParaInput,
  type NovoPrecoValues,
} from '../form-values';
import { CONTRATO_TEXTOS as T, nomeContrato } from '../textos';
import { ItensFields } from './ItensFields';

const resolver = resolverDeErros<NovoPrecoValues>(errosDoNovoPreco);

/**
 * "Novo preço": the services and their prices from a day on (the next billing day unless
 * changed); the current ones end the day before and stay in the price history.
 */
export function NovoPrecoModal({
  contrato,
  opened,
  onClose,
}: {
  contrato: Contrato;
  opened: boolean;
  onClose: () => void;
}) {
  const telaPequena = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${T.novoPreco}: ${nomeContrato(contrato.numero)}`}
      size="xl"
      fullScreen={telaPequena}
      centered
    >
      {opened && <NovoPrecoForm contrato={contrato} onClose={onClose} />}
    </Modal>
  );
}

function NovoPrecoForm({ contrato, onClose }: { contrato: Contrato; onClose: () => void }) {
  const salvar = useNovoPrecoContrato();
  const chaveDe = useChavePorCorpo();
  const methods = useForm<NovoPrecoValues>({
    resolver,
    defaultValues: {
      vigente_de: contrato.proximo_faturamento ?? todayISO(),
      itens: contrato.itens.map(itemParaForm),
    },
  });

  async function onValid(values: NovoPrecoValues) {
    try {
      const dados = novoPrecoParaInput(values);
      await salvar.mutateAsync({ id: contrato.id, dados, idempotencyKey: chaveDe(dados) });
      notifySuccess(T.novoPrecoSalvo);
      onClose();
    } catch (error) {
      console.error(T.erroNovoPreco, error);
      applyServerFieldErrors(error, methods.setError);
      notifyError(errorText(T.erroNovoPreco, error));
    }
  }

  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={methods.handleSubmit(onValid)} data-testid="novo-preco-form">
        <Stack gap="md">
          <DateField
            name="vigente_de"
            label="Vale a partir de"
            required
            livre
            description={T.novoPrecoDica}
          />
          <ItensFields />
          <Text size="xs" c="dimmed">
            O valor de cada serviço é o de um ciclo.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <SaveButton saving={salvar.isPending}>Salvar novo preço</SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
