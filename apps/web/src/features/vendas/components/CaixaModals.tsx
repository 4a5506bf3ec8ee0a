import { Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  CAIXA_MESSAGES,
  caixaAberturaSchema,
  caixaMovimentoInputSchema,
  FORMAS_CAIXA,
  type Caixa,
  type CaixaAbertura,
  type CaixaMovimentoInput,
  type TipoMovimentoCaixa,
} from '@prumo/shared/caixas';
import { formatMoney, fromCentavos, toCentavos } from '@prumo/shared/money';
import { formaPagamentoLabel, type FormaPagamento } from '@prumo/shared/vendas';
import { useAbrirCaixa, useFecharCaixa, useMovimentoCaixa } from '../../../api/caixas';
import { MoneyField, TextAreaField, TextField } from '../../../components/form/fields';
import { FormModal, ModalFormActions } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { SaveButton } from '../../../components/form/SaveButton';
import { MoneyInput } from '../../../components/inputs/DecimalInput';
import { newIdempotencyKey } from '../../../lib/api-client';
import { CAIXA_TEXTOS } from '../texts';

/** Counted − expected, exact to the centavo (positive: more in the drawer than expected). */
export const diferencaCaixa = (contado: number, esperado: number) =>
  fromCentavos(toCentavos(contado) - toCentavos(esperado));

/** The difference in colour: red short, blue over, green exact. */
export function Diferenca({ valor }: { valor: number }) {
  const cor = valor < 0 ? 'red.7' : valor > 0 ? 'blue.7' : 'teal.7';
  return (
    <Text fz="inherit" fw={600} c={cor} span>
      {valor > 0 ? '+' : ''}
      {formatMoney(valor)}
    </Text>
  );
}

/** "Abrir Caixa": the fundo de troco (the cash the drawer starts with) and notes. */
export function AbrirCaixaModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={CAIXA_MESSAGES.abrir}>
      <AbrirCaixaForm onClose={onClose} />
    </FormModal>
  );
}

function AbrirCaixaForm({ onClose }: { onClose: () => void }) {
  const abrir = useAbrirCaixa();
  const form = useForm<
    { valor_inicial: number; observacoes?: string | null },
    unknown,
    CaixaAbertura
  >({
    resolver: zodResolver(caixaAberturaSchema),
    defaultValues: { valor_inicial: 0, observacoes: '' },
  });
  async function onValid(dados: CaixaAbertura) {
    const saved = await saveWithFeedback(
      () => abrir.mutateAsync(dados),
      { success: CAIXA_MESSAGES.abertoSucesso, failure: CAIXA_TEXTOS.erroAbrir },
      form.setError,
    );
    if (saved) onClose();
  }
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Stack>
          <MoneyField
            name="valor_inicial"
            label={CAIXA_TEXTOS.fundoTroco}
            required
            data-autofocus
          />
          <TextAreaField name="observacoes" label="Observações" minRows={2} maxLength={500} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <SaveButton saving={form.formState.isSubmitting}>{CAIXA_MESSAGES.abrir}</SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** "Sangria" (cash taken out) or "Suprimento" (cash put in), with its reason. */
export function MovimentoCaixaModal({
  caixaId,
  tipo,
  onClose,
}: {
  caixaId: number;
  tipo: TipoMovimentoCaixa | null;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={tipo !== null}
      onClose={onClose}
      title={tipo === 'sangria' ? CAIXA_MESSAGES.sangria : CAIXA_MESSAGES.suprimento}
    >
      {tipo && <MovimentoForm key={tipo} caixaId={caixaId} tipo={tipo} onClose={onClose} />}
    </FormModal>
  );
}

function MovimentoForm({
  caixaId,
  tipo,
  onClose,
}: {
  caixaId: number;
  tipo: TipoMovimentoCaixa;
  onClose: () => void;
}) {
  const movimento = useMovimentoCaixa();
  // One key per opened form: a retry after a lost answer is not recorded twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<
    { tipo: TipoMovimentoCaixa; valor: number; motivo: string },
    unknown,
    CaixaMovimentoInput
  >({
    resolver: zodResolver(caixaMovimentoInputSchema),
    defaultValues: { tipo, motivo: '' },
  });
  async function onValid(dados: CaixaMovimentoInput) {
    const saved = await saveWithFeedback(
      () => movimento.mutateAsync({ id: caixaId, dados, idempotencyKey }),
      { success: CAIXA_MESSAGES.movimentoSucesso, failure: CAIXA_TEXTOS.erroMovimento },
      form.setError,
    );
    if (saved) onClose();
  }
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <Stack>
          <MoneyField name="valor" label="Valor" required data-autofocus />
          <TextField name="motivo" label="Motivo" required maxLength={200} />
          <ModalFormActions onCancel={onClose} saving={form.formState.isSubmitting} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * "Fechar Caixa": per payment method what is expected in the drawer, an input for what was
 * counted, and the difference as it is typed.
 */
export function FecharCaixaModal({
  caixa,
  opened,
  onClose,
  onFechado,
}: {
  caixa: Caixa;
  opened: boolean;
  onClose: () => void;
  onFechado: (caixa: Caixa) => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={CAIXA_MESSAGES.fechar}>
      <FecharForm caixa={caixa} onClose={onClose} onFechado={onFechado} />
    </FormModal>
  );
}

function FecharForm({
  caixa,
  onClose,
  onFechado,
}: {
  caixa: Caixa;
  onClose: () => void;
  onFechado: (caixa: Caixa) => void;
}) {
  const fechar = useFecharCaixa();
  const [contado, setContado] = useState<Partial<Record<FormaPagamento, number | null>>>({});
  const [observacoes, setObservacoes] = useState('');
  const [saving, setSaving] = useState(false);
  const esperado = (forma: FormaPagamento) =>
    caixa.formas.find((linha) => linha.forma === forma)?.esperado ?? 0;

  async function confirmar() {
    setSaving(true);
    const valores = Object.fromEntries(FORMAS_CAIXA.map((forma) => [forma, contado[forma] ?? 0]));
    const resultado: { caixa?: Caixa } = {};
    await saveWithFeedback(
      async () => {
        resultado.caixa = await fechar.mutateAsync({
          id: caixa.id,
          dados: { contado: valores, observacoes: observacoes.trim() || null },
        });
      },
      { success: CAIXA_MESSAGES.fechadoSucesso, failure: CAIXA_TEXTOS.erroFechar },
    );
    setSaving(false);
    if (resultado.caixa) onFechado(resultado.caixa);
  }

  return (
    <Stack>
      <Table withTableBorder data-testid="fechamento-formas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Forma</Table.Th>
            <Table.Th ta="right">Esperado</Table.Th>
            <Table.Th>Contado</Table.Th>
            <Table.Th ta="right">Diferença</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {FORMAS_CAIXA.map((forma, index) => (
            <Table.Tr key={forma}>
              <Table.Td>{formaPagamentoLabel(forma)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(esperado(forma))}
              </Table.Td>
              <Table.Td>
                <MoneyInput
                  aria-label={`Contado em ${formaPagamentoLabel(forma)}`}
                  size="xs"
                  w={120}
                  placeholder="R$ 0,00"
                  data-autofocus={index === 0 || undefined}
                  value={contado[forma] ?? null}
                  onValueChange={(valor) => setContado((atual) => ({ ...atual, [forma]: valor }))}
                />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Diferenca valor={diferencaCaixa(contado[forma] ?? 0, esperado(forma))} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Textarea
        label="Observações"
        autosize
        minRows={2}
        maxLength={500}
        value={observacoes}
        onChange={(event) => setObservacoes(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button color="red" loading={saving} onClick={() => void confirmar()}>
          {CAIXA_MESSAGES.fechar}
        </Button>
      </Group>
    </Stack>
  );
}
