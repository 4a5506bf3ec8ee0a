import { Alert, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { todayISO } from '@prumo/shared/dates';
import {
  amortizacaoDaBaixa,
  baixaInputSchema,
  FINANCEIRO_MESSAGES,
  type BaixaInput,
} from '@prumo/shared/financeiro';
import { formatMoney, fromCentavos, toCentavos } from '@prumo/shared/money';
import { useContas, useRegistrarBaixa } from '../../../api/financeiro';
import { DateField, MoneyField, SelectField, TextField } from '../../../components/form/fields';
import { ModalFormActions } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errosDoSchema, resolverDeErros } from '../../../lib/form-errors';

/** The installment being settled. */
export interface ParcelaABaixar {
  id: number;
  numero: number;
  total_parcelas: number;
  descricao: string;
  saldo: number;
}

export interface BaixaFormValues {
  data: string | null;
  conta_id: number | null;
  valor: number | null;
  juros: number | null;
  multa: number | null;
  desconto: number | null;
  observacao: string;
}

export function novaBaixaValues(saldo: number, contaId: number | null): BaixaFormValues {
  return {
    data: todayISO(),
    conta_id: contaId,
    valor: saldo,
    juros: null,
    multa: null,
    desconto: null,
    observacao: '',
  };
}

/** What is sent: POST /api/financeiro/parcelas/{id}/baixas. */
export function baixaParaInput(values: BaixaFormValues): BaixaInput {
  return {
    data: values.data,
    conta_id: values.conta_id as number,
    valor: values.valor as number,
    juros: values.juros ?? 0,
    multa: values.multa ?? 0,
    desconto: values.desconto ?? 0,
    observacao: values.observacao.trim() || null,
  };
}

/** How much of the installment the settlement pays off, or why it cannot. */
export function amortizacaoDoForm(saldo: number, values: BaixaFormValues) {
  return amortizacaoDaBaixa(saldo, {
    valor: values.valor ?? 0,
    juros: values.juros ?? 0,
    multa: values.multa ?? 0,
    desconto: values.desconto ?? 0,
  });
}

function errosDaBaixa(saldo: number, values: BaixaFormValues): Record<string, string> {
  const erros = errosDoSchema(baixaInputSchema, baixaParaInput(values));
  const resultado = amortizacaoDoForm(saldo, values);
  if ('erro' in resultado) erros[resultado.campo] ??= resultado.erro;
  return erros;
}

/** The live line under the amounts: what is paid off and what is left, or the refusal. */
function Amortizacao({ saldo }: { saldo: number }) {
  const values = useWatch<BaixaFormValues>() as BaixaFormValues;
  const resultado = amortizacaoDoForm(saldo, values);
  if ('erro' in resultado) {
    return (
      <Alert color="red" variant="light" p="xs" data-testid="baixa-amortizacao">
        {resultado.erro}
      </Alert>
    );
  }
  const resta = fromCentavos(toCentavos(saldo) - toCentavos(resultado.amortizado));
  return (
    <Alert color={resta === 0 ? 'teal' : 'blue'} variant="light" p="xs">
      <Text size="sm" data-testid="baixa-amortizacao">
        Amortiza <b>{formatMoney(resultado.amortizado)}</b> da parcela ·{' '}
        {resta === 0 ? 'a parcela fica paga' : `restam ${formatMoney(resta)}`}
      </Text>
    </Alert>
  );
}

function BaixaForm({ parcela, onClose }: { parcela: ParcelaABaixar; onClose: () => void }) {
  const contas = useContas();
  const ativas = (contas.data ?? []).filter((c) => c.ativo);
  const registrar = useRegistrarBaixa();
  const idempotencyKey = useRef(newIdempotencyKey());
  const methods = useForm<BaixaFormValues>({
    values: novaBaixaValues(parcela.saldo, ativas[0]?.id ?? null),
    resetOptions: { keepDirtyValues: true },
    resolver: resolverDeErros((values) => errosDaBaixa(parcela.saldo, values)),
  });

  async function gravar(values: BaixaFormValues) {
    const ok = await saveWithFeedback(
      () =>
        registrar.mutateAsync({
          parcelaId: parcela.id,
          dados: baixaParaInput(values),
          idempotencyKey: idempotencyKey.current,
        }),
      { success: FINANCEIRO_MESSAGES.baixaRegistrada, failure: FINANCEIRO_MESSAGES.erroSalvar },
      methods.setError,
    );
    if (ok) onClose();
  }

  return (
    <FormProvider {...methods}>
      <form
        noValidate
        data-testid="baixa-form"
        onSubmit={(event) => void methods.handleSubmit(gravar)(event)}
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {parcela.descricao} · parcela {parcela.numero}/{parcela.total_parcelas}
            </Text>
            <Text size="sm">
              Saldo: <b>{formatMoney(parcela.saldo)}</b>
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateField name="data" label="Data" required />
            <SelectField
              name="conta_id"
              label="Conta"
              required
              options={ativas.map((c) => ({ value: c.id, label: c.nome }))}
            />
          </SimpleGrid>
          <MoneyField name="valor" label="Valor pago" required data-autofocus />
          <SimpleGrid cols={3}>
            <MoneyField name="juros" label="Juros" placeholder="R$ 0,00" />
            <MoneyField name="multa" label="Multa" placeholder="R$ 0,00" />
            <MoneyField name="desconto" label="Desconto" placeholder="R$ 0,00" />
          </SimpleGrid>
          <Amortizacao saldo={parcela.saldo} />
          <TextField name="observacao" label="Observação" maxLength={200} />
          <ModalFormActions onCancel={onClose} saving={registrar.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/** "Registrar baixa": date, account, amount (the balance), interest, fine and discount. */
export function BaixaModal({
  parcela,
  onClose,
}: {
  parcela: ParcelaABaixar | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={parcela !== null}
      onClose={onClose}
      title={FINANCEIRO_MESSAGES.baixar}
      size={520}
      centered
    >
      {parcela && <BaixaForm parcela={parcela} onClose={onClose} />}
    </Modal>
  );
}
