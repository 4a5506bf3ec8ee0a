import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  diasEntre,
  locacaoStatusSchema,
  multaDeAtraso,
  type Locacao,
  type LocacaoStatusInput,
} from '@prumo/shared/contratos';
import { isISODate, todayISO } from '@prumo/shared/dates';
import { formatMoney, fromCentavos, toCentavos } from '@prumo/shared/money';
import { useMudarSituacaoLocacao } from '../../../../api/locacoes';
import { DateField, MoneyField, TextAreaField } from '../../../../components/form/fields';
import { SaveButton } from '../../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../../components/notify';
import { errorText } from '../../../../lib/error-text';
import {
  applyServerFieldErrors,
  errosDoSchema,
  resolverDeErros,
} from '../../../../lib/form-errors';
import { useChavePorCorpo } from '../../../../lib/idempotency';
import { diasTexto, LOCACAO_TEXTOS as T, nomeLocacao } from '../textos';

export type Movimento = 'Retirada' | 'Devolvida' | 'Cancelada';

interface MovimentoValues {
  data: string | null;
  danos: number | null;
  motivo: string;
}

const paraStatus = (situacao: Movimento, v: MovimentoValues): LocacaoStatusInput =>
  situacao === 'Cancelada'
    ? { situacao, motivo: v.motivo.trim() }
    : situacao === 'Retirada'
      ? { situacao, data: v.data ?? '' }
      : { situacao, data: v.data ?? '', danos: v.danos ?? 0 };

const TITULOS: Record<Movimento, string> = {
  Retirada: T.retirar,
  Devolvida: T.devolver,
  Cancelada: T.cancelar,
};
const SUCESSO: Record<Movimento, string> = {
  Retirada: T.retirada,
  Devolvida: T.devolvida,
  Cancelada: T.cancelada,
};

/** What the check-in charges on that day: the late days at the day rates, the caução back. */
function Previa({ locacao }: { locacao: Locacao }) {
  const [data, danos] = useWatch<MovimentoValues, ['data', 'danos']>({ name: ['data', 'danos'] });
  if (!data || !isISODate(data)) return null;
  const atraso = Math.max(0, diasEntre(locacao.devolucao_prevista, data));
  const multa = locacao.itens.reduce(
    (soma, i) => soma + multaDeAtraso(atraso, toCentavos(i.preco_diaria), i.quantidade),
    0,
  );
  const caucao = toCentavos(locacao.caucao);
  const descontado = toCentavos(danos ?? 0);
  return (
    <Alert color={atraso > 0 ? 'orange' : 'blue'} variant="light" data-testid="devolucao-previa">
      <Stack gap={2}>
        <Text size="sm">
          {atraso > 0
            ? `Atraso de ${diasTexto(atraso)}: ${formatMoney(fromCentavos(multa))}`
            : 'Sem atraso'}
        </Text>
        <Text size="sm">
          Caução a devolver: {formatMoney(fromCentavos(Math.max(0, caucao - descontado)))}
        </Text>
        {descontado > caucao && (
          <Text size="sm">
            Danos além da caução: {formatMoney(fromCentavos(descontado - caucao))}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function MovimentoForm({
  locacao,
  situacao,
  onClose,
}: {
  locacao: Locacao;
  situacao: Movimento;
  onClose: () => void;
}) {
  const mudar = useMudarSituacaoLocacao();
  const chaveDe = useChavePorCorpo();
  const methods = useForm<MovimentoValues>({
    defaultValues: { data: todayISO(), danos: 0, motivo: '' },
    resolver: resolverDeErros<MovimentoValues>((v) =>
      errosDoSchema(locacaoStatusSchema, paraStatus(situacao, v)),
    ),
  });

  async function gravar(values: MovimentoValues) {
    const body = paraStatus(situacao, values);
    try {
      await mudar.mutateAsync({ id: locacao.id, ...body, idempotencyKey: chaveDe(body) });
      notifySuccess(SUCESSO[situacao]);
      onClose();
    } catch (error) {
      console.error(T.erroSituacao, error);
      applyServerFieldErrors(error, methods.setError);
      notifyError(errorText(T.erroSituacao, error));
    }
  }

  return (
    <FormProvider {...methods}>
      <form
        noValidate
        onSubmit={(event) => void methods.handleSubmit(gravar)(event)}
        data-testid="locacao-movimento-form"
      >
        <Stack gap="md">
          {situacao === 'Retirada' && (
            <Text size="sm">
              As unidades saem do estoque; o aluguel do período ({formatMoney(locacao.valor)})
              {locacao.caucao > 0 && ` e a caução (${formatMoney(locacao.caucao)})`} vão para o
              Contas a Receber.
            </Text>
          )}
          {situacao !== 'Cancelada' && <DateField name="data" label="Data" required />}
          {situacao === 'Devolvida' && (
            <>
              <MoneyField
                name="danos"
                label="Danos"
                description="Descontados da caução; o que passar dela é cobrado do cliente"
              />
              <Previa locacao={locacao} />
            </>
          )}
          {situacao === 'Cancelada' && (
            <TextAreaField name="motivo" label={T.motivo} required autosize minRows={2} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Voltar
            </Button>
            <SaveButton saving={mudar.isPending}>{TITULOS[situacao]}</SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** Check-out, check-in (with the late fee and the caução shown before confirming) or cancel. */
export function SituacaoLocacaoModal({
  locacao,
  situacao,
  onClose,
}: {
  locacao: Locacao;
  situacao: Movimento | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={situacao !== null}
      onClose={onClose}
      title={situacao ? `${TITULOS[situacao]}: ${nomeLocacao(locacao.numero)}` : ''}
      centered
    >
      {situacao && <MovimentoForm locacao={locacao} situacao={situacao} onClose={onClose} />}
    </Modal>
  );
}
